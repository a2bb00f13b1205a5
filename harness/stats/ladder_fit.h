#pragma once
// The joint fit of a feature ladder and what its precision target reads from it: one rating fit
// over every game of the ladder (anchors fixed), each step's improvement over the previous step
// with the 95% error of that difference, and whether every improvement is within a target.
//
// `arbiter report features` shows these figures and `arbiter ladder --target-error` decides from
// them, so both go through here and can never disagree.
//
// Fit. Maximum likelihood (ratings.h, sandwich covariance). When no finite maximum-likelihood
// solution exists (a small sample where a group of players never scored against the rest),
// BayesElo's prior of 2 virtual draws per pair keeps the ratings finite; such ratings are shown,
// but a precision target is never met on them, because the prior, not the games, narrows them.
//
// Improvement i (i >= 1) = r_i - r_(i-1); its variance is C_ii + C_(i-1)(i-1) - 2 C_i(i-1) from
// the fit's covariance C, so games the two steps played against each other (head to head) count
// fully, and anchored opponents carry no error. A step placed after the fit for a perfect score
// (ratings.h) has no error: its improvements count as infinitely wide.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/stats/pair_matrix.h"
#include "harness/stats/ratings.h"

namespace arbiter::stats {

struct LadderFit {
    std::optional<RatingTable> table;  // none: no games, or no rating possible at all
    PairMatrix results;                // the games fitted, kept when no rating was possible: who met whom
    bool from_bayeselo = false;        // the maximum-likelihood fit had no finite solution
    std::string problem;               // why maximum likelihood failed (with or without a fallback)
    std::int64_t games = 0;
};

// Anchors naming players without games are ignored (a step not played yet has no opponent games).
LadderFit fit_ladder(const PairMatrix& results, const std::map<std::string, double>& anchors);

struct StepImprovement {
    std::optional<double> value;    // r_i - r_(i-1); none for step 0, an unrated step, or two floors (ceilings)
    std::optional<double> error95;  // 1.959964 * SD of the difference; none when not estimable
    RatingBound bound = RatingBound::exact;  // a floor or ceiling when a step was placed for a perfect score
};

// One entry per step (steps named by their players, in ladder order); entry 0 is always empty.
std::vector<StepImprovement> step_improvements(const LadderFit& fit, const std::vector<std::string>& step_players);

struct PrecisionVerdict {
    bool met = false;
    // The step (>= 1) whose improvement has the widest error (an improvement without an error is
    // infinitely wide; ties go to the earlier step); none for a ladder of fewer than two steps.
    std::optional<std::size_t> widest;
    std::optional<double> widest_error95;  // none: infinitely wide
};

// Met: every improvement has an error of at most `target95` Elo, from the maximum-likelihood fit.
PrecisionVerdict judge_precision(const LadderFit& fit, const std::vector<StepImprovement>& improvements,
                                 double target95);

}  // namespace arbiter::stats
