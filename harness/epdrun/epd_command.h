#pragma once
// Entry points of `arbiter epd` and `arbiter ttd`, called by the arbiter dispatcher (harness/cli).
// `args` exclude the subcommand word. Return 0 when everything ran, 1 on an engine or database
// failure, 2 on bad input (the message names the flag, or the file and line), and for `epd` with
// --max-drop, 3 when the score fell by more than allowed against the previous scored commit.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::epdrun {

// arbiter epd --engine SPEC [--suite FILE] (--movetime MS | --nodes N | --depth D)
//             [--concurrency N] [--db FILE] [--json] [--first N] [--engine-name NAME]
//             [--git-commit SHA] [--timeout MS] [--compare-previous] [--max-drop K]
int run_epd_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// arbiter ttd --engine SPEC --engine SPEC [...] --positions FILE --depth D [--json] [--timeout MS]
int run_ttd_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Exit codes shared by both commands.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitRegression = 3;

}  // namespace arbiter::epdrun
