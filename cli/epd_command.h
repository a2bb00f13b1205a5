#pragma once
// `arbiter epd` and `arbiter ttd`: their flags (cli/epd_flags.h), usage and exit codes around
// epdrun::run_epd and epdrun::run_ttd. `args` exclude the subcommand word.
//
// arbiter epd --engine SPEC [--suite FILE] (--movetime MS | --nodes N | --depth D)
//             [--concurrency N] [--db FILE] [--json] [--first N] [--engine-name NAME]
//             [--git-commit SHA] [--timeout MS] [--compare-previous] [--max-drop K] [--no-db-check]
// arbiter ttd --engine SPEC --engine SPEC [...] --positions FILE --depth D [--json] [--timeout MS]
//
// Exit: 0 when everything ran, 1 on an engine or database failure, 2 on bad input (the message
// names the flag, or the file and line, or a database not usable as given), and for `epd` with
// --max-drop, 3 (ExitStatus::regression) when the score fell by more than allowed against the
// previous scored commit.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_epd_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_ttd_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
