#pragma once
// `arbiter spsa -engine ... [-each ...] [-openings ...] [-concurrency N] [--db FILE] --params FILE
//               [--iterations N] [--pairs-per-iteration K] [--alpha A] [--gamma G] [--A-ratio R] [--name NAME]`
// Exit: 0 every iteration played, 1 a game run failed or was interrupted (re-run to resume), 2 bad input.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_spsa_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
