#pragma once
// What a ladder's games are worth, from its joint fit (ladder_fit.h): the information efficiency of
// the games and the correlation between adjacent improvements.
//
// Information efficiency = sum over games of E(1-E), divided by 0.25 per game, E the game's
// expected score from the fitted ratings (E = 1 / (1 + exp(-k (r_white - r_black + white advantage)))
// on the fit's scale). One game's Fisher information about a rating difference is k^2 E(1-E), at
// most k^2/4 at E = 0.5; so the efficiency is the share of the information the same games would
// give if every one were expected at 50%, and the games a target needs grow as its inverse. A game
// expected at 90% counts 0.36. Every game of the fit counts, whoever played it.
//
// Adjacent improvements. Improvement i is d_i = r_i - r_(i-1). Two adjacent ones share r_i with
// opposite signs: Cov(d_i, d_(i+1)) = C_(i,i+1) - C_(i,i) - C_(i-1,i+1) + C_(i-1,i) from the fit's
// covariance C, and the correlation is that over the product of their standard deviations. When the
// steps are tied only through anchored opponents, with equal variances, it is -1/2: an error that
// lifts r_i lifts d_i and lowers d_(i+1). So the sum of two adjacent improvements (r_(i+1) -
// r_(i-1)) is narrower than their errors added in quadrature.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/stats/ratings.h"

namespace arbiter::stats {

struct InformationEfficiency {
    double efficiency = 0.0;
    std::int64_t games = 0;
};

// None when the table holds no games.
std::optional<InformationEfficiency> information_efficiency(const RatingTable& table);

// Entry i (i >= 2) is the correlation of improvements i-1 and i (steps named by their players, in
// ladder order); none for i < 2, for a step missing from the table or placed after the fit, and for
// an improvement without variance.
std::vector<std::optional<double>> adjacent_improvement_correlations(const RatingTable& table,
                                                                     const std::vector<std::string>& step_players);

struct CorrelationSummary {
    double mean = 0.0;
    double lowest = 0.0;
    double highest = 0.0;
    std::size_t pairs = 0;  // adjacent pairs of improvements with a correlation
};

// None when no entry has a value.
std::optional<CorrelationSummary> summarize_correlations(const std::vector<std::optional<double>>& correlations);

}  // namespace arbiter::stats
