// PGN games as labelled positions: the position before every move of every finished game.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "engine/tune/labelled_positions.h"

namespace tempo::tune {

// Reads every game of `in` (named `path` in errors). Games without a decisive or drawn result
// ('*') are skipped; a move that does not parse is an error naming path:line.
void read_pgn_positions(const std::string& path, std::istream& in, const ReadOptions& options,
                        std::vector<LabelledPosition>& out, ReadCounts& counts);

}  // namespace tempo::tune
