// A pool ladder's parts as pure functions: the choice of the opponents nearest 50% (ties, a pool
// smaller than K, priors before games, the previous step's rating before a step's own games, a fit
// without anchors), its determinism, the file's pool keys and their mistakes, and the plan and runs
// made from them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "harness/ladder/ladder_allocation.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"
#include "harness/ladder/ladder_pool.h"

using namespace arbiter::ladder;
using arbiter::stats::LadderFit;
using arbiter::stats::PairMatrix;

namespace {

std::vector<std::size_t> indexes(const std::vector<PoolChoice>& chosen) {
    std::vector<std::size_t> out;
    for (const auto& choice : chosen) out.push_back(choice.opponent);
    return out;
}

// Both colours, the same record from the player's side.
void add_both_colours(PairMatrix& m, std::size_t player, std::size_t opponent, std::int64_t wins, std::int64_t draws,
                      std::int64_t losses) {
    m.add_counts(player, opponent, {wins, draws, losses});
    m.add_counts(opponent, player, {losses, draws, wins});
}

// Step S1 scores 3/4 against the anchored P (2000), so it is rated 2000 + 400 log10(3) = 2190.85.
PairMatrix one_step_played(bool players_in_reverse = false) {
    PairMatrix m;
    if (players_in_reverse) m.add_player("S1");
    const auto p = m.add_player("P");
    const auto s1 = m.add_player("S1");
    add_both_colours(m, s1, p, 5, 2, 1);
    return m;
}

const std::string kStep = R"([{"id": "A", "feature": "f", "category": "Search", "options": {"Features": "all"}}])";

std::string with_gauntlet(const std::string& gauntlet) {
    return R"({"name": "t", "steps": )" + kStep + R"(, "gauntlet": {)" + gauntlet + "}}";
}

const std::string kPool =
    R"("pool": [{"conf": "phalanx"}, {"conf": "stockfish-2850", "prior": 2100}, {"conf": "glaurung", "prior": 3100}])";

// A plan of two steps, "tempo 01 A" and "tempo 02 B", with the given gauntlet.
LadderPlan two_step_plan(const std::string& gauntlet) {
    LadderConfig config = ladder_config_from_text(with_gauntlet(gauntlet), "x.json", ".");
    config.steps.push_back(config.steps.front());
    config.steps.back().id = "B";
    PlanOptions options;
    options.engine_cmd = "/opt/tempo";
    return make_plan(config, options);
}

void check_error(const std::string& gauntlet, const std::string& expected) {
    CHECK_THROWS_WITH(ladder_config_from_text(with_gauntlet(gauntlet), "x.json", "."), Catch::Contains(expected));
}

}  // namespace

TEST_CASE("pool choice: the opponents nearest 50%, nearest first", "[unit]") {
    // 2000 against 1500, 1950, 2100, 2400, 2030: 2030 (30 Elo away), then 1950 (50), then 2100 (100).
    const std::vector<double> pool{1500, 1950, 2100, 2400, 2030};
    const auto two = nearest_opponents(2000.0, pool, 2);
    CHECK(indexes(two) == std::vector<std::size_t>{4, 1});
    // E = 1 / (1 + 10^(30/400)) against the one 30 Elo stronger.
    CHECK(two[0].expected == Approx(1.0 / (1.0 + std::pow(10.0, 30.0 / 400.0))));
    CHECK(two[1].expected == Approx(1.0 / (1.0 + std::pow(10.0, -50.0 / 400.0))));
    CHECK(indexes(nearest_opponents(2000.0, pool, 3)) == std::vector<std::size_t>{4, 1, 2});
    CHECK(indexes(nearest_opponents(2600.0, pool, 1)) == std::vector<std::size_t>{3});
    CHECK(expected_score(2000.0, 2000.0) == Approx(0.5));
}

TEST_CASE("pool choice: ties go to the earlier opponent of the pool, a small pool plays whole", "[unit]") {
    // 1900 and 2100 are both 100 Elo from 2000: expected 64% and 36%, equally far from 50%.
    CHECK(indexes(nearest_opponents(2000.0, {2100, 1900}, 1)) == std::vector<std::size_t>{0});
    CHECK(indexes(nearest_opponents(2000.0, {1900, 2100}, 1)) == std::vector<std::size_t>{0});
    CHECK(indexes(nearest_opponents(2000.0, {2100, 2500, 1900}, 2)) == std::vector<std::size_t>{0, 2});
    // K larger than the pool: all of it, still nearest first.
    CHECK(indexes(nearest_opponents(2000.0, {2300, 1990}, 5)) == std::vector<std::size_t>{1, 0});
    CHECK(nearest_opponents(2000.0, {}, 3).empty());
}

