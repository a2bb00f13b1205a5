#pragma once
// `arbiter stats`: Elo, LOS, draw ratio, nElo and optionally SPRT for given counts.
//
//   arbiter stats (--wdl W D L | --penta LL LD DD WD WW)
//                 [--sprt ELO0 ELO1 ALPHA BETA] [--model logistic|normalized|bayesian] [--json]
//
// `args` are the words after "stats" (a leading "stats" is skipped too). DD is the DD+WL count.
// --model defaults to logistic and has no effect without --sprt. The output is
// stats::write_count_estimates's (harness/stats/count_estimates.h).
// Returns 0 on success, 2 for bad or missing flags and values (the message names the flag, on
// `err`), 1 when the numbers cannot be computed (e.g. an unreachable normalized hypothesis).

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_stats_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
