// BayesElo model. Expected values: tests/stats/derive_expected.py ("== bayeselo"): the
// probabilities straight from the formulas, the four-player fit by cyclic coordinate ascent with
// bisection on each partial derivative, and the two-player case from the closed form
// (fishtest's proba_to_bayeselo): elo = 200 log10(pw/pl (1-pl)/(1-pw)),
// drawelo = 200 log10((1-pl)/pl (1-pw)/pw).
#include <catch2/catch.hpp>
#include <cmath>

#include "harness/stats/bayeselo.h"
#include "tests/stats/near.h"

using namespace arbiter::stats;
using stats_test::near;

namespace {

PairMatrix four_players() {
    PairMatrix m;
    for (const char* name : {"P", "Q", "R", "S"}) m.add_player(name);
    const auto at = [&](const char* n) { return *m.find(n); };
    m.add_counts(at("P"), at("Q"), {30, 40, 20});
    m.add_counts(at("Q"), at("P"), {22, 38, 30});
    m.add_counts(at("P"), at("R"), {40, 30, 10});
    m.add_counts(at("R"), at("S"), {25, 50, 25});
    m.add_counts(at("S"), at("P"), {5, 20, 35});
    m.add_counts(at("Q"), at("S"), {30, 30, 20});
    m.add_counts(at("R"), at("Q"), {12, 30, 18});
    return m;
}

}  // namespace

TEST_CASE("BayesElo outcome probabilities", "[stats][bayeselo]") {
    const OutcomeProbabilities p = bayeselo_probabilities(50.0, 97.3);
    CHECK(p.white_win == near(0.4323472755456059));
    CHECK(p.draw == near(0.2677848188525668));
    CHECK(p.black_win == near(0.2998679056018273));
}

TEST_CASE("BayesElo fit with bayeselo's defaults (advantage 32.8, drawelo 97.3, prior 2)", "[stats][bayeselo]") {
    const BayesEloResult r = compute_bayeselo(four_players());
    const auto rating = [&](const char* n) { return r.table.players[*r.table.results.find(n)].rating; };
    CHECK(rating("P") == near(2370.081265221435));
    CHECK(rating("Q") == near(2316.7822299777845));
    CHECK(rating("R") == near(2250.3772536855813));
    CHECK(rating("S") == near(2262.7592511151993));
    CHECK(r.advantage == near(32.8));
    CHECK(r.table.players[0].error95.has_value());
}

TEST_CASE("BayesElo: fitted draw elo matches the closed form for two players", "[stats][bayeselo]") {
    PairMatrix m;
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    m.add_counts(a, b, {150, 250, 100});
    m.add_counts(b, a, {100, 250, 150});
    BayesEloOptions options;
    options.anchors["B"] = 0.0;
    options.advantage = 0.0;
    options.prior = 0.0;
    options.fit_draw_elo = true;
    const BayesEloResult r = compute_bayeselo(m, options);
    CHECK(r.table.players[a].rating == near(46.81664120667361));
    CHECK(r.draw_elo == near(194.00735532451137));
}

TEST_CASE("BayesElo: fitting the advantage finds White's edge", "[stats][bayeselo]") {
    PairMatrix m;
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    m.add_counts(a, b, {200, 200, 100});
    m.add_counts(b, a, {200, 200, 100});
    BayesEloOptions options;
    options.fit_advantage = true;
    options.prior = 0.0;
    const BayesEloResult r = compute_bayeselo(m, options);
    // Symmetric by colour: equal ratings, and the advantage alone explains White's 60%.
    CHECK(r.table.players[a].rating == near(2300.0));
    CHECK(r.advantage > 50.0);
    const OutcomeProbabilities p = bayeselo_probabilities(r.advantage, r.draw_elo);
    // At the MLE the expected number of White wins minus Black wins matches the data's.
    CHECK(p.white_win - p.black_win == Approx(0.2).margin(0.02));
}

TEST_CASE("BayesElo: a prior keeps a perfect score finite", "[stats][bayeselo]") {
    PairMatrix m;
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    m.add_counts(a, b, {5, 0, 0});
    m.add_counts(b, a, {0, 0, 5});
    const BayesEloResult r = compute_bayeselo(m);
    CHECK(std::isfinite(r.table.players[a].rating));
    CHECK(r.table.players[a].rating > r.table.players[b].rating);
    BayesEloOptions no_prior;
    no_prior.prior = 0.0;
    CHECK_THROWS_WITH(compute_bayeselo(m, no_prior), Catch::Contains("never scored"));
}
