#pragma once
// `arbiter report epd --run ID`: an EPD run's answers position by position (expected bm/am, the
// engine's move, solved, depth, nodes and time when stored), after a summary per engine and suite.
// `--against ID2`: two EPD runs side by side: their solved counts on the suites both ran, and the
// positions one solved and the other did not, matched by suite and position id. A position counts
// as solved by a run when its engine solved it (any of them, for a run of several engines).

#include <cstdint>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// Engine, Suite, Answered, Solved, Solved % (the run report of an EPD run shows it too).
Section epd_summary_section(db::Database& database, std::int64_t run_id);

// Throws std::runtime_error when the run does not exist or is not an EPD run.
Report build_epd_report(db::Database& database, std::int64_t run_id);

// Throws std::runtime_error when a run does not exist, is not an EPD run, or the two share no suite.
Report build_epd_diff_report(db::Database& database, std::int64_t run_a, std::int64_t run_b);

}  // namespace arbiter::reports
