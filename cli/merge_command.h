#pragma once
// `arbiter merge [--no-db-check] OUT.db IN.db...`: combines shard databases with db::merge().
// Returns 0 merged, 1 merge refused (overlaps) or failed, 2 a usage error or an input or output that
// is not usable as given (missing, not an arbiter database, damaged, other schema version).

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
