// Skipped commits (no build, or a bench that differs from the commit's Bench: line), as
// `git bisect skip`: never measured, and a step next to them is named as a range.

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <stdexcept>
#include <vector>

#include "harness/bisect/bisect_decide.h"
#include "tests/bisect/simulated_history.h"

namespace {

using arbiter::bisect::BisectSettings;
using arbiter::bisect::CommitPairs;
using arbiter::bisect::Decision;
using arbiter::bisect::Verdict;
using namespace arbiter::bisect::testing;

Rule skipping_rule(std::vector<int> skipped) {
    return [skipped](int commits, const std::vector<CommitPairs>& stored) {
        BisectSettings settings;
        settings.commits = commits;
        settings.skipped = skipped;
        return arbiter::bisect::decide(settings, stored);
    };
}

// Every batch the search asks for, with the outcome: the test fails if a skipped commit is asked.
struct Watched {
    Outcome outcome;
    std::vector<int> asked;
};

Watched watched_search(const History& history, const Rule& rule, std::mt19937_64& random) {
    Watched watched;
    const Rule watching = [&](int commits, const std::vector<CommitPairs>& stored) {
        const Decision decision = rule(commits, stored);
        if (decision.verdict == Verdict::measure) watched.asked.push_back(decision.commit);
        return decision;
    };
    watched.outcome = run_search(history, watching, random);
    return watched;
}

}  // namespace

TEST_CASE("a skipped commit is never measured, and a step beside it is named as a range", "[unit]") {
    const std::vector<int> skipped = {5, 6};
    std::mt19937_64 random(4141);
    int right = 0, runs = 0;
    for (const int step : {5, 6, 7, 3, 12}) {
        for (int repeat = 0; repeat < 6; ++repeat, ++runs) {
            const Watched watched = watched_search(stepped(kCommits, {step}, kStep), skipping_rule(skipped), random);
            for (const int commit : watched.asked)
                REQUIRE(std::find(skipped.begin(), skipped.end(), commit) == skipped.end());
            const Outcome& outcome = watched.outcome;
            if (step >= 5 && step <= 7) {
                // 4 is measurable and good, 7 measurable and bad: 5, 6 and 7 cannot be told apart.
                right += outcome.verdict == Verdict::range && outcome.first == 5 && outcome.commit == 7;
            } else {
                right += outcome.verdict == Verdict::named && outcome.commit == step;
            }
        }
    }
    INFO(right << " of " << runs << " right");
    // The stated error rate (5%) with three binomial standard errors of slack, as for the plain search.
    CHECK(right >= runs - 3);
}

TEST_CASE("with every commit between good and bad skipped, the whole range is the answer", "[unit]") {
    std::mt19937_64 random(7);
    const Outcome outcome = run_search(stepped(4, {2}, kStep), skipping_rule({1, 2, 3}), random);
    CHECK(outcome.verdict == Verdict::range);
    CHECK(outcome.first == 1);
    CHECK(outcome.commit == 4);
}

TEST_CASE("a skipped commit outside the range between good and bad is refused", "[unit]") {
    BisectSettings settings;
    settings.commits = 4;
    settings.skipped = {4};  // the bad build must be measured: it sets the level
    CHECK_THROWS_AS(arbiter::bisect::decide(settings, {}), std::invalid_argument);
    settings.skipped = {0};
    CHECK_THROWS_AS(arbiter::bisect::decide(settings, {}), std::invalid_argument);
}

TEST_CASE("the credible range is the shortest run of whole blocks holding the mass", "[unit]") {
    using arbiter::bisect::credible_range;
    //                       k:  0    1    2    3    4    5
    const std::vector<double> posterior = {0.0, 0.05, 0.1, 0.6, 0.2, 0.05};
    auto range = credible_range(posterior, {}, 0.5);
    CHECK((range.first == 3 && range.last == 3));
    range = credible_range(posterior, {}, 0.85);
    CHECK((range.first == 2 && range.last == 4));
    // 3 skipped: it joins 4's block, so a range holding 3 holds 4 too.
    range = credible_range(posterior, {3}, 0.5);
    CHECK((range.first == 3 && range.last == 4));
    range = credible_range(posterior, {}, 1.0);
    CHECK((range.first == 1 && range.last == 5));
}
