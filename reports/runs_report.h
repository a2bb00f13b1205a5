#pragma once
// `arbiter report runs`: every run in the database, a row each, live runs first (stored as running
// and not interrupted), then the others, newest first within each. Columns: Run (linked to
// "runs/<id>"), Kind, Status (reports/run_status.h: also "interrupted", "H1 accepted", "H0
// accepted"), Started, Engines, TC (the stored clock, else the config's limit), Games ("played/
// planned" when the config says how many), W-D-L (the first engine's for one pairing, else summed
// over the pairings, each from its first player), Elo ± (one pairing only), LLR (one-pairing SPRT
// runs: "2.96 (-2.94, 2.94)" with a meter between the bounds), Commits. Counted in SQL per run
// (GROUP BY over the run's index rows); no game is read whole. And the run `arbiter report run`
// shows when no --run is given: the latest.

#include <cstdint>
#include <string>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

struct RunsReportOptions {
    std::string now;  // ISO-8601 UTC, what "interrupted" is measured to; empty: the clock
};

// The run started last (the highest id among equal starts). Throws std::runtime_error naming the
// database when it holds no run.
std::int64_t latest_run_id(db::Database& database);

Report build_runs_report(db::Database& database, const RunsReportOptions& options = {});

}  // namespace arbiter::reports
