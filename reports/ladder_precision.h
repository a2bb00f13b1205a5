#pragma once
// The feature report's "Precision and cost" section: the precision target of an
// `arbiter ladder --target-error` run and whether the stored games meet it, the games each step's
// gauntlet took, and the CPU-hours, all from the database.
//
// CPU-hours. A game's cost is its stored duration (finished_at - started_at) times the cores it
// keeps busy: the larger `Threads` UCI option of its two engines (1 when unset). The engines move in
// turn and arbiter does not ponder, so a game never needs both engines' cores at once; this is how
// a concurrency of one game per core is counted. A step's games are those of its own gauntlet runs
// (its opponents and the previous step head to head). WAC answers count their stored search time
// times the engine's Threads.

#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "db/database.h"
#include "harness/stats/ladder_fit.h"
#include "reports/report_model.h"

namespace arbiter::reports {

struct LadderPrecisionInput {
    const nlohmann::json& plan;  // the ladder run's plan: "target" when the run had one
    const std::vector<db::LadderStepRecord>& steps;
    const std::vector<db::RunRecord>& runs;
    const stats::LadderFit& fit;
    const std::vector<stats::StepImprovement>& improvements;
};

Section precision_section(db::Database& database, const LadderPrecisionInput& input);

// The step index (into steps) whose gauntlet a run is: the run's first engine is the step's player.
std::optional<std::size_t> gauntlet_step(const db::RunRecord& run, const std::vector<db::LadderStepRecord>& steps);

}  // namespace arbiter::reports