TEST_CASE("pool ratings: priors before games, the previous step's rating before a step's own", "[unit]") {
    const double s1 = 2000.0 + 400.0 * std::log10(3.0);
    const LadderFit fit = arbiter::stats::fit_ladder(one_step_played(), {{"P", 2000.0}});
    REQUIRE(fit.table);
    const PoolRatings ratings = pool_ratings(fit, {"S1", "S2", "S3"}, {"P", "Q"}, {1900.0, 2250.0}, 1700.0);
    CHECK(ratings.opponents[0] == Approx(2000.0));  // fitted (anchored): not its prior
    CHECK(ratings.opponents[1] == 2250.0);          // no games: its prior
    CHECK(ratings.steps[0] == Approx(s1));
    CHECK(ratings.steps[1] == Approx(s1));  // S2 and S3 have no games: S1's rating
    CHECK(ratings.steps[2] == Approx(s1));
    // Before any game: the first step's prior, for every step.
    const PoolRatings empty = pool_ratings(LadderFit{}, {"S1", "S2"}, {"P", "Q"}, {1900.0, 2250.0}, 1700.0);
    CHECK(empty.steps == std::vector<double>{1700.0, 1700.0});
    CHECK(empty.opponents == std::vector<double>{1900.0, 2250.0});
}

TEST_CASE("pool ratings: a fit without anchors is moved onto the priors' scale", "[unit]") {
    // Without an anchor the fit pins the mean of S1 and P at 2300: P = 2300 - 95.42, S1 = 2300 + 95.42.
    // P's prior is 1900, so everything moves by 1900 - 2204.58: S1 lands 190.85 above 1900.
    const LadderFit fit = arbiter::stats::fit_ladder(one_step_played(), {});
    REQUIRE(fit.table);
    const PoolRatings ratings = pool_ratings(fit, {"S1"}, {"P", "Q"}, {1900.0, 2250.0}, 1700.0);
    CHECK(ratings.opponents[0] == Approx(1900.0));
    CHECK(ratings.opponents[1] == 2250.0);
    CHECK(ratings.steps[0] == Approx(1900.0 + 400.0 * std::log10(3.0)));
}

TEST_CASE("pool choice: the same games choose the same opponents, whatever order they were stored in", "[unit]") {
    // A merged database lists its players in another order; the choice must not notice.
    const LadderPlan plan = two_step_plan(R"("pool": [{"name": "P", "cmd": "p", "anchor": 2000},
        {"name": "Q", "cmd": "q", "prior": 2250}, {"name": "R", "cmd": "r", "prior": 1800}], "opponents_per_step": 2)");
    // The steps' players are "tempo 01 A" and "tempo 02 B": rename the games' step to match.
    const auto rename = [&](PairMatrix source) {
        PairMatrix out;
        for (std::size_t w = 0; w < source.size(); ++w)
            for (std::size_t b = 0; b < source.size(); ++b) {
                const auto& name = [&](std::size_t i) {
                    return source.names()[i] == "S1" ? plan.steps[0].player : source.names()[i];
                };
                if (source.cell(w, b).games() > 0)
                    out.add_counts(out.add_player(name(w)), out.add_player(name(b)), source.cell(w, b));
            }
        return out;
    };
    const LadderFit forward = arbiter::stats::fit_ladder(rename(one_step_played()), {{"P", 2000.0}});
    const LadderFit reverse = arbiter::stats::fit_ladder(rename(one_step_played(true)), {{"P", 2000.0}});
    // Step 2 has no games: at step 1's 2190.85, Q (2250, 59 away) and P (2000, 191 away), not R (1800).
    for (const LadderFit* fit : {&forward, &reverse}) {
        CHECK(indexes(choose_pool_opponents(*fit, plan, 1)) == std::vector<std::size_t>{1, 0});
        CHECK(indexes(choose_pool_opponents(*fit, plan, 0)) == std::vector<std::size_t>{1, 0});
    }
    // Before any game step 1 is at the pool's mean prior (2016.67): P (17 away), then R (217) before Q (233).
    CHECK(plan.pool->first_step_prior == Approx((2000.0 + 2250.0 + 1800.0) / 3.0));
    CHECK(indexes(choose_pool_opponents(LadderFit{}, plan, 0)) == std::vector<std::size_t>{0, 2});
}

