#pragma once
// The decision of `arbiter bisect` after each batch, as a pure function of the commit count and
// the pairs stored per commit, so that a resumed bisection decides as the killed one would have
// (docs/bisect.md gives the formulas, the error bound and the expected games).
//
// 1. The bad build is measured first. Without -sprt it plays until its regression is confirmed
//    (its Elo's one-sided 95% upper bound below 0) and known to a third of its size
//    (sigma_b <= |x_b| / 3): x_b becomes the bad level and 0 the good one. With -sprt the levels
//    are elo0 (bad) and elo1 (good), and the bad build plays the SPRT between them.
// 2. Then the posterior median is measured, one batch at a time, until one commit holds
//    1 - epsilon of the posterior; a candidate already known better than the bad level sends the
//    batch to the bad build instead, since then the level's error is what blurs the answer.
// 3. A commit whose Elo is far from both levels contradicts a single step: several regressions.
// 4. Before the commit is named, it and the one before it are measured until each is clear of the
//    levels' midpoint.

#include <optional>
#include <vector>

#include "harness/bisect/bisect_measure.h"
#include "harness/bisect/bisect_posterior.h"
#include "harness/stats/sprt.h"

namespace arbiter::bisect {

// The posterior mass one commit must hold before it is named: the chance, averaged over where the
// step is, of naming the wrong commit when the single-step model holds (docs/bisect.md).
inline constexpr double kDefaultErrorRate = 0.05;
// The bad level is known to 1/kLevelPrecision of its size before the search starts: a level off by
// a third still sits two thirds of the step away from the other one.
inline constexpr double kLevelPrecision = 3.0;
// One-sided 95% normal quantile: the regression is confirmed when x_b + 1.645 sigma_b < 0.
inline constexpr double kConfirmZ = 1.6448536269514722;
// A regression shown smaller than this (Elo) is "bad is not worse than good": shown when the bad
// build's Elo minus kNotConfirmedZ errors is above -kNegligibleElo. The bound is looked at after
// every batch, so it is the contradiction's 3.5 sigma, not 1.645: at 1.645, 11 of 320 simulated
// bisections of a real -15 Elo step stopped as "not confirmed" while the first batches were noisy.
inline constexpr double kNegligibleElo = 2.0;
inline constexpr double kNotConfirmedZ = 3.5;
// A commit further than this many errors from both levels contradicts a single step. 3.5 sigma
// (two-sided 5e-4) because it is looked at after every batch of every commit of the search.
inline constexpr double kContradictionZ = 3.5;

// Before a commit k is named, commits k - 1 and k must each lie on their own side of the levels'
// midpoint by this many errors (two-sided 95%): the step at k then carries the whole regression,
// and a commit halfway between the levels (a second step) keeps being measured until it shows.
inline constexpr double kVerifyZ = 1.959963984540054;

struct BisectSettings {
    int commits = 1;  // n: the bad build's number; 0 is the good build
    // From -sprt: the SPRT between elo0 (as bad as bad) and elo1 (as good as good); its alpha is
    // the error rate. None: levels and error rate as above.
    std::optional<stats::SprtParameters> sprt;
    double error_rate = kDefaultErrorRate;  // used without -sprt
    // Commits that cannot be measured (no build, or a bench that differs from the commit's Bench:
    // line), as `git bisect skip`: never a candidate. A step at a skipped commit cannot be told from
    // a step at the next measurable one, so those commits form one block of the answer.
    std::vector<int> skipped;
};

enum class Verdict {
    measure,        // play a batch of `commit` against the good build
    named,          // `commit` is the first bad commit
    range,          // skipped commits leave `first`..`commit`: the first bad one is among them
    not_confirmed,  // the bad build is not worse than the good one
    several_steps,  // the measurements contradict a single step (`commit` is the one that does)
};

struct Decision {
    Verdict verdict = Verdict::measure;
    int commit = 0;
    int first = 0;                  // with `range`: the range's first commit (else `commit`)
    StepLevels levels;              // once the bad build is confirmed
    std::vector<double> posterior;  // P(k), k = 0..commits, once the search has begun
};

// Throws std::invalid_argument when commits < 1, a commit is outside 0..commits, a skipped one is
// outside 1..commits-1, or the error rate is outside (0, 1).
Decision decide(const BisectSettings& settings, const std::vector<CommitPairs>& stored);

// The commits first..last (inclusive) that the first bad commit lies in with at least `mass` of
// the posterior: the shortest such run of whole blocks (a measurable commit and the skipped ones
// just before it), what a bisection stopped early (--budget-games) can still say.
struct CommitRange {
    int first = 1;
    int last = 1;
};
CommitRange credible_range(const std::vector<double>& posterior, const std::vector<int>& skipped, double mass);

}  // namespace arbiter::bisect
