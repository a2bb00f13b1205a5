// Perft: count leaf nodes of the legal move tree (bulk-counted at the last ply).
#pragma once

#include <cstdint>
#include <ostream>

#include "engine/chess/position.h"

namespace chess {

// Leaves at depth `depth` (depth 0 -> 1). pos is restored on return.
std::uint64_t perft(Position& pos, int depth);

// Like Stockfish's "go perft": one "<uci move>: <count>" line per root move (chess960-aware
// notation), a blank line, "Nodes searched: <total>", a blank line. Returns the total.
std::uint64_t perft_divide(Position& pos, int depth, std::ostream& out);

}  // namespace chess
