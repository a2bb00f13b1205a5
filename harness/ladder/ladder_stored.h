#pragma once
// Internal to arbiter_ladder: what the database holds of a ladder, as the runner decides from it
// (ladder_allocation.h: every decision is read from the stored games, so that resumes, shards and
// merged databases decide alike), and the figures it prints when it stops.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "db/database.h"
#include "harness/ladder/ladder_allocation.h"
#include "harness/ladder/ladder_plan.h"
#include "harness/ladder/ladder_runner.h"
#include "harness/stats/ladder_fit.h"

namespace arbiter::ladder::detail {

// The steps' engine names, in ladder order.
std::vector<std::string> step_players(const LadderPlan& plan);

// The joint fit of every stored game of the ladder, the plan's anchors fixed.
stats::LadderFit stored_ladder_fit(const LadderPlan& plan, db::Database& database);

// The ladder's newest game run whose engines are exactly `engines` (a pool run: the step, then the
// opponent); with one name, the newest whose first engine it is (a step's gauntlet).
std::optional<std::int64_t> newest_run_of(db::Database& database, const std::string& ladder,
                                          const std::vector<std::string>& engines);

// Games of every game run of the ladder whose first engine is `player`.
std::int64_t step_games_stored(db::Database& database, const std::string& ladder, const std::string& player);

// Games played at once: --concurrency, else the machine's cores.
int worker_count(const RunnerOptions& options);

// Two lines: the information efficiency of the stored games and the correlation of adjacent
// improvements (harness/stats/ladder_efficiency.h); nothing when the fit has no table.
void print_information(const stats::LadderFit& fit, const std::vector<std::string>& steps, std::ostream& out);

}  // namespace arbiter::ladder::detail