TEST_CASE("pool choice: a step that has met none of the opponents the step before met meets one of them", "[unit]") {
    // A met only P, B only R: two groups with nothing between them, so the games alone rate nobody (not
    // even BayesElo's virtual draws join players who never met). The choice's priors tie each group to
    // a fixed player: A at 2190.85 from P, B at R's 2650. Nearest 50% alone would send B to R and Q
    // (50 Elo away) for ever, and A and B would never share an opponent.
    const auto plan_with_k = [](int k) {
        return two_step_plan(R"("pool": [{"name": "P", "cmd": "p", "anchor": 2000}, {"name": "Q", "cmd": "q",
            "prior": 2600}, {"name": "R", "cmd": "r", "prior": 2650}], "first_step_prior": 2640, "opponents_per_step": )" +
                             std::to_string(k));
    };
    const LadderPlan two = plan_with_k(2);
    PairMatrix m;
    const auto p = m.add_player("P");
    const auto r = m.add_player("R");
    const auto a = m.add_player(two.steps[0].player);
    const auto b = m.add_player(two.steps[1].player);
    add_both_colours(m, a, p, 5, 2, 1);
    add_both_colours(m, b, r, 2, 0, 2);
    const LadderFit apart = arbiter::stats::fit_ladder(m, {{"P", 2000.0}});
    REQUIRE_FALSE(apart.table);
    // R stays (nearest), Q gives way to P, the one A met; with K = 1, P alone.
    CHECK(indexes(choose_pool_opponents(apart, two, 1)) == std::vector<std::size_t>{2, 0});
    CHECK(indexes(choose_pool_opponents(apart, plan_with_k(1), 1)) == std::vector<std::size_t>{0});
    CHECK(indexes(choose_pool_opponents(apart, two, 0)) == std::vector<std::size_t>{0, 1});  // the first step: as is
    CHECK(first_unlinked_step(apart, two) == std::optional<std::size_t>{1});
    // Once B has met P the groups are one, the fit rates everyone and B's choice is nearest 50% again.
    add_both_colours(m, b, p, 3, 0, 1);
    const LadderFit joined = arbiter::stats::fit_ladder(m, {{"P", 2000.0}});
    REQUIRE(joined.table);
    CHECK_FALSE(first_unlinked_step(joined, two));
    const auto again = choose_pool_opponents(joined, two, 1);
    const PoolRatings ratings = pool_ratings(pool_choice_fit(joined, two), {two.steps[0].player, two.steps[1].player},
                                             {"P", "Q", "R"}, {2000.0, 2600.0, 2650.0}, 2640.0);
    CHECK(indexes(again) == indexes(nearest_opponents(ratings.steps[1], ratings.opponents, 2)));
}

TEST_CASE("pool choice fit: an opponent's first games move it from its prior by what they weigh", "[unit]") {
    // A scores 50% against the anchored P (2000) and 75% against Q (prior 2600) in 4 games. The games
    // alone put Q at 2000 - 190.85; the choice's 12 virtual draws against 2600 outweigh the 4 games:
    // Q's score equation 4 E(Q - A) + 12 E(Q - 2600) = 1 + 6 puts it near 2430.
    const LadderPlan plan = two_step_plan(
        R"("pool": [{"name": "P", "cmd": "p", "anchor": 2000}, {"name": "Q", "cmd": "q", "prior": 2600}], "opponents_per_step": 1)");
    PairMatrix m;
    const auto p = m.add_player("P");
    const auto q = m.add_player("Q");
    const auto a = m.add_player(plan.steps[0].player);
    add_both_colours(m, a, p, 2, 0, 2);
    add_both_colours(m, a, q, 1, 1, 0);
    const LadderFit games = arbiter::stats::fit_ladder(m, {{"P", 2000.0}});
    REQUIRE(games.table);
    const auto rating = [](const LadderFit& fit, const std::string& name) {
        return fit.table->players[*fit.table->results.find(name)].rating;
    };
    CHECK(rating(games, "Q") == Approx(2000.0 - 400.0 * std::log10(3.0)));
    const LadderFit with_priors = pool_choice_fit(games, plan);
    REQUIRE(with_priors.table);
    CHECK(rating(with_priors, "Q") > 2380.0);
    CHECK(rating(with_priors, "Q") < 2480.0);
    CHECK(rating(with_priors, "P") == Approx(2000.0));
    // Without games of its own an opponent sits at its prior; the games' fit is left as it was.
    const LadderFit none = pool_choice_fit(LadderFit{}, plan);
    REQUIRE(none.table);
    CHECK(rating(none, "Q") == Approx(2600.0));
    CHECK(rating(games, "Q") == Approx(2000.0 - 400.0 * std::log10(3.0)));
}

