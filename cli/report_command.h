#pragma once
// `arbiter report features|commits|run|opponents|spsa --db FILE [--format md|html|csv|json] [--out FILE] ...`
// and `arbiter report bisect --db FILE [--bisection ID] [--format text|md|html] [--out FILE]`.
// Reads the database only (opened read-only). Exit: 0 written, 1 database or data problem
// (message names the file), 2 bad flags. spsa and bisect: 2 also for a database not usable as
// given or without the run or bisection asked for.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_report_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
