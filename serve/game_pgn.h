#pragma once
// A stored game as PGN: the text the run stored with it, or, for a run that stored only its moves
// (a ladder's gauntlets keep no PGN text), a PGN written from those moves with their scores, depths
// and times, by the writer `arbiter match` uses for -pgnout.

#include <string>

#include "db/records.h"

namespace arbiter::serve {

std::string pgn_of_stored_game(const db::GameRecord& game);

}  // namespace arbiter::serve