TEST_CASE("pool keys: a pool instead of opponents, K per step, priors, the first step's prior", "[unit]") {
    const LadderConfig config = ladder_config_from_text(
        with_gauntlet(kPool + R"(, "opponents_per_step": 2, "first_step_prior": 2300, "target_margin": 0.93)"),
        "x.json", ".");
    CHECK(config.opponents.empty());
    REQUIRE(config.pool);
    REQUIRE(config.pool->opponents.size() == 3);
    CHECK(config.pool->opponents[0].prior == 2644.0);  // phalanx: its catalogue anchor
    CHECK(config.pool->opponents[1].prior == 2100.0);
    CHECK_FALSE(config.pool->opponents[1].anchor);
    CHECK(config.pool->opponents_per_step == 2);
    CHECK(config.pool->first_step_prior == 2300.0);
    CHECK(config.target_margin == 0.93);
    // Without the key, a fixed gauntlet's file keeps stopping at its target.
    CHECK(
        ladder_config_from_text(with_gauntlet(R"("opponents": [{"conf": "phalanx"}])"), "x.json", ".").target_margin ==
        1.0);
}

TEST_CASE("pool keys: mistakes name the file and the key", "[unit]") {
    check_error(R"("opponents": [{"conf": "phalanx"}], )" + kPool + R"(, "opponents_per_step": 1)",
                "x.json: gauntlet: give exactly one of \"opponents\"");
    check_error(R"("games_per_opponent": 4)", "x.json: gauntlet: give exactly one of \"opponents\"");
    check_error(kPool, "x.json: gauntlet: missing \"opponents_per_step\"");
    check_error(kPool + R"(, "opponents_per_step": 0)", "gauntlet.opponents_per_step: expected an integer >= 1, got 0");
    check_error(kPool + R"(, "opponents_per_step": "2")", "gauntlet.opponents_per_step: expected an integer >= 1");
    check_error(kPool + R"(, "opponents_per_step": 4)",
                "gauntlet.opponents_per_step: expected at most the pool's 3 opponents, got 4");
    check_error(R"("pool": [{"conf": "phalanx"}, {"conf": "gnuchess"}], "opponents_per_step": 1)",
                "x.json: gauntlet.pool[1]: give \"prior\"");
    check_error(R"("pool": [{"conf": "gnuchess", "prior": 99999}], "opponents_per_step": 1)",
                "x.json: gauntlet.pool[0].prior: expected a rating from -1000 to 5000 Elo, got 99999");
    check_error(R"("pool": [{"conf": "gnuchess", "prior": "high"}], "opponents_per_step": 1)",
                "gauntlet.pool[0].prior: expected a number");
    check_error(R"("opponents": [{"conf": "gnuchess", "prior": 2000}])",
                "gauntlet.opponents[0].prior: only opponents of gauntlet.pool have a prior");
    check_error(R"("opponents": [{"conf": "phalanx"}], "opponents_per_step": 2)",
                "gauntlet.opponents_per_step: only with \"pool\"");
    check_error(R"("opponents": [{"conf": "phalanx"}], "first_step_prior": 2000)",
                "gauntlet.first_step_prior: only with \"pool\"");
    check_error(kPool + R"(, "opponents_per_step": 1, "first_step_prior": 7000)",
                "gauntlet.first_step_prior: expected a rating from -1000 to 5000 Elo");
    check_error(kPool + R"(, "opponents_per_step": 1, "head_to_head": true)", "gauntlet.head_to_head: not with a pool");
    check_error(R"("opponents": [{"conf": "phalanx"}], "target_margin": 0.3)",
                "x.json: gauntlet.target_margin: expected a factor from 0.5 to 1, got 0.3");
    check_error(R"("opponents": [{"conf": "phalanx"}], "target_margin": 1.2)", "gauntlet.target_margin");
    check_error(R"("opponents": [{"conf": "phalanx"}], "target_margin": "0.9")",
                "gauntlet.target_margin: expected a number");
    check_error(R"("pool": [{"conf": "phalanx"}, {"conf": "phalanx"}], "opponents_per_step": 1)",
                "gauntlet.pool[1]: opponent 'phalanx' twice");
}

