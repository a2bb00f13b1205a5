#include "harness/bisect/bisect_measure.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace arbiter::bisect {

std::vector<CommitPairs> merge_by_commit(const std::vector<CommitPairs>& stored) {
    std::map<int, stats::PentaCounts> sums;
    for (const CommitPairs& one : stored) sums[one.commit] += one.pairs;
    std::vector<CommitPairs> merged;
    for (const auto& [commit, pairs] : sums)
        if (pairs.pairs() > 0) merged.push_back({commit, pairs});
    return merged;
}

double pooled_pair_variance(const std::vector<CommitPairs>& merged) {
    double weighted = 0.0, pairs = 0.0;
    for (const CommitPairs& one : merged) {
        const stats::EloEstimate estimate = stats::estimate_elo(one.pairs);
        weighted += estimate.variance * static_cast<double>(estimate.samples);
        pairs += static_cast<double>(estimate.samples);
    }
    return pairs > 0.0 ? std::max(weighted / pairs, kPairVarianceFloor) : kPairVarianceFloor;
}

CommitElo commit_elo(const CommitPairs& merged, double pair_variance) {
    const stats::EloEstimate estimate = stats::estimate_elo(merged.pairs);
    const double score_sigma = std::sqrt(pair_variance / static_cast<double>(estimate.samples));
    const double half_width = stats::kZ95 * score_sigma;
    const double elo_half_width = (stats::score_to_elo(std::min(estimate.score + half_width, 1.0)) -
                                   stats::score_to_elo(std::max(estimate.score - half_width, 0.0))) /
                                  2.0;
    return {merged.commit, estimate.elo, elo_half_width / stats::kZ95, estimate.samples, estimate.score, score_sigma};
}

}  // namespace arbiter::bisect
