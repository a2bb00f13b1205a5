// The allocation rules of `arbiter ladder --target-error` as pure functions: which step plays the
// batch, how many pairs a batch holds, where it starts in the step's run, and a shard's share.
#include <catch2/catch.hpp>

#include <cmath>
#include <nlohmann/json.hpp>

#include "harness/ladder/ladder_allocation.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"

using namespace arbiter::ladder;
using arbiter::config::ShardSpec;

namespace {

// Steps A (many games against the anchor) and B (few): A's rating is the narrower one.
arbiter::stats::LadderFit two_steps(std::int64_t b_games_each_colour) {
    arbiter::stats::PairMatrix m;
    const auto r = m.add_player("R");
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    m.add_counts(a, r, {40, 40, 40});
    m.add_counts(r, a, {40, 40, 40});
    m.add_counts(b, r, {b_games_each_colour, b_games_each_colour, b_games_each_colour});
    m.add_counts(r, b, {b_games_each_colour, b_games_each_colour, b_games_each_colour});
    return arbiter::stats::fit_ladder(m, {{"R", 2000.0}});
}

}  // namespace

TEST_CASE("allocation: with head to head the widest improvement's own step plays", "[unit]") {
    const auto fit = two_steps(4);
    CHECK(batch_step(fit, {"A", "B"}, 1, true) == 1);
    // Head to head or not, the step with the wider rating plays when the steps are not tied.
    CHECK(batch_step(fit, {"A", "B"}, 1, false) == 1);
    CHECK(batch_step(fit, {"B", "A"}, 1, false) == 0);  // here the previous step is the uncertain one
    CHECK(batch_step(fit, {"B", "A"}, 1, true) == 1);
}

TEST_CASE("allocation: a batch is whole slots, at least one pair per worker", "[unit]") {
    CHECK(batch_pairs(1, 5) == 5);  // one slot: a pair against each of 4 opponents and the previous step
    CHECK(batch_pairs(5, 5) == 5);
    CHECK(batch_pairs(6, 5) == 10);
    CHECK(batch_pairs(64, 5) == 65);
    CHECK(batch_pairs(2, 1) == 2);
    CHECK(batch_pairs(0, 3) == 3);
}

TEST_CASE("allocation: far from the target a batch is a quarter of the games still needed", "[unit]") {
    // 60 games at ±60 against ±30: 60 * (2^2 - 1) = 180 games still needed, a quarter is 45 games,
    // 22.5 pairs: 7 whole minimal batches of 3 pairs (3 opponents, 2 workers).
    CHECK(batch_pairs(2, 3, 60, 60.0, 30.0) == 21);
    // At most the minimal batch's worth left: the minimal batch.
    CHECK(batch_pairs(2, 3, 60, 35.0, 30.0) == 3);
    CHECK(batch_pairs(2, 3, 60, 30.0, 30.0) == 3);
    CHECK(batch_pairs(2, 3, 60, 20.0, 30.0) == 3);
    // Nothing to scale from: an infinitely wide improvement, a step without games, no target.
    CHECK(batch_pairs(2, 3, 60, std::nullopt, 30.0) == 3);
    CHECK(batch_pairs(2, 3, 0, 400.0, 30.0) == 3);
    CHECK(batch_pairs(2, 3, 60, 400.0, 0.0) == 3);
    // A wild early estimate stays finite and whole.
    const auto huge = batch_pairs(64, 5, 1'000'000'000, 1e9, 1.0);
    CHECK(huge % 65 == 0);
    CHECK(huge <= 65'000'000);
}

TEST_CASE("allocation: a pool step's batch is at most as many games as the step has", "[unit]") {
    // 2 opponents, 2 workers each: the minimal batch is 4 pairs. 8 games at ±371.8 against ±27.9
    // would ask for a quarter of 8 * ((371.8/27.9)^2 - 1) = 1,412 games: 176 pairs; bounded to the
    // step's 8 games, 4 pairs (the minimal batch).
    CHECK(batch_pairs(4, 2, 8, 371.8, 27.9) == 176);
    CHECK(pool_batch_pairs(4, 2, 8, 371.8, 27.9) == 4);
    // 40 games: 20 pairs, not 2,792 / 8 -> 872.
    CHECK(pool_batch_pairs(4, 2, 40, 371.8, 27.9) == 20);
    // Once the quarter is the smaller, it stands: 1,000 games at ±40 need 1,055 more, a quarter 131.9
    // pairs: 32 whole minimal batches.
    CHECK(batch_pairs(4, 2, 1000, 40.0, 27.9) == 128);
    CHECK(pool_batch_pairs(4, 2, 1000, 40.0, 27.9) == 128);
    // Never below the minimal batch: no games yet, or nothing to scale from.
    CHECK(pool_batch_pairs(4, 2, 0, 371.8, 27.9) == 4);
    CHECK(pool_batch_pairs(4, 2, 2, std::nullopt, 27.9) == 4);
}

TEST_CASE("allocation: a shard aims at target * sqrt(N) and its shares sum to the budget", "[unit]") {
    CHECK(shard_target(30.0, std::nullopt) == 30.0);
    CHECK(shard_target(30.0, ShardSpec{2, 4}) == Approx(60.0));
    CHECK(shard_target(30.0, ShardSpec{1, 3}) == Approx(30.0 * std::sqrt(3.0)));
    CHECK(shard_budget(1000, std::nullopt) == 1000);
    for (const std::int64_t budget : {1000LL, 1001LL, 7LL, 4611686018427387903LL}) {
        std::int64_t total = 0;
        for (int k = 1; k <= 3; ++k) total += shard_budget(budget, ShardSpec{k, 3});
        CHECK(total == budget);
    }
    CHECK(shard_budget(1001, ShardSpec{1, 3}) == 333);
    CHECK(shard_budget(1001, ShardSpec{3, 3}) == 334);
}

TEST_CASE("plans: a target keeps one gauntlet run per step and its own ladder name", "[unit]") {
    const LadderConfig config = load_ladder_config(std::string(REPO_ROOT_DIR) + "/ci/ladders/madchess-2.0.json");
    PlanOptions options;
    options.tc_scale = 0.1;
    options.target = PrecisionTarget{30.0, 20000};
    const LadderPlan plan = make_plan(config, options);
    CHECK(plan.ladder == "madchess-2.0-tc0.1-target");
    CHECK(plan.games_per_opponent == kTargetGamesPerOpponent);
    const auto json = plan_json(plan);
    CHECK(json["target"]["error95"] == 30.0);
    CHECK(json["target"]["max_games"] == 20000);
    // Another target or budget is the same ladder and the same step runs: only the plan differs.
    options.target = PrecisionTarget{20.0, std::nullopt};
    const LadderPlan tighter = make_plan(config, options);
    CHECK(tighter.ladder == plan.ladder);
    CHECK(arbiter::config::run_identity(step_match_config(tighter, 3, "x.db", std::nullopt, 2)) ==
          arbiter::config::run_identity(step_match_config(plan, 3, "y.db", ShardSpec{1, 2}, 8)));
    CHECK(plan_json(tighter)["target"]["max_games"].is_null());
    // Without a target the plan has no "target" key, so existing ladders keep their stored plan.
    CHECK_FALSE(plan_json(make_plan(config, PlanOptions{})).contains("target"));
}
