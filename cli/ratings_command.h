#pragma once
// arbiter ratings (--db FILE | --pgn FILE) [--anchor NAME=RATING ...] [--scale logistic|ordo]
//                 [--average R] [--white-advantage E] [--run ID ...] [--ladder NAME] [--blocks] [--json]
// Ordo-style ratings of every player in a database or a PGN file. Exit: 0 printed, 1 no games or
// the run failed, 2 bad flags, a PGN error (file:line) or a database not usable as given.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_ratings_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
