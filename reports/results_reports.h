#pragma once
// `arbiter report run --run ID`: a run's limit and SPRT bounds, its progress (games stored of planned,
// when the config says), W/D/L, pentanomial counts, Elo ± and LOS per pairing, the LLR when the run
// has an SPRT, the Elo over games as a chart for a run of one pairing (with the LLR's for an SPRT),
// each engine's commit and settings (reports/run_engines.h), forfeits and terminations
// (reports/run_terminations.h), a page of its games (reports/run_games.h) and the command that
// resumes it (reports/run_reproduce.h).
// `arbiter report opponents --engine NAME`: the engine's results against each opponent over the
// whole database, with pentanomial counts and Elo ±.

#include <cstdint>
#include <string>

#include "db/database.h"
#include "reports/report_model.h"
#include "reports/run_games.h"

namespace arbiter::reports {

struct RunReportOptions {
    GamesPage games;  // the page of games listed, newest first
    std::string now;  // ISO-8601 UTC for the status rule (reports/run_status.h); empty: the clock
};

// Throws std::runtime_error when the run does not exist.
Report build_run_report(db::Database& database, std::int64_t run_id, const RunReportOptions& options = {});
Report build_opponents_report(db::Database& database, const std::string& engine);

}  // namespace arbiter::reports
