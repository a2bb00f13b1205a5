#pragma once
// `arbiter [match] FLAGS...`: the cutechess-cli / fastchess compatible match runner.
//
// `args` are the words after `arbiter` or `arbiter match`; the flags are read by cli/match_flags.h
// and the run is runner::run_match's. Prints games and progress on `out`, problems on `err`.
// Returns 0 when the run completed (or an SPRT reached a decision), 1 when the run failed or was
// interrupted (and for SPRT H0 with --fail-on-h0), 2 for bad input (the message names the flag,
// file or line).

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The usage text (`arbiter match --help`).
std::string match_usage();

}  // namespace arbiter::cli
