#pragma once
// Subcommands implemented in this folder: glue between the database, PGN and statistics parts.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

// arbiter ratings (--db FILE | --pgn FILE) [--anchor NAME=RATING ...] [--scale logistic|ordo]
//                 [--average R] [--run ID ...] [--ladder NAME] [--blocks] [--json]
int run_ratings_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// arbiter import FILE.pgn... --db FILE [--no-db-check]
int run_import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