TEST_CASE("pool plans: the pool in the plan, one run per step and opponent, the margin in the target", "[unit]") {
    const LadderConfig config = ladder_config_from_text(
        with_gauntlet(kPool + R"(, "opponents_per_step": 2, "target_margin": 0.93)"), "x.json", ".");
    PlanOptions options;
    options.engine_cmd = "/opt/tempo";
    options.tc_scale = 0.01;
    options.target = PrecisionTarget{30.0, std::nullopt};
    const LadderPlan plan = make_plan(config, options);
    REQUIRE(plan.pool);
    CHECK(plan.opponents.size() == 3);
    CHECK(plan.pool->priors == std::vector<double>{2644.0, 2100.0, 3100.0});
    CHECK(plan.pool->first_step_prior == Approx((2644.0 + 2100.0 + 3100.0) / 3.0));
    CHECK(plan.target->stop_error95() == Approx(27.9));
    const auto json = plan_json(plan);
    CHECK(json["pool"]["opponents_per_step"] == 2);
    CHECK(json["pool"]["priors"]["stockfish-2850"] == 2100.0);
    CHECK(json["target"]["margin"] == 0.93);
    CHECK(json["anchors"]["phalanx"] == 2644.0);

    const auto run = pool_match_config(plan, 0, 1, "a.db", std::nullopt, 2);
    REQUIRE(run.engines.size() == 2);
    CHECK(run.engines[0].name == "tempo 01 A");
    CHECK(run.engines[1].name == "stockfish-2850");
    CHECK(run.engines[1].tc->text == "1.2+0.01");
    // A (step, opponent) run is the same run whatever else the pool holds or K is: its openings stay.
    const LadderConfig smaller = ladder_config_from_text(
        with_gauntlet(R"("pool": [{"conf": "stockfish-2850", "prior": 2100}], "opponents_per_step": 1)"), "x.json",
        ".");
    const LadderPlan other = make_plan(smaller, options);
    CHECK(arbiter::config::run_identity(pool_match_config(other, 0, 0, "b.db", std::nullopt, 8)) ==
          arbiter::config::run_identity(run));

    // Without a target and margin the plan keeps its keys as before.
    options.target.reset();
    CHECK_FALSE(plan_json(make_plan(config, options))["target"].is_object());
    // A smoke run with its own opponents plays them as a fixed gauntlet.
    LadderConfig with_smoke = config;
    with_smoke.smoke.opponents = {config.pool->opponents[0]};
    options.tc_scale = 1.0;
    options.smoke = true;
    const LadderPlan smoke = make_plan(with_smoke, options);
    CHECK_FALSE(smoke.pool);
    CHECK_FALSE(plan_json(smoke).contains("pool"));
    REQUIRE(smoke.opponents.size() == 1);
    // Without them it plays the pool, at the smoke run's limits.
    CHECK(make_plan(config, options).pool);
}

