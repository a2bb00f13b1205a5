#pragma once
// Internal to arbiter_ladder: how a pool ladder (ladder_pool.h) plays a step. Each (step, opponent)
// pairing is a scheduler run of its own; a batch plays the next pairs of the runs of the opponents
// the rule chooses from the games stored just before it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "harness/ladder/ladder_pool.h"
#include "harness/ladder/ladder_steps.h"

namespace arbiter::ladder::detail {

// What sizes a batch (ladder_allocation.h's batch_pairs), and the games the budget still allows.
struct PoolBatchSize {
    std::int64_t games_left = 0;
    std::int64_t step_games = 0;
    std::optional<double> error95;
    double target95 = 0.0;
};

struct PoolBatchOutcome {
    int code = 0;  // 0 played, 1 failed or interrupted, 2 bad configuration
    std::int64_t games_played = 0;
    bool no_pairs_left = false;  // every chosen run's block is fully played
};

// One batch of step `index` under --target-error: the chosen opponents' runs, each at least one pair
// per worker (each run is played on its own), split evenly among them. `chosen`: the opponents
// choose_pool_batch gave for the widest improvement; none (a step's first batch): nearest 50%.
PoolBatchOutcome play_pool_batch(const StepContext& context, std::size_t index, const PoolBatchSize& size,
                                 const std::optional<std::vector<PoolChoice>>& chosen);

// Step `index` in fixed counts: the opponents it has runs with, then the rule's choice up to K, each
// run played to games_per_opponent (this process's block of it under --shard).
GauntletOutcome play_pool_gauntlets(const StepContext& context, std::size_t index);

}  // namespace arbiter::ladder::detail
