// Quiescence resolution (as in the Texel method): the tuner scores the position at the end of
// the capture sequence the quiescence search expects, so a hanging piece is not mistaken for
// an eval term. The tuner then evaluates that quiet leaf statically.
#pragma once

#include <optional>

#include "engine/chess/position.h"
#include "engine/features.h"

namespace tempo::tune {

// The leaf of the quiescence principal variation from `pos`, searched with the eval that
// `features` selects. nullopt when the line ends in mate or in check: no static eval applies.
std::optional<chess::Position> quiet_leaf(const chess::Position& pos, const FeatureSet& features);

}  // namespace tempo::tune
