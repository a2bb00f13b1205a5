#pragma once
// The posterior over which commit is the first bad one (docs/bisect.md, "Model").
//
// Single-step model: commit i has Elo g against the good build for i < k and b for i >= k, k in
// 1..n the first bad commit, uniform prior. A commit measured at x with error sigma has likelihood
// N(x; b, sigma^2 + sigma_b^2) under every k <= i and N(x; g, sigma^2) under every k > i, where
// sigma_b is the error of the bad level itself (0 when -sprt gives the levels). The bad commit's
// own measurement is the same under every k and only sets b.

#include <vector>

#include "harness/bisect/bisect_measure.h"

namespace arbiter::bisect {

// The two levels a commit is tested between, as mean pair scores against the good build.
struct StepLevels {
    double good = 0.5;       // a commit before the step
    double bad = 0.5;        // a commit at or after it
    double bad_sigma = 0.0;  // error of `bad` when it was measured (the bad build's score sigma)
};

// The levels as people read them: Elo against the good build, and the bad level's 95% half-width
// (its score interval mapped to Elo).
struct EloLevels {
    double good = 0.0;
    double bad = 0.0;
    double bad_error95 = 0.0;
};
EloLevels elo_levels(const StepLevels& levels);

// A commit scoring `score` is on the bad level's side of the levels' midpoint: the side the
// search's boundary check (docs/bisect.md) would settle it on.
bool on_bad_side(double score, const StepLevels& levels);

// P(k) for k = 0..commits (entry 0 is always 0: the good build is good), from the estimates of the
// commits strictly between good and bad.
std::vector<double> step_posterior(int commits, const StepLevels& levels, const std::vector<CommitElo>& measured);

// The commit in 1..commits-1, `skipped` left out, whose question "is k <= i?" is closest to an
// even bet: the posterior median, ties to the lower commit. Requires a commit that is not skipped.
int median_candidate(const std::vector<double>& posterior, const std::vector<int>& skipped = {});

}  // namespace arbiter::bisect
