#pragma once
// A hand-built SPSA run for the report tests and the Chromium check: an int parameter walking down
// from a mis-set start, a float one converging, and an int one running into its upper bound.

#include "reports/spsa_report.h"

namespace arbiter::testing {

inline reports::SpsaReportModel sample_spsa_run() {
    reports::SpsaReportModel run;
    run.run_name = "recovery";
    run.engine = "tempo";
    run.limits = "nodes=20000";
    run.iterations_planned = 10;
    run.iterations_done = 4;
    run.pairs_per_iteration = 6;
    run.games = 48;
    run.plus = {20, 10, 18};
    run.alpha = 0.602;
    run.gamma = 0.101;
    run.A = 1;
    run.wall_seconds = 5400;
    run.params = {
        {"FutilityMargin1", true, 400, 0, 600, 20, 0.002, {380.4, 351.6, 322.5, 322.7}},
        {"LmrDivisor", false, 6.0, 1.0, 8.0, 0.25, 0.002, {5.71, 5.402, 5.1, 5.0123456789}},
        {"LateMoveQuietLimit1", true, 10, 2, 20, 1, 0.002, {15, 18.6, 19.2, 20}},
    };
    return run;
}

}  // namespace arbiter::testing
