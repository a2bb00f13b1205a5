#pragma once
// The 95% error of a rating measured by one gauntlet against opponents whose ratings are fixed, from
// the rated player's record alone: how a table that publishes only each build's Ordo line (its W/D/L
// over all opponents) can still say how precise its figures are. docs/statistics.md ("The seed's
// error") derives it and checks it against the per-opponent figure of one published block.
//
//   n = W + D + L, s = (W + D/2) / n, d = D / n
//   per-game variance of the score: var = s(1 - s) - d/4
//   the logistic curve's slope at s: dS/dR = s(1 - s) ln(10) / 400 per Elo
//   rating error95 = z * (400 / ln 10) * sqrt(var / n) / (s(1 - s))      (z = 1.96)
//
// An improvement measured as the difference of two such ratings, from two independent gauntlets,
// has the error sqrt(e1^2 + e2^2) (combined_error95).

#include <optional>

#include "harness/stats/wdl_counts.h"

namespace arbiter::stats {

// None without games or for a perfect or null score, whose rating has no finite error.
std::optional<double> gauntlet_rating_error95(const WdlCounts& record);

// Two independent 95% errors of quantities added or subtracted: the root of the sum of squares.
double combined_error95(double first, double second);

}  // namespace arbiter::stats
