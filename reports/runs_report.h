#pragma once
// `arbiter report runs`: every run in the database, a row each: id, kind, status, start, engines,
// the commits build= engines resolved to, games stored and the SPRT's verdict. And the run
// `arbiter report run` shows when no --run is given: the latest.

#include <cstdint>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// The run started last (the highest id among equal starts). Throws std::runtime_error naming the
// database when it holds no run.
std::int64_t latest_run_id(db::Database& database);

Report build_runs_report(db::Database& database);

}  // namespace arbiter::reports
