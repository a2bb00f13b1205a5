// The verdict `arbiter ladder --target-error` and the feature report read from the joint fit:
// which improvement is the widest, when a target is met, and the cases that never meet it.
#include <catch2/catch.hpp>

#include <limits>

#include "harness/stats/ladder_fit.h"

using namespace arbiter::stats;

namespace {

LadderFit fitted() {
    LadderFit fit;
    fit.table = RatingTable{};
    return fit;
}

std::vector<StepImprovement> improvements(const std::vector<std::optional<double>>& errors) {
    std::vector<StepImprovement> out(1);
    for (const auto& error : errors) out.push_back({0.0, error});
    return out;
}

// Steps A, B, C against an anchored reference R; `c_wins` of C's 20 games against R are wins.
PairMatrix three_steps(std::int64_t c_wins) {
    PairMatrix m;
    const auto r = m.add_player("R");
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    const auto c = m.add_player("C");
    m.add_counts(a, r, {8, 8, 4});
    m.add_counts(b, r, {6, 8, 6});
    m.add_counts(b, a, {5, 10, 5});
    m.add_counts(c, r, {c_wins, 0, 20 - c_wins});
    m.add_counts(c, b, {c_wins, 0, 20 - c_wins});
    return m;
}

}  // namespace

TEST_CASE("precision verdict: met only when every improvement is within the target", "[stats][ladder]") {
    const PrecisionVerdict met = judge_precision(fitted(), improvements({20.0, 30.0, 25.0}), 30.0);
    CHECK(met.met);
    CHECK(met.widest == 2u);
    CHECK(met.widest_error95 == 30.0);
    const PrecisionVerdict unmet = judge_precision(fitted(), improvements({20.0, 30.5, 25.0}), 30.0);
    CHECK_FALSE(unmet.met);
    CHECK(unmet.widest == 2u);
}

TEST_CASE("precision verdict: an improvement without an error is the widest, ties go to the earlier step",
          "[stats][ladder]") {
    const PrecisionVerdict missing = judge_precision(fitted(), improvements({80.0, std::nullopt, 90.0}), 1000.0);
    CHECK_FALSE(missing.met);
    CHECK(missing.widest == 2u);
    CHECK_FALSE(missing.widest_error95);
    CHECK(judge_precision(fitted(), improvements({std::nullopt, std::nullopt}), 10.0).widest == 1u);
    CHECK(judge_precision(fitted(), improvements({40.0, 40.0, 12.0}), 10.0).widest == 1u);
}

TEST_CASE("precision verdict: never met without a maximum-likelihood fit", "[stats][ladder]") {
    LadderFit bayes = fitted();
    bayes.from_bayeselo = true;
    CHECK_FALSE(judge_precision(bayes, improvements({5.0}), 30.0).met);
    CHECK_FALSE(judge_precision(LadderFit{}, improvements({5.0}), 30.0).met);
    // One step has no improvement to measure: nothing to play for.
    const PrecisionVerdict single = judge_precision(fitted(), improvements({}), 30.0);
    CHECK(single.met);
    CHECK_FALSE(single.widest);
}

TEST_CASE("ladder fit: a step placed after the fit for a perfect score has no improvement error", "[stats][ladder]") {
    const std::map<std::string, double> anchors{{"R", 2000.0}, {"unplayed", 1500.0}};
    const LadderFit mixed = fit_ladder(three_steps(12), anchors);
    REQUIRE(mixed.table);
    CHECK_FALSE(mixed.from_bayeselo);
    CHECK(mixed.games == 100);
    const auto finite = step_improvements(mixed, {"A", "B", "C"});
    CHECK(finite[1].error95);
    CHECK(finite[2].error95);
    const LadderFit perfect = fit_ladder(three_steps(20), anchors);
    REQUIRE(perfect.table);
    const auto improvements_then = step_improvements(perfect, {"A", "B", "C"});
    CHECK(improvements_then[1].error95);
    CHECK_FALSE(improvements_then[2].error95);                   // C won every game: a floor, no error
    CHECK(improvements_then[2].bound == RatingBound::at_least);  // and its improvement a floor too
    CHECK(improvements_then[1].bound == RatingBound::exact);
    CHECK(judge_precision(perfect, improvements_then, 1e9).widest == 2u);
    CHECK(fit_ladder(PairMatrix{}, anchors).problem == "no games stored yet");
}
