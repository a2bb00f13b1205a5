#pragma once
// The Elo cell a report prints for game pairs, worked out from the pairs' scores by the formulas
// harness/stats/elo.h states (fishtest's), without arbiter's code: the check of a report's cell.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace test_support {

// fishtest's elo(): the score clamped into [0.001, 0.999].
inline double clamped_elo(double score) {
    const double x = std::clamp(score, 0.001, 0.999);
    return -400.0 * std::log10(1.0 / x - 1.0);
}

inline std::string signed_round(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.0f", std::round(value) == 0.0 ? 0.0 : std::round(value));
    return text;
}

// "+35 ± 40 (10)" from per-pair scores (a pair's points over 2: 0, 1/4, 1/2, 3/4 or 1): Elo and the
// half-width of its 95% interval, the games in brackets. A perfect (null) score is a floor (ceiling),
// the one-sided 95% bound "> -216"; a zero-width interval has no "±".
inline std::string pentanomial_elo_cell(const std::vector<double>& pair_scores) {
    const double n = static_cast<double>(pair_scores.size());
    double s = 0;
    for (double x : pair_scores) s += x / n;
    const std::string games = " (" + std::to_string(2 * pair_scores.size()) + ")";
    const double floor = clamped_elo(std::pow(0.05, 1.0 / n));
    if (s == 1.0) return "> " + signed_round(floor) + games;
    if (s == 0.0) return "< " + signed_round(-floor) + games;
    double variance = 0;
    for (double x : pair_scores) variance += (x - s) * (x - s) / n;
    const double margin = 1.959963984540054 * std::sqrt(variance / n);
    const double error = (clamped_elo(s + margin) - clamped_elo(s - margin)) / 2;
    char half_width[32];
    std::snprintf(half_width, sizeof half_width, "%.0f", std::round(error));
    return signed_round(clamped_elo(s)) + (error > 0 ? std::string(" \xC2\xB1 ") + half_width : "") + games;
}

}  // namespace test_support
