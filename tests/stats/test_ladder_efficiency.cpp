// The information efficiency of a ladder's games and the correlation of adjacent improvements
// (harness/stats/ladder_efficiency.h), against values worked out by hand.
#include <catch2/catch.hpp>

#include <cmath>

#include "harness/stats/ladder_efficiency.h"
#include "harness/stats/ladder_fit.h"
#include "tests/stats/near.h"

using namespace arbiter::stats;
using stats_test::near;

namespace {

// Both colours, the same record from the player's side: `wins` W, `draws` D, `losses` L each way.
void add_both_colours(PairMatrix& m, std::size_t player, std::size_t opponent, std::int64_t wins, std::int64_t draws,
                      std::int64_t losses) {
    m.add_counts(player, opponent, {wins, draws, losses});
    m.add_counts(opponent, player, {losses, draws, wins});
}

PlayerRating rated(const std::string& name, double rating) {
    PlayerRating player;
    player.name = name;
    player.rating = rating;
    return player;
}

}  // namespace

TEST_CASE("information efficiency: E(1-E) per game over 0.25, from the table's ratings", "[stats][ladder]") {
    // A is 400 log10(3) above B, so A scores 3/4 against B: E(1-E) = 3/16. B and C are level: 1/4.
    RatingTable table;
    const auto a = table.results.add_player("A");
    const auto b = table.results.add_player("B");
    const auto c = table.results.add_player("C");
    table.players = {rated("A", 2000.0 + 400.0 * std::log10(3.0)), rated("B", 2000.0), rated("C", 2000.0)};
    table.results.add_counts(a, b, {3, 2, 1});  // 6 games with A White
    table.results.add_counts(b, a, {0, 1, 1});  // 2 with B White
    table.results.add_counts(c, b, {1, 2, 1});  // 4 between the level players
    // (8 x 3/16 + 4 x 1/4) / (0.25 x 12) = 2.5 / 3.
    const auto efficiency = information_efficiency(table);
    REQUIRE(efficiency);
    CHECK(efficiency->games == 12);
    CHECK(efficiency->efficiency == near(2.5 / 3.0));
    // Every game expected at 50%: 1.
    table.players[0].rating = 2000.0;
    CHECK(information_efficiency(table)->efficiency == near(1.0));
    CHECK_FALSE(information_efficiency(RatingTable{}));
}

TEST_CASE("information efficiency of a fit: on a tree of games each pair's E is its score", "[stats][ladder]") {
    // The maximum-likelihood condition (expected points = points) holds per pair when no games close
    // a cycle: A scores 6/8 = 3/4 against B, and C 2/4 against B, whatever the anchor.
    PairMatrix m;
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    const auto c = m.add_player("C");
    m.add_counts(a, b, {3, 1, 0});
    m.add_counts(b, a, {1, 1, 2});
    add_both_colours(m, c, b, 1, 0, 1);
    const LadderFit fit = fit_ladder(m, {{"B", 2000.0}});
    REQUIRE(fit.table);
    REQUIRE_FALSE(fit.from_bayeselo);
    CHECK(information_efficiency(*fit.table)->efficiency == near((8 * 3.0 / 16.0 + 4 * 0.25) / (0.25 * 12)));
}

TEST_CASE("adjacent improvements: -1/2 for steps tied only through an anchor, with equal errors", "[stats][ladder]") {
    // Each step plays only the anchored R, at 50%, so the step ratings are independent with variances
    // proportional to 1/games: v/4 for S1 (four times the games), v for S2, S3 and S4.
    // corr(d2, d3) = -Var(r2) / sqrt((Var r1 + Var r2)(Var r2 + Var r3)) = -1 / sqrt(1.25 x 2);
    // corr(d3, d4) = -v / sqrt(2v x 2v) = -1/2.
    PairMatrix m;
    const auto r = m.add_player("R");
    const auto s1 = m.add_player("S1");
    const auto s2 = m.add_player("S2");
    const auto s3 = m.add_player("S3");
    const auto s4 = m.add_player("S4");
    add_both_colours(m, s1, r, 8, 16, 8);
    for (const auto step : {s2, s3, s4}) add_both_colours(m, step, r, 2, 4, 2);
    const LadderFit fit = fit_ladder(m, {{"R", 2000.0}});
    REQUIRE(fit.table);
    const auto correlations = adjacent_improvement_correlations(*fit.table, {"S1", "S2", "S3", "S4"});
    REQUIRE(correlations.size() == 4);
    CHECK_FALSE(correlations[0]);
    CHECK_FALSE(correlations[1]);
    REQUIRE(correlations[2]);
    REQUIRE(correlations[3]);
    CHECK(*correlations[2] == near(-1.0 / std::sqrt(2.5)));
    CHECK(*correlations[3] == near(-0.5));
    const auto summary = summarize_correlations(correlations);
    REQUIRE(summary);
    CHECK(summary->pairs == 2);
    CHECK(summary->mean == near((-1.0 / std::sqrt(2.5) - 0.5) / 2.0));
    CHECK(summary->lowest == near(-1.0 / std::sqrt(2.5)));
    CHECK(summary->highest == near(-0.5));
    // A step the fit does not know leaves the pairs around it without a correlation.
    const auto gap = adjacent_improvement_correlations(*fit.table, {"S1", "S2", "S9", "S4"});
    CHECK_FALSE(gap[2]);
    CHECK_FALSE(gap[3]);
    CHECK_FALSE(summarize_correlations(gap));
}
