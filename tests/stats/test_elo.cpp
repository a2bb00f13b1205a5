// Elo, error, LOS, nElo and draw ratio from W/D/L and pentanomial counts.
// Expected values: tests/stats/derive_expected.py ("== Elo" section), which evaluates the
// formulas of harness/stats/elo.h directly. The first three of each kind are also fastchess's own
// elo_test.cpp cases (EloWDL 1-3, EloPentanomial 1-3); their published two-decimal values are
// checked too, so our numbers agree with what fastchess prints.
#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

#include "harness/stats/elo.h"
#include "tests/stats/near.h"

using namespace arbiter::stats;
using stats_test::near;
using stats_test::near_2dp;

TEST_CASE("W/D/L: fastchess EloWDL 2 (W136 D111 L96)", "[stats][elo]") {
    const EloEstimate e = estimate_elo(WdlCounts{136, 111, 96});
    CHECK(e.elo == near(40.702458186527075));
    CHECK(e.elo_error == near(30.42721794360099));
    CHECK(e.los == near(0.9960102357334972));
    CHECK(*e.nelo == near(49.768415381022194));
    CHECK(*e.nelo_error == near(36.7684505949536));
    CHECK(e.draw_ratio == near(111.0 / 343.0));
    // fastchess prints: Elo 40.70 +/- 30.43, nElo 49.77 +/- 36.77, LOS 99.60 %
    CHECK(e.elo == near_2dp(40.70));
    CHECK(e.elo_error == near_2dp(30.43));
    CHECK(*e.nelo == near_2dp(49.77));
    CHECK(*e.nelo_error == near_2dp(36.77));
    CHECK(100.0 * e.los == near_2dp(99.60));
}

TEST_CASE("W/D/L: fastchess EloWDL 1 and 3", "[stats][elo]") {
    const EloEstimate one = estimate_elo(WdlCounts{76, 123, 89});
    CHECK(one.elo == near(-15.693520705432237));
    CHECK(one.elo_error == near(30.45800071698045));
    CHECK(*one.nelo == near(-20.756449777395378));
    CHECK(*one.nelo_error == near(40.12602555757857));
    CHECK(one.los == near(0.1553264349274983));
    CHECK(100.0 * one.los == near_2dp(15.53));

    const EloEstimate three = estimate_elo(WdlCounts{34, 0, 356});
    CHECK(three.elo == near(-407.988432372248));
    CHECK(three.elo_error == near(63.164514735819154));
    CHECK(*three.nelo == near(-508.43532503968595));
    CHECK(*three.nelo_error == near(34.481812485442134));
    CHECK(three.draw_ratio == 0.0);
}

TEST_CASE("W/D/L: a larger sample", "[stats][elo]") {
    const EloEstimate e = estimate_elo(WdlCounts{1200, 1600, 1100});
    CHECK(e.score == near(0.5128205128205128));
    CHECK(e.elo == near(8.91055788446086));
    CHECK(e.elo_error == near(8.376245668849009));
    CHECK(e.los == near(0.9815246066490807));
    CHECK(*e.nelo == near(11.60700825891756));
    CHECK(*e.nelo_error == near(10.904106530482876));
    CHECK(e.draw_ratio == near(0.41025641025641024));
}

TEST_CASE("pentanomial: fastchess EloPentanomial 1-3", "[stats][elo]") {
    const EloEstimate one = estimate_elo(PentaCounts{34, 54, 63, 64, 75});
    CHECK(one.elo == near(55.57978042044588));
    CHECK(one.elo_error == near(27.65342950639345));
    CHECK(*one.nelo == near(57.93559993812433));
    CHECK(*one.nelo_error == near(28.275376243408676));
    CHECK(one.los == near(0.9999703930084313));
    CHECK(one.draw_ratio == near(0.21724137931034482));
    CHECK(one.elo == near_2dp(55.58));
    CHECK(one.elo_error == near_2dp(27.65));

    const EloEstimate two = estimate_elo(PentaCounts{332, 433, 498, 333, 334});
    CHECK(two.elo == near(-8.64266726796901));
    CHECK(two.elo_error == near(10.334194424393056));
    CHECK(*two.nelo == near(-9.172914270047176));
    CHECK(*two.nelo_error == near(10.96045887751114));
    CHECK(two.los == near(0.05047006698252937));
    CHECK(100.0 * two.los == near_2dp(5.05));

    const EloEstimate three = estimate_elo(PentaCounts{7895, 8757, 5685, 568, 9999});
    CHECK(three.elo == near(-21.04352057817286));
    CHECK(three.elo_error == near(2.945280868527817));
    CHECK(*three.nelo == near(-19.012834278884018));
    CHECK(*three.nelo_error == near(2.6545019165024755));
}

