#pragma once
// Plays a planned ladder into a database: per step its gauntlet (a normal scheduler run, so resume
// and --shard behave as for `arbiter match`) and its WAC run (through `arbiter epd`), both tagged
// with the ladder's name, plus the step's row in ladder_steps and the ladder's own run holding the
// plan. Re-running the same command plays only what is missing.

#include <atomic>
#include <optional>
#include <ostream>
#include <string>

#include "harness/config/match_config.h"
#include "harness/ladder/ladder_plan.h"

namespace arbiter::ladder {

struct RunnerOptions {
    std::string db = "arbiter.db";
    std::optional<config::ShardSpec> shard;
    int concurrency = 0;         // 0 = number of cores
    bool verbose = false;        // also print the scheduler's per-game lines
    bool check_db_pages = true;  // PRAGMA quick_check on the database before the ladder writes into it
    // --record-plan: store the file's plan (its seed figures, its description) as the ladder's newest
    // run and play nothing, for a ladder already played whose file gained figures since.
    bool record_plan = false;
};

struct RunnerIo {
    std::ostream& out;
    std::ostream& err;
    const std::atomic<int>* interrupt = nullptr;  // set by a signal handler to stop cleanly
};

// Exit status: 0 every step complete, 1 a run failed or was interrupted, 2 bad input (an engine
// option or limit the scheduler refused). With record_plan: 0 recorded, 2 when the database holds
// no plan of this ladder or the file's plan differs from it in more than the seed and description.
int run_ladder(const LadderPlan& plan, const RunnerOptions& options, RunnerIo io);

}  // namespace arbiter::ladder
