// Eval terms that have files of their own; combined by eval.cpp. White-or-Black relative:
// each returns the score for `us`, positive when good for `us`.
#pragma once

#include "chess/position.h"
#include "eval_params.h"

namespace tempo::eval_terms {

// Passed, free passed, king-escorted and unstoppable passed pawns.
PhasedScore passed_pawns(const chess::Position& pos, chess::Color us, const EvalParams& params);

// Pawn shield in front of the king and semi-open files beside it (middlegame).
int king_shelter_mg(const chess::Position& pos, chess::Color us, const EvalParams& params);

// Squares the side `us` must defend around its king: the king's square and its neighbours.
chess::Bitboard king_zone(const chess::Position& pos, chess::Color us);

}  // namespace tempo::eval_terms
