// Static evaluation, in centipawns from the side to move's point of view.
// Material + piece-square tables, extended by the eval feature switches.
#pragma once

#include "engine/chess/position.h"
#include "engine/features.h"

namespace tempo {

int evaluate(const chess::Position& pos, const FeatureSet& features);

// Pawnless endings in which the stronger side is not a rook's worth ahead (KQkq, KRkr, KRkb,
// KRBkr...) or has only knights (KNk, KNNk): practically drawn, scored as draws when the
// InsufficientMaterial feature is on.
bool is_drawish_pawnless(const chess::Position& pos);

// Non-pawn material of one side by the eval's middlegame values (null-move zugzwang guard).
int non_pawn_material(const chess::Position& pos, chess::Color side);

}  // namespace tempo