TEST_CASE("symmetric results give Elo 0 and LOS 0.5", "[stats][elo]") {
    const EloEstimate wdl = estimate_elo(WdlCounts{100, 0, 100});
    CHECK(wdl.elo == near(0.0));
    CHECK(wdl.los == near(0.5));
    CHECK(*wdl.nelo == near(0.0));
    CHECK(wdl.elo_error == near(48.46311789285596));
    CHECK(*wdl.nelo_error == near(48.15123066909429));

    const EloEstimate penta = estimate_elo(PentaCounts{10, 20, 40, 20, 10});
    CHECK(penta.elo == near(0.0));
    CHECK(penta.los == near(0.5));
    CHECK(penta.elo_error == near(37.44205973535754));
    CHECK(*penta.nelo_error == near(48.15123066909429));
    CHECK(penta.draw_ratio == near(0.4));
}

TEST_CASE("all draws: zero-width interval, LOS 0.5, nElo 0", "[stats][elo]") {
    for (const EloEstimate& e : {estimate_elo(WdlCounts{0, 57, 0}), estimate_elo(PentaCounts{0, 0, 33, 0, 0})}) {
        CHECK(e.elo == near(0.0));
        CHECK(e.elo_error == near(0.0));
        CHECK(e.los == near(0.5));
        CHECK(e.draw_ratio == near(1.0));
        REQUIRE(e.nelo);
        CHECK(*e.nelo == near(0.0));
    }
}

TEST_CASE("perfect scores stay finite: fishtest's clamp to [0.001, 0.999]", "[stats][elo]") {
    // 400 log10(0.999 / 0.001) = 400 log10(999)
    const double clamp_elo = 400.0 * std::log10(999.0);
    const EloEstimate wins = estimate_elo(WdlCounts{12, 0, 0});
    CHECK(wins.elo == near(clamp_elo));
    CHECK(wins.elo_error == near(0.0));
    CHECK(wins.los == near(1.0));
    CHECK_FALSE(wins.nelo.has_value());
    const EloEstimate losses = estimate_elo(PentaCounts{7, 0, 0, 0, 0});
    CHECK(losses.elo == near(-clamp_elo));
    CHECK(losses.los == near(0.0));
    CHECK(std::isfinite(losses.elo_error));
}

TEST_CASE("perfect and null scores are one-sided 95% bounds, not +-1199.83", "[stats][elo]") {
    // derive_expected.py "perfect score floor": bisection on the binomial tail, p^n = 0.05.
    const EloEstimate wins = estimate_elo(WdlCounts{12, 0, 0});
    CHECK(wins.bound == RatingBound::at_least);
    REQUIRE(wins.limit);
    CHECK(*wins.limit == near(218.9365960556597));
    const EloEstimate two = estimate_elo(WdlCounts{2, 0, 0});
    CHECK(two.bound == RatingBound::at_least);
    CHECK(*two.limit == near(-216.23868883105771));                        // two wins do not show superiority at 95%
    const EloEstimate losses = estimate_elo(PentaCounts{50, 0, 0, 0, 0});  // pairs are the samples
    CHECK(losses.bound == RatingBound::at_most);
    CHECK(*losses.limit == near(-483.75669967531377));
    CHECK(perfect_score_floor(100) == near(606.7902448913015));
    const EloEstimate mixed = estimate_elo(WdlCounts{11, 1, 0});
    CHECK(mixed.bound == RatingBound::exact);
    CHECK_FALSE(mixed.limit.has_value());
    CHECK(std::string(bound_marker(RatingBound::at_least)) == ">");
    CHECK(std::string(bound_name(RatingBound::at_most)) == "at_most");
}

TEST_CASE("zero or negative counts are a clear error", "[stats][elo]") {
    CHECK_THROWS_WITH(estimate_elo(WdlCounts{0, 0, 0}), Catch::Contains("no games"));
    CHECK_THROWS_WITH(estimate_elo(PentaCounts{}), Catch::Contains("no games"));
    CHECK_THROWS_AS(estimate_elo(WdlCounts{-1, 3, 4}), std::invalid_argument);
}

TEST_CASE("score/Elo conversions", "[stats][elo]") {
    CHECK(score_to_elo(0.75) == near(400.0 * std::log10(3.0)));
    CHECK(elo_to_score(400.0 * std::log10(3.0)) == near(0.75));
    CHECK(normal_cdf(0.0) == near(0.5));
    CHECK(normal_cdf(kZ95) == near(0.975));
}
