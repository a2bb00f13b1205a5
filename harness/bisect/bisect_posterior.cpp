#include "harness/bisect/bisect_posterior.h"

#include <algorithm>
#include <cmath>

#include "harness/stats/elo.h"

namespace arbiter::bisect {

std::vector<double> step_posterior(int commits, const StepLevels& levels, const std::vector<CommitElo>& measured) {
    // Log-likelihoods accumulated per hypothesis k; the constant terms cancel in the normalization.
    std::vector<double> log_weight(static_cast<std::size_t>(commits) + 1, 0.0);
    for (const CommitElo& one : measured) {
        if (one.commit <= 0 || one.commit >= commits) continue;
        const double bad_variance = one.score_sigma * one.score_sigma + levels.bad_sigma * levels.bad_sigma;
        const double good_variance = one.score_sigma * one.score_sigma;
        const double as_bad =
            -(one.score - levels.bad) * (one.score - levels.bad) / (2.0 * bad_variance) - 0.5 * std::log(bad_variance);
        const double as_good = -(one.score - levels.good) * (one.score - levels.good) / (2.0 * good_variance) -
                               0.5 * std::log(good_variance);
        for (int k = 1; k <= commits; ++k)
            log_weight[static_cast<std::size_t>(k)] += k <= one.commit ? as_bad : as_good;
    }
    const double top = *std::max_element(log_weight.begin() + 1, log_weight.end());
    std::vector<double> posterior(log_weight.size(), 0.0);
    double total = 0.0;
    for (std::size_t k = 1; k < log_weight.size(); ++k) total += posterior[k] = std::exp(log_weight[k] - top);
    for (double& p : posterior) p /= total;
    return posterior;
}

EloLevels elo_levels(const StepLevels& levels) {
    const double half = stats::kZ95 * levels.bad_sigma;
    const double error95 = (stats::score_to_elo(std::min(levels.bad + half, 1.0)) -
                            stats::score_to_elo(std::max(levels.bad - half, 0.0))) /
                           2.0;
    return {stats::score_to_elo(levels.good), stats::score_to_elo(levels.bad), half > 0.0 ? error95 : 0.0};
}

bool on_bad_side(double score, const StepLevels& levels) {
    const double middle = (levels.good + levels.bad) / 2.0;
    return levels.bad < levels.good ? score < middle : score > middle;
}

int median_candidate(const std::vector<double>& posterior, const std::vector<int>& skipped) {
    const int commits = static_cast<int>(posterior.size()) - 1;
    int best = 1;
    double best_gap = 2.0;
    double below = 0.0;  // P(k <= i)
    for (int i = 1; i < commits; ++i) {
        below += posterior[static_cast<std::size_t>(i)];
        if (std::find(skipped.begin(), skipped.end(), i) != skipped.end()) continue;
        const double gap = std::abs(below - 0.5);
        if (gap < best_gap) best = i, best_gap = gap;
    }
    return best;
}

}  // namespace arbiter::bisect
