#pragma once
// arbiter build --rev REV [--repo DIR] [--cache DIR] [--jobs N] [--recipe ...] [--bench] [--no-verify-bench]
// Prints the absolute path of the tempo binary on stdout (and nothing else), progress on stderr.
// Exit: 0 built or cached, 1 the build failed (the message names its log), 2 bad input.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_build_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
