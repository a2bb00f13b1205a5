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
    // The score clamped as elo() clamps it, so that a perfect score keeps a finite slope.
    const double score = std::clamp(estimate.score, 0.001, 0.999);
    const double slope = score * (1.0 - score) * std::log(10.0) / 400.0;
    const double sigma = std::sqrt(pair_variance / static_cast<double>(estimate.samples)) / slope;
    return {merged.commit, estimate.elo, sigma, estimate.samples};
}

}  // namespace arbiter::bisect