TEST_CASE("pool batches: the step whose batch narrows the improvement more plays, not the wider rating", "[unit]") {
    // R is anchored; X is tied to it only through B's 20 games against R. A played X 200 times and B
    // 20 times, so A's rating carries the error of the chain B-R, B-X, A-X and is the wider one, yet
    // the improvement B - A rests on B-X (20 games) and A-X (200): B's next games narrow it most.
    const LadderPlan plan = two_step_plan(R"("pool": [{"name": "R", "cmd": "r", "anchor": 2000},
        {"name": "X", "cmd": "x", "prior": 2000}], "opponents_per_step": 1)");
    PairMatrix m;
    const auto r = m.add_player("R");
    const auto x = m.add_player("X");
    const auto a = m.add_player(plan.steps[0].player);
    const auto b = m.add_player(plan.steps[1].player);
    add_both_colours(m, a, x, 40, 20, 40);  // 200 games at 50%
    add_both_colours(m, b, x, 4, 2, 4);     // 20 at 50%
    add_both_colours(m, b, r, 5, 2, 3);     // 20 at 60%: B and X about 70 above R
    const LadderFit fit = arbiter::stats::fit_ladder(m, {{"R", 2000.0}});
    REQUIRE(fit.table);
    REQUIRE_FALSE(fit.from_bayeselo);
    // Both steps' nearest opponent is X (about 0 Elo away, R about 70).
    CHECK(indexes(choose_pool_opponents(fit, plan, 0)) == std::vector<std::size_t>{1});
    CHECK(indexes(choose_pool_opponents(fit, plan, 1)) == std::vector<std::size_t>{1});
    const std::vector<std::string> players{plan.steps[0].player, plan.steps[1].player};
    CHECK(batch_step(fit, players, 1, false) == 0);  // A's rating is the wider
    CHECK(pool_batch_step(fit, plan, 1, 4.0) == 1);  // but B's games narrow B - A
    // Turned around (A has the 20 games against X, B the 200), A plays.
    PairMatrix turned;
    const auto r2 = turned.add_player("R");
    const auto x2 = turned.add_player("X");
    const auto a2 = turned.add_player(plan.steps[0].player);
    const auto b2 = turned.add_player(plan.steps[1].player);
    add_both_colours(turned, a2, x2, 4, 2, 4);
    add_both_colours(turned, a2, r2, 5, 2, 3);
    add_both_colours(turned, b2, x2, 40, 20, 40);
    const LadderFit turned_fit = arbiter::stats::fit_ladder(turned, {{"R", 2000.0}});
    CHECK(pool_batch_step(turned_fit, plan, 1, 4.0) == 0);
}

namespace {

// Whether `choice` ties its step to what the other step of the improvement has played: one of its
// opponents is among `others` (the opponents the other step has its games against).
bool meets_the_others(const WidestBatch& choice, const std::vector<std::size_t>& others) {
    for (const PoolChoice& opponent : choice.opponents.value())
        if (std::find(others.begin(), others.end(), opponent.opponent) != others.end()) return true;
    return false;
}

}  // namespace

TEST_CASE("pool batches: the opponents that narrow the widest improvement most, not the nearest 50%", "[unit]") {
    // One step is tied to R (anchored) and X, 100 games each; the other to Y and Z, 100 each, and to
    // X by 2 games only: the improvement rests on those 2 games. Nearest 50% sends the second on to Y
    // and Z, whom it has met (the link rule holds: it met X), and the improvement would never narrow.
    // A batch narrows it only by tying one step to the other's opponents: the second step against X
    // or R, or the first against Y or Z.
    const LadderPlan plan = two_step_plan(R"("pool": [{"name": "R", "cmd": "r", "anchor": 2000},
        {"name": "X", "cmd": "x", "prior": 2000}, {"name": "Y", "cmd": "y", "prior": 2300},
        {"name": "Z", "cmd": "z", "prior": 2300}], "opponents_per_step": 2)");
    for (const bool turned : {false, true}) {
        INFO((turned ? "B" : "A") << " holds the 100 games against R and X");
        PairMatrix m;
        const auto r = m.add_player("R");
        const auto x = m.add_player("X");
        const auto y = m.add_player("Y");
        const auto z = m.add_player("Z");
        const auto a = m.add_player(plan.steps[0].player);
        const auto b = m.add_player(plan.steps[1].player);
        const auto tied = turned ? b : a;
        const auto apart = turned ? a : b;
        add_both_colours(m, tied, r, 20, 10, 20);
        add_both_colours(m, tied, x, 20, 10, 20);
        add_both_colours(m, apart, y, 20, 10, 20);
        add_both_colours(m, apart, z, 20, 10, 20);
        add_both_colours(m, apart, x, 1, 1, 0);  // about 190 above X: Y and Z are its nearest
        const LadderFit fit = arbiter::stats::fit_ladder(m, {{"R", 2000.0}});
        REQUIRE(fit.table);
        REQUIRE_FALSE(fit.from_bayeselo);
        const std::size_t apart_step = turned ? 0 : 1;
        CHECK(indexes(choose_pool_opponents(fit, plan, apart_step)) == std::vector<std::size_t>{2, 3});
        // Every pair of opponents weighed, and (a search limited to one subset) one opponent at a time.
        for (const std::size_t most_subsets : {kMostPoolSubsets, std::size_t{1}}) {
            const WidestBatch choice = choose_pool_batch(fit, plan, 1, 4.0, most_subsets);
            REQUIRE(choice.opponents);
            REQUIRE(choice.opponents->size() == 2);
            if (choice.step == apart_step) CHECK(meets_the_others(choice, {0, 1}));
            else CHECK(meets_the_others(choice, {2, 3}));
        }
    }
}

