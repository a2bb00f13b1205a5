// The 95% error of a rating from one gauntlet record (harness/stats/gauntlet_error.h), checked
// against figures derived another way: by hand from the logistic's slope at the record's score
// (docs/statistics.md, "The seed's error"), from the per-opponent records of a published Ordo
// block, and from the interval arbiter stats prints for the same counts.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

#include "harness/stats/elo.h"
#include "harness/stats/gauntlet_error.h"

using namespace arbiter::stats;

namespace {

// MadChess 2.0 Beta Build 038's Ordo block (madchess.net): 8 opponents x 100 games, 396-136-268.
const std::vector<WdlCounts> kBuild038{{36, 21, 43}, {40, 20, 40}, {38, 19, 43}, {49, 15, 36},
                                       {61, 5, 34},  {52, 23, 25}, {62, 14, 24}, {58, 19, 23}};

// Each opponent's own score and variance: the rating's information is the sum over opponents of
// n p(1 - p) (the slope of each one's logistic), its noise the sum of n var_i, so
// error95 = z (400 / ln 10) sqrt(sum n var_i) / sum n p_i(1 - p_i). No pooled score anywhere.
double per_opponent_error95(const std::vector<WdlCounts>& records) {
    double noise = 0, information = 0;
    for (const auto& r : records) {
        const double n = static_cast<double>(r.games());
        const double p = r.points() / n;
        noise += n * (p * (1 - p) - static_cast<double>(r.draws) / n / 4);
        information += n * p * (1 - p);
    }
    return kZ95 * 400 / std::numbers::ln10 * std::sqrt(noise) / information;
}

}  // namespace

TEST_CASE("gauntlet rating error: Build 040's record by hand from the logistic's slope", "[stats]") {
    // 305-170-325 of 800: s = 0.4875, d = 0.2125, var = s(1-s) - d/4 = 0.24984375 - 0.053125
    // = 0.19671875; 1.95996 x 173.718 x sqrt(0.19671875 / 800) / 0.24984375 = 21.37.
    const auto error = gauntlet_rating_error95(WdlCounts{305, 170, 325});
    REQUIRE(error);
    CHECK(*error == Approx(21.37).margin(0.005));
}

TEST_CASE("gauntlet rating error: within 2% of the per-opponent figure and of the stats interval", "[stats]") {
    WdlCounts total;
    for (const auto& r : kBuild038) total += r;
    REQUIRE(total == WdlCounts{396, 136, 268});
    const double pooled = *gauntlet_rating_error95(total);
    // Opponents of different strengths carry a little less information than one at the mean score,
    // so the pooled figure is slightly narrower (22.16 against 22.42).
    CHECK(pooled == Approx(22.16).margin(0.005));
    CHECK(per_opponent_error95(kBuild038) == Approx(pooled).epsilon(0.02));
    CHECK(per_opponent_error95(kBuild038) > pooled);
    // arbiter stats' interval: the score's interval mapped through the logistic, not its slope.
    CHECK(estimate_elo(total).elo_error == Approx(pooled).epsilon(0.02));
}

TEST_CASE("gauntlet rating error: an improvement from two gauntlets; no figure without one", "[stats]") {
    const double build038 = *gauntlet_rating_error95(WdlCounts{396, 136, 268});
    const double build040 = *gauntlet_rating_error95(WdlCounts{305, 170, 325});
    CHECK(combined_error95(build038, build040) == Approx(30.79).margin(0.005));
    // A far-off score costs precision: Build 020 scored 5.6 % (17-56-727).
    CHECK(*gauntlet_rating_error95(WdlCounts{17, 56, 727}) == Approx(42.78).margin(0.005));
    CHECK_FALSE(gauntlet_rating_error95(WdlCounts{}));
    CHECK_FALSE(gauntlet_rating_error95(WdlCounts{800, 0, 0}));
    CHECK_FALSE(gauntlet_rating_error95(WdlCounts{0, 0, 800}));
}
