#include "harness/stats/elo.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace arbiter::stats {

void PentaCounts::add_pair(double first_points) {
    std::int64_t* buckets[] = {&ll, &ld, &dd_wl, &wd, &ww};
    *buckets[std::clamp<long>(std::lround(first_points * 2), 0, 4)] += 1;
}

namespace {

// Score bounds used by fishtest's elo(): keeps perfect scores finite (+-1199.83 Elo).
constexpr double kScoreClamp = 1e-3;

// A discrete distribution of per-sample scores with raw frequencies.
template <std::size_t N>
struct ScoreFrequencies {
    std::array<double, N> values;
    std::array<std::int64_t, N> counts;
};

template <std::size_t N>
std::int64_t checked_total(const ScoreFrequencies<N>& freq, const char* what) {
    std::int64_t total = 0;
    for (std::int64_t count : freq.counts) {
        if (count < 0) throw std::invalid_argument(std::string(what) + ": counts must not be negative");
        total += count;
    }
    if (total == 0) throw std::invalid_argument(std::string(what) + ": no games (all counts are zero)");
    return total;
}

double los_from(double score, double variance_of_mean) {
    if (variance_of_mean <= 0.0) return score > 0.5 ? 1.0 : (score < 0.5 ? 0.0 : 0.5);
    return normal_cdf((score - 0.5) / std::sqrt(variance_of_mean));
}

// A score of exactly 1 or 0 is every sample at the top (bottom): the other way has no evidence.
void mark_bound(EloEstimate& est) {
    if (est.score != 1.0 && est.score != 0.0) return;
    const double floor = perfect_score_floor(est.samples);
    est.bound = est.score == 1.0 ? RatingBound::at_least : RatingBound::at_most;
    est.limit = est.score == 1.0 ? floor : -floor;
}

// Shared by both count kinds; sigma_factor is 1 for games and 2 for pairs (sigma^2 = factor * var).
template <std::size_t N>
EloEstimate estimate_from(const ScoreFrequencies<N>& freq, double sigma_factor, const char* what) {
    EloEstimate est;
    est.samples = checked_total(freq, what);
    const double n = static_cast<double>(est.samples);
    double score = 0.0;
    for (std::size_t k = 0; k < N; ++k) score += freq.values[k] * static_cast<double>(freq.counts[k]) / n;
    double variance = 0.0;
    for (std::size_t k = 0; k < N; ++k) {
        const double dev = freq.values[k] - score;
        variance += static_cast<double>(freq.counts[k]) / n * dev * dev;
    }
    est.score = score;
    est.variance = variance;

    const double half_width = kZ95 * std::sqrt(variance / n);
    est.elo = score_to_elo(score);
    // A zero-width interval is reported as exactly 0 (the two elo() calls may round differently).
    est.elo_error =
        half_width > 0.0 ? (score_to_elo(score + half_width) - score_to_elo(score - half_width)) / 2.0 : 0.0;
    est.los = los_from(score, variance / n);
    mark_bound(est);

    const double sigma = std::sqrt(sigma_factor * variance);
    if (sigma > 0.0) {
        est.nelo = (score - 0.5) / sigma * kNeloPerT;
        est.nelo_error = half_width / sigma * kNeloPerT;
    } else if (score == 0.5) {
        est.nelo = 0.0;
        est.nelo_error = 0.0;
    }
    return est;
}

}  // namespace

double score_to_elo(double score) {
    const double clamped = std::clamp(score, kScoreClamp, 1.0 - kScoreClamp);
    return -400.0 * std::log10(1.0 / clamped - 1.0);
}

double perfect_score_floor(std::int64_t samples) {
    const double score = std::pow(1.0 - kBoundConfidence, 1.0 / static_cast<double>(samples));
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

EloEstimate estimate_elo(const WdlCounts& counts) {
    const ScoreFrequencies<3> freq{{0.0, 0.5, 1.0}, {counts.losses, counts.draws, counts.wins}};
    EloEstimate est = estimate_from(freq, 1.0, "W/D/L");
    est.draw_ratio = static_cast<double>(counts.draws) / static_cast<double>(est.samples);
    return est;
}

EloEstimate estimate_elo(const PentaCounts& counts) {
    const ScoreFrequencies<5> freq{{0.0, 0.25, 0.5, 0.75, 1.0},
                                   {counts.ll, counts.ld, counts.dd_wl, counts.wd, counts.ww}};
    EloEstimate est = estimate_from(freq, 2.0, "pentanomial");
    est.draw_ratio = static_cast<double>(counts.dd_wl) / static_cast<double>(est.samples);
    return est;
}

}  // namespace arbiter::stats
