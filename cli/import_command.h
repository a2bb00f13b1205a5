#pragma once
// arbiter import FILE.pgn... --db FILE [--no-db-check]
// PGN from any runner into the database, one run per file. Exit: 0 imported, 1 the run failed,
// 2 bad flags, a PGN error (file:line) or a database not usable as given (nothing of it is written).

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
