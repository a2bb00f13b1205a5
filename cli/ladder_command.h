#pragma once
// `arbiter ladder CONFIG [--db FILE] [--shard K/N] [--smoke] [--tc-scale F] [--games N] [--tempo PATH]
//                 [--concurrency N] [--verbose] [--record-plan]`
// Exit: 0 complete, 1 a run failed or was interrupted (re-run to resume), 2 bad input.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_ladder_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
