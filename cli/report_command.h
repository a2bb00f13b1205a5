#pragma once
// `arbiter report features|commits|run|opponents|spsa --db FILE [--format md|html|csv|json] [--out FILE] ...`
// Reads the database only (opened read-only). Exit: 0 written, 1 database or data problem
// (message names the file), 2 bad flags.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_report_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
