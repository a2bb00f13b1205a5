#pragma once
// `arbiter [match] FLAGS...`: the cutechess-cli / fastchess compatible match runner.
//
// `args` are the words after `arbiter` or `arbiter match`. Prints games and progress on `out`,
// problems on `err`. Returns 0 when the run completed (or an SPRT reached a decision), 1 when the
// run failed or was interrupted (and for SPRT H0 with --fail-on-h0), 2 for bad input (the message
// names the flag, file or line).
//
// SIGINT/SIGTERM/SIGHUP during the call stop the run cleanly: games in flight are abandoned and not
// counted, finished games are already stored, and a re-run of the same command resumes.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::scheduler {

int run_match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The usage text (`arbiter match --help`).
std::string match_usage();

}  // namespace arbiter::scheduler

// The lead's dispatcher calls the command by this name.
using arbiter::scheduler::run_match_command;
