#pragma once
// `arbiter stats`: Elo, LOS, draw ratio, nElo and optionally SPRT for given counts.
//
//   arbiter stats (--wdl W D L | --penta LL LD DD WD WW)
//                 [--sprt ELO0 ELO1 ALPHA BETA] [--model logistic|normalized] [--json]
//
// `args` are the words after "stats" (a leading "stats" is skipped too). DD is the DD+WL count.
// --model defaults to logistic and has no effect without --sprt.
// With --json one object is printed with exactly the keys elo, elo_error (half-width of the 95%
// interval), los (0..1), draw_ratio (0..1) and nelo (null when undefined), plus llr, lower_bound,
// upper_bound and decision ("H0", "H1" or "continue") with --sprt. Without --json a report in
// fastchess's layout is printed.
// Returns 0 on success, 2 for bad or missing flags and values (the message names the flag, on
// `err`), 1 when the numbers cannot be computed (e.g. an unreachable normalized hypothesis).

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::stats {

int run_stats_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::stats
