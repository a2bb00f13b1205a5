#pragma once
// The rules of `arbiter ladder --target-error`, as pure functions of what the database holds, so
// that a resumed run, a shard and a merged run all decide alike (ladder_target.h plays them).
//
// Which step plays. The batch answers the widest improvement i (stats::judge_precision). With head
// to head (off unless the ladder file asks) step i plays it: its batch holds games against step i-1, which
// measure r_i - r_(i-1) directly, besides its gauntlet, which pins r_i to the anchors. Step i-1's
// batch would only pin r_(i-1) (its head-to-head games are against step i-2), so it shrinks
// Var(r_(i-1)) but neither Var(r_i) nor the direct measurement: never the better buy. Without head to
// head the two ratings are only tied through the opponents, Var(improvement) is about
// Var(r_i) + Var(r_(i-1)), and the batch goes to whichever of the two has the larger variance. A
// pool ladder predicts instead which of the two steps, against which of its opponents, leaves the
// improvement narrowest (ladder_pool.h, choose_pool_batch): there the ratings' variances carry a
// common part no batch removes.
//
// How much. A batch is whole slots (one opening, both colours, against every opponent of the step
// and the previous step), at least enough that every worker gets a pair, so no core idles while a
// batch starts. Far from the target it is bigger: a quarter of the games the step is still
// estimated to need (errors shrink as 1/sqrt(games), so n games at error e need n((e/t)^2 - 1) more
// for target t). Each batch starts and stops every engine and waits for its slowest game, so the
// minimal batch idled a quarter of the cores at a clock (6 games on 2 cores: 72% busy, measured);
// the quarter keeps the overshoot past the target small, since near it the batches shrink back to
// the minimum and the rule is re-applied after each.
//
// Where. A step's gauntlet is one scheduler run (kTargetGamesPerOpponent per opponent); each batch
// plays the first pairs of the run, in this process's block of it (the whole run, or the K-th of N
// contiguous blocks with --shard K/N), that do not have all their games stored. A killed batch
// leaves its gaps first in line.
//
// Shards. Shard K of N sees only its own games, about 1/N of the merged total, and the merged
// variance of an improvement is about 1/N of a shard's (Fisher information adds over independent
// games). So a shard stops when its own errors are within target * sqrt(N), and its budget is its
// share of --max-games (the shares sum to the budget). The merged database then meets the target
// to within sampling noise; re-running the unsharded command on it plays whatever is still missing,
// by the same rule, until it is met exactly.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/ladder/ladder_plan.h"
#include "harness/ladder/ladder_pool.h"
#include "harness/stats/ladder_fit.h"

namespace arbiter::ladder {

// The step that plays the batch answering improvement `widest` (>= 1).
std::size_t batch_step(const stats::LadderFit& fit, const std::vector<std::string>& step_players, std::size_t widest,
                       bool head_to_head);

// Pairs in one batch: `pairings` (opponents, plus the previous step head to head) per slot, and
// enough slots that each of `workers` gets a pair.
std::uint64_t batch_pairs(int workers, std::size_t pairings);

// The batch for a step with `step_games` games whose widest improvement is at `error95` (none:
// infinitely wide, nothing to scale from) against `target95`: whole minimal batches, as many as fit
// in a quarter of the games the step is estimated to still need, and at least one.
std::uint64_t batch_pairs(int workers, std::size_t pairings, std::int64_t step_games, std::optional<double> error95,
                          double target95);

// A pool step's batch: the batch above, but no more games than the step has played (and never less
// than the minimal batch). Its opponents are chosen from the games so far, and a choice made from a
// step's first 8 games can be hundreds of Elo off; bounded so, a step's games at most double between
// choices and most are played against opponents chosen from a good share of them. (Unbounded, the
// first 2.0 pool run's step 2 played 352 games on the choice its 8 games made.)
std::uint64_t pool_batch_pairs(int workers, std::size_t pairings, std::int64_t step_games,
                               std::optional<double> error95, double target95);

// What a shard aims for on its own games: target * sqrt(N), and its share of a budget.
double shard_target(double target95, const std::optional<config::ShardSpec>& shard);
std::int64_t shard_budget(std::int64_t budget, const std::optional<config::ShardSpec>& shard);

// The batch answering improvement `widest` (>= 1), as `arbiter ladder --target-error` plays it with
// `workers` games at once: a fixed gauntlet's step (batch_step); a pool's step and opponents
// (choose_pool_batch); or, while a pool's games are in unconnected groups (no rating exists), the
// first step that shares no opponent with the one before it, against the opponents its own choice
// gives (`unlinked`). WidestBatch is in ladder_pool.h, beside PoolChoice.
WidestBatch choose_widest_batch(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t widest, int workers);

}  // namespace arbiter::ladder
