#pragma once
// arbiter baseline (current | list | record) --db FILE [--name NAME] [--commit SHA --engine NAME --run ID]
// The nightly's memory of its last good build (db::BaselineStore). Exit: 0 done (also when there
// is no database or no baseline yet: the message says so on stderr), 1 the database failed, 2 bad
// flags or a record the database refuses (an unknown engine or run).

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_baseline_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
