// The claims of docs/bisect.md checked by simulation: game pairs are drawn from known Elo steps, the
// search runs to its end many times with fixed seeds, and the rate of naming the wrong commit and
// the mean games are compared with what the page states.

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "harness/bisect/bisect_decide.h"
#include "tests/bisect/simulated_history.h"

namespace {

using arbiter::bisect::CommitPairs;
using arbiter::bisect::Decision;
using arbiter::bisect::Verdict;
using namespace arbiter::bisect::testing;

Decision designed_rule(int commits, const std::vector<CommitPairs>& stored) {
    arbiter::bisect::BisectSettings settings;
    settings.commits = commits;
    return arbiter::bisect::decide(settings, stored);
}

// A broken design: plain bisection that asks each midpoint one batch and trusts its sign against
// half the step, whatever the batch's error.
Decision error_blind_rule(int commits, const std::vector<CommitPairs>& stored) {
    int low = 0, high = commits;  // low is good, high is bad
    std::size_t asked = 0;
    while (high - low > 1) {
        const int mid = (low + high) / 2;
        if (asked == stored.size()) return {Verdict::measure, mid, mid, {}, {}};
        const auto elo =
            arbiter::bisect::commit_elo(stored[asked], arbiter::bisect::pooled_pair_variance({stored[asked]})).elo;
        ++asked;
        (elo < kStep / 2.0 ? high : low) = mid;
    }
    return {Verdict::named, high, high, {}, {}};
}

struct Tally {
    int runs = 0;
    int wrong = 0;
    double mean_pairs = 0.0;
};

// Runs the search `runs` times over a single step placed at 1, 2, ..., kCommits in turn.
Tally single_step_runs(const Rule& rule, int runs, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<History> histories;
    for (int k = 1; k <= kCommits; ++k) histories.push_back(stepped(kCommits, {k}, kStep));
    Tally tally;
    double total_pairs = 0.0;
    for (int run = 0; run < runs; ++run) {
        const int k = run % kCommits + 1;
        const Outcome outcome = run_search(histories[static_cast<std::size_t>(k - 1)], rule, random);
        tally.wrong += !(outcome.verdict == Verdict::named && outcome.commit == k);
        total_pairs += static_cast<double>(outcome.pairs);
        ++tally.runs;
    }
    tally.mean_pairs = total_pairs / runs;
    return tally;
}

// docs/bisect.md: P(wrong) <= epsilon, checked with three binomial standard errors of slack.
bool within_error_bound(const Tally& tally, double epsilon) {
    const double margin = 3.0 * std::sqrt(epsilon * (1.0 - epsilon) / tally.runs);
    return static_cast<double>(tally.wrong) / tally.runs <= epsilon + margin;
}

// docs/bisect.md, "Expected games": per-pair Elo variance s^2 = var / slope^2, and
// E[pairs] ~ (9 + 8 ln n + 2 ln((1 - eps) / eps) + 2 (2 z95)^2) s^2 / step^2.
double stated_mean_pairs(double epsilon) {
    double mean = 0.0, variance = 0.0;
    for (int i = 0; i < 5; ++i) mean += kEvenPairs[i] * kPairScore[i];
    for (int i = 0; i < 5; ++i) variance += kEvenPairs[i] * (kPairScore[i] - mean) * (kPairScore[i] - mean);
    const double slope = 0.25 * std::log(10.0) / 400.0;
    const double per_pair = variance / (slope * slope);
    const double boundary = 2.0 * std::pow(2.0 * arbiter::bisect::kVerifyZ, 2.0);
    return (9.0 + 8.0 * std::log(kCommits) + 2.0 * std::log((1.0 - epsilon) / epsilon) + boundary) * per_pair /
           (kStep * kStep);
}

}  // namespace

TEST_CASE("a single -15 Elo step among 16 commits is named within the stated error rate and games", "[unit]") {
    const Tally tally = single_step_runs(designed_rule, 320, 20240041);
    const double stated = stated_mean_pairs(arbiter::bisect::kDefaultErrorRate);
    INFO("wrong " << tally.wrong << " of " << tally.runs << ", mean pairs " << tally.mean_pairs << ", stated "
                  << stated);
    CHECK(within_error_bound(tally, arbiter::bisect::kDefaultErrorRate));
    CHECK(tally.mean_pairs > 0.75 * stated);
    CHECK(tally.mean_pairs < 1.35 * stated);
    WARN("wrong " << tally.wrong << " of " << tally.runs << ", mean pairs " << tally.mean_pairs << ", stated "
                  << stated);
}

TEST_CASE("a rule that ignores the error fails the same check", "[unit]") {
    const Tally tally = single_step_runs(error_blind_rule, 320, 20240041);
    INFO("wrong " << tally.wrong << " of " << tally.runs);
    CHECK_FALSE(within_error_bound(tally, arbiter::bisect::kDefaultErrorRate));
}

TEST_CASE("two -15 Elo steps in one range are reported as contradicting a single step", "[unit]") {
    std::mt19937_64 random(41);
    const History history = stepped(kCommits, {5, 11}, kStep);
    int several = 0;
    const int runs = 40;
    for (int run = 0; run < runs; ++run)
        several += run_search(history, designed_rule, random).verdict == Verdict::several_steps;
    INFO(several << " of " << runs << " runs reported several steps");
    // docs/bisect.md: about three runs in four (30 of 40 with this seed); the rest name one of the two steps.
    CHECK(several >= runs * 2 / 3);
    WARN(several << " of " << runs << " runs reported several steps");
}
