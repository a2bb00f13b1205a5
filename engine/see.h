// Static exchange evaluation: the material outcome of the capture sequence on one square,
// both sides always recapturing with their least valuable attacker (and free to stop).
#pragma once

#include "engine/chess/position.h"

namespace tempo {

// Piece values used by SEE and MVV-LVA ordering (centipawns; king effectively infinite).
int see_piece_value(chess::PieceType type);

// Material gained by `move` (pseudo-legal) after the best exchange sequence on its target square.
int see(const chess::Position& pos, chess::Move move);

// True iff see(pos, move) >= threshold (cheap early exits for the common cases).
bool see_at_least(const chess::Position& pos, chess::Move move, int threshold);

}  // namespace tempo