TEST_CASE("pool batches: equal predictions go to the opponents nearer 50%, and without a fit the nearest rule",
          "[unit]") {
    const LadderPlan plan = two_step_plan(R"("pool": [{"name": "R", "cmd": "r", "anchor": 2000},
        {"name": "X", "cmd": "x", "prior": 2000}, {"name": "Y", "cmd": "y", "prior": 2000}], "opponents_per_step": 1)");
    // No games: the nearest rule's step and opponents.
    const WidestBatch none = choose_pool_batch(LadderFit{}, plan, 1, 4.0);
    CHECK(none.step == 1);
    REQUIRE(none.opponents);
    CHECK(indexes(*none.opponents) == indexes(choose_pool_opponents(LadderFit{}, plan, 1)));
    // Two steps alike against R alone: either step's batch against R narrows B - A as much; the
    // earlier candidate (A) keeps it, and X and Y, whom the fit does not rate, are no candidates.
    PairMatrix m;
    const auto r = m.add_player("R");
    const auto a = m.add_player(plan.steps[0].player);
    const auto b = m.add_player(plan.steps[1].player);
    add_both_colours(m, a, r, 10, 5, 10);
    add_both_colours(m, b, r, 10, 5, 10);
    const LadderFit fit = arbiter::stats::fit_ladder(m, {{"R", 2000.0}});
    REQUIRE(fit.table);
    const WidestBatch choice = choose_pool_batch(fit, plan, 1, 4.0);
    CHECK(choice.step == 0);
    REQUIRE(choice.opponents);
    CHECK(indexes(*choice.opponents) == std::vector<std::size_t>{0});
}

TEST_CASE("madchess-2.0-pool.json: 2.0's steps, its four opponents and more in a pool, two per step", "[unit]") {
    const std::string dir = std::string(REPO_ROOT_DIR) + "/ci/ladders/";
    const LadderConfig fixed = load_ladder_config(dir + "madchess-2.0.json");
    const LadderConfig pooled = load_ladder_config(dir + "madchess-2.0-pool.json");
    CHECK(pooled.name == "madchess-2.0-pool");
    // The same steps as the published table's file, which stays as it was played.
    REQUIRE(pooled.steps.size() == fixed.steps.size());
    for (std::size_t i = 0; i < fixed.steps.size(); ++i) {
        CHECK(pooled.steps[i].id == fixed.steps[i].id);
        CHECK(pooled.steps[i].options == fixed.steps[i].options);
        CHECK(pooled.steps[i].seed.has_value() == fixed.steps[i].seed.has_value());
    }
    CHECK(fixed.opponents.size() == 4);
    CHECK_FALSE(fixed.pool);
    CHECK(fixed.target_margin == 1.0);
    REQUIRE(pooled.pool);
    CHECK(pooled.opponents.empty());
    CHECK(pooled.pool->opponents_per_step == 2);
    CHECK(pooled.pool->first_step_prior == 2375.0);
    CHECK(pooled.target_margin == 0.93);
    std::vector<std::string> names;
    for (const auto& opponent : pooled.pool->opponents) {
        names.push_back(opponent.name);
        CHECK(opponent.prior.has_value());
    }
    for (const auto& opponent : fixed.opponents)
        CHECK(std::find(names.begin(), names.end(), opponent.name) != names.end());
    CHECK(names.size() >= 7);
    // phalanx keeps the table's scale: anchored at its catalogue rating, which is its prior.
    const auto phalanx = std::find(names.begin(), names.end(), "phalanx") - names.begin();
    CHECK(pooled.pool->opponents[phalanx].anchor == 2644.0);
    CHECK(pooled.pool->opponents[phalanx].prior == 2644.0);
    // The priors ascend with the pool's order, from stockfish-2850 to glaurung.
    for (std::size_t i = 1; i < pooled.pool->opponents.size(); ++i)
        CHECK(*pooled.pool->opponents[i - 1].prior < *pooled.pool->opponents[i].prior);
    // Same clock, book, seed and adjudication as the fixed file.
    CHECK(pooled.tc.base_ms == fixed.tc.base_ms);
    CHECK(pooled.seed == fixed.seed);
    CHECK(pooled.openings->file == fixed.openings->file);
}
