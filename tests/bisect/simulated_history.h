#pragma once
// Simulated histories for the bisection's tests: game pairs drawn from known Elo steps, and the
// search run on them to its end (docs/bisect.md's claims are checked on these).

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "harness/bisect/bisect_decide.h"

namespace arbiter::bisect::testing {

// Pair outcomes at equal strength, LL, LD, DD+WL, WD, WW: a bullet draw ratio of 0.56 pairs that
// score one point, per-pair variance 0.0331 (about 127 Elo per pair).
constexpr std::array<double, 5> kEvenPairs = {0.025, 0.195, 0.56, 0.195, 0.025};
constexpr std::array<double, 5> kPairScore = {0.0, 0.25, 0.5, 0.75, 1.0};
constexpr int kBatchPairs = 16;            // one batch: 16 openings, both colours
constexpr std::int64_t kPairCap = 200000;  // a run that reaches this has not stopped: counted as wrong
constexpr int kCommits = 16;
constexpr double kStep = -15.0;

// The pair distribution at `elo`: kEvenPairs tilted exponentially, p_i ~ p0_i exp(theta a_i), with
// theta chosen by bisection so that the mean score is the logistic score of `elo`.
inline std::array<double, 5> pairs_at(double elo) {
    const double target = 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
    auto tilted = [](double theta) {
        std::array<double, 5> p{};
        double total = 0.0;
        for (int i = 0; i < 5; ++i) total += p[i] = kEvenPairs[i] * std::exp(theta * kPairScore[i]);
        for (double& x : p) x /= total;
        return p;
    };
    double low = -20.0, high = 20.0;
    for (int i = 0; i < 100; ++i) {
        const double mid = (low + high) / 2.0;
        const auto p = tilted(mid);
        double mean = 0.0;
        for (int j = 0; j < 5; ++j) mean += p[j] * kPairScore[j];
        (mean < target ? low : high) = mid;
    }
    return tilted((low + high) / 2.0);
}

struct History {
    std::vector<std::array<double, 5>> pairs;  // per commit 0..n
    explicit History(const std::vector<double>& elo) {
        for (double e : elo) pairs.push_back(pairs_at(e));
    }
    int commits() const { return static_cast<int>(pairs.size()) - 1; }
};

// A history of `commits` commits whose Elo drops by `step` at each commit listed in `steps`.
inline History stepped(int commits, const std::vector<int>& steps, double step) {
    std::vector<double> elo(static_cast<std::size_t>(commits) + 1, 0.0);
    for (int s : steps)
        for (int i = s; i <= commits; ++i) elo[static_cast<std::size_t>(i)] += step;
    return History(elo);
}

inline CommitPairs play_batch(const History& history, int commit, std::mt19937_64& random) {
    const auto& p = history.pairs[static_cast<std::size_t>(commit)];
    std::discrete_distribution<int> outcome(p.begin(), p.end());
    CommitPairs batch{commit, {}};
    for (int i = 0; i < kBatchPairs; ++i) batch.pairs.add_pair(outcome(random) / 2.0);
    return batch;
}

struct Outcome {
    Verdict verdict = Verdict::measure;
    int commit = 0;
    int first = 0;  // a range's first commit
    std::int64_t pairs = 0;
};

using Rule = std::function<Decision(int commits, const std::vector<CommitPairs>& stored)>;

inline Outcome run_search(const History& history, const Rule& rule, std::mt19937_64& random) {
    std::vector<CommitPairs> stored;
    std::int64_t pairs = 0;
    while (pairs < kPairCap) {
        const Decision decision = rule(history.commits(), stored);
        if (decision.verdict != Verdict::measure) return {decision.verdict, decision.commit, decision.first, pairs};
        stored.push_back(play_batch(history, decision.commit, random));
        pairs += kBatchPairs;
    }
    return {Verdict::measure, 0, 0, pairs};
}

}  // namespace arbiter::bisect::testing
