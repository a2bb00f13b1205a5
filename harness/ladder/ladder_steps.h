#pragma once
// Internal to arbiter_ladder: what every way of running a ladder does to one step. A step's
// gauntlet is a scheduler run into the database (resumed when it exists), tagged with the ladder;
// its WAC run goes through `arbiter epd`; its measurements (ladder_measure.h) are runs of both kinds
// that the ladder links to the step instead of tagging. ladder_runner.cpp plays each gauntlet once (fixed counts),
// ladder_target.cpp in batches of pair ranges until a precision target is met.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "db/database.h"
#include "harness/config/match_config.h"
#include "harness/epdrun/epd_options.h"
#include "harness/ladder/ladder_plan.h"
#include "harness/ladder/ladder_runner.h"

namespace arbiter::ladder::detail {

struct StepContext {
    const LadderPlan& plan;
    const RunnerOptions& options;
    RunnerIo io;
    db::Database& database;
};

struct GauntletOutcome {
    int code = 0;  // 0 complete, 1 failed or interrupted, 2 bad configuration
    std::int64_t run_id = 0;
    std::int64_t games_played = 0;  // by this call
};

// Plays `match` (the step's gauntlet, step_match_config plus any pair range) as step `index`, after
// storing the step's row in ladder_steps; the run is then assigned to the ladder.
GauntletOutcome play_gauntlet(const StepContext& context, std::size_t index, config::MatchConfig match);

// Plays `match` for step `index` (resumed when its run exists) without making it one of the
// ladder's runs: a measurement (ladder_measure.h), which the ladder's fit must not see.
GauntletOutcome play_measurement_match(const StepContext& context, std::size_t index, config::MatchConfig match);

struct EpdOutcome {
    int code = 0;  // 0 answered, 1 failed, 2 bad input
    std::optional<std::int64_t> run_id;
    std::int64_t solved = 0, positions = 0;
};

// One `arbiter epd` run for step `index` (resumed when it exists), its failures told on the
// ladder's stderr under `what` ("WAC"), its warnings forwarded.
EpdOutcome play_epd(const StepContext& context, std::size_t index, const epdrun::EpdOptions& options,
                    const std::string& what);

// "24 games (+10 =8 -6)": the player's record in one run.
std::string record_text(db::Database& database, std::int64_t run_id, const std::string& player);

// The step's WAC run (resumed when it exists): 0 answered, 1 failed, 2 bad input.
int score_wac(const StepContext& context, std::size_t index);

bool stop_requested(const RunnerIo& io);

// Whether this process plays the steps' WAC runs and measurements: shard 1 of a sharded ladder, or
// an unsharded one. They are whole runs, not split by pairs, so one shard plays them for all.
bool plays_step_runs(const RunnerOptions& options);

}  // namespace arbiter::ladder::detail
