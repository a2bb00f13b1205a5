#pragma once
// `arbiter report run --run ID`: a run's limit and SPRT bounds, its progress (games stored of planned,
// when the config says), W/D/L, pentanomial counts, Elo ± and LOS per pairing, the LLR when the run
// has an SPRT (with LLR and Elo over games as charts), and each engine's commit (reports/run_engines.h).
// `arbiter report opponents --engine NAME`: the engine's results against each opponent over the
// whole database, with pentanomial counts and Elo ±.

#include <cstdint>
#include <string>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// Throws std::runtime_error when the run does not exist.
Report build_run_report(db::Database& database, std::int64_t run_id);
Report build_opponents_report(db::Database& database, const std::string& engine);

}  // namespace arbiter::reports
