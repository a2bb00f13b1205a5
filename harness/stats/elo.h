#pragma once
// Match statistics from trinomial (W/D/L) or pentanomial (game-pair) counts.
//
// Definitions (the same ones fastchess prints and fishtest's stat_util uses):
//
//   Trinomial, N = W + D + L games, per-game score x in {1, 1/2, 0}:
//     s     = (W + D/2) / N                              mean score
//     var   = [W (1-s)^2 + D (1/2-s)^2 + L s^2] / N      per-game variance (population form)
//     sigma = sqrt(var)                                  per-game standard deviation
//   Pentanomial, P = LL + LD + (DD+WL) + WD + WW pairs, per-pair score x in {0, 1/4, 1/2, 3/4, 1}
//   (the pair's points divided by 2):
//     s     = (LD/4 + (DD+WL)/2 + 3 WD/4 + WW) / P
//     var   = sum_k n_k (x_k - s)^2 / P                  per-pair variance
//     sigma = sqrt(2 var)                                per-game deviation implied by the pairs
//
//   With n = N (trinomial) or P (pentanomial) and z = 1.959963984540054 (the 97.5% normal quantile):
//     elo(x)     = -400 log10(1/x - 1), x clamped into [0.001, 0.999] (fishtest's elo()) so that a
//                  perfect or null score gives +-1199.83 instead of infinity
//     Elo        = elo(s)
//     elo_error  = [elo(s + z sqrt(var/n)) - elo(s - z sqrt(var/n))] / 2   (fastchess "+/-")
//     LOS        = Phi((s - 1/2) / sqrt(var/n)),  Phi = standard normal CDF
//     nElo       = (s - 1/2) / sigma * 800 / ln(10)
//     nelo_error = z sqrt(var/n) / sigma * 800 / ln(10)   (nElo is linear in s)
//     draw_ratio = D / N (trinomial), (DD+WL) / P (pentanomial)
//
// When var == 0 (every game/pair has the same score) the interval has zero width, LOS is 1, 0 or
// 1/2 by the sign of s - 1/2, and nElo is 0 for s == 1/2 and undefined (std::nullopt) otherwise.
//
// Perfect and null scores (s == 1 or 0) have no finite Elo: their estimate is a bound. `limit` is
// the exact one-sided 95% confidence bound of the score, turned into Elo (Clopper-Pearson for the
// n samples that all scored 1, the "rule of three" for large n):
//     s == 1:  Elo > elo(0.05^(1/n))          s == 0:  Elo < -elo(0.05^(1/n))
// Every sample scoring 1 has probability p1^n <= s^n (p1 the chance of a sample scoring 1, s its
// mean), so a mean below 0.05^(1/n) makes what was seen less likely than 5%. `elo` keeps fishtest's
// clamp (+-1199.83) for the tools' own lines that print it as fishtest and fastchess would.

#include <cstdint>
#include <optional>
#include <string>

#include "harness/stats/rating_bound.h"
#include "harness/stats/wdl_counts.h"

namespace arbiter::stats {

// 97.5% quantile of the standard normal distribution: the two-sided 95% interval factor.
inline constexpr double kZ95 = 1.959963984540054;
// Normalized Elo per unit of t-value: 800 / ln(10).
inline constexpr double kNeloPerT = 347.43558552260146;

// Game-pair counts, each pair being one opening played with both colours.
// dd_wl holds DD + WL (both pairs score one point out of two).
struct PentaCounts {
    std::int64_t ll = 0;
    std::int64_t ld = 0;
    std::int64_t dd_wl = 0;
    std::int64_t wd = 0;
    std::int64_t ww = 0;

    std::int64_t pairs() const { return ll + ld + dd_wl + wd + ww; }
    PentaCounts& operator+=(const PentaCounts& more) {
        ll += more.ll, ld += more.ld, dd_wl += more.dd_wl, wd += more.wd, ww += more.ww;
        return *this;
    }
    bool operator==(const PentaCounts&) const = default;
    // Counts a finished pair by the first engine's points in it: 0, 0.5, 1, 1.5 or 2.
    void add_pair(double first_points);
};

struct EloEstimate {
    double score = 0.5;        // mean score per game, 0..1
    double variance = 0.0;     // per-game (trinomial) or per-pair (pentanomial) variance
    std::int64_t samples = 0;  // games (trinomial) or pairs (pentanomial)
    double elo = 0.0;
    double elo_error = 0.0;      // half-width of the 95% interval
    double los = 0.5;            // likelihood of superiority, 0..1
    double draw_ratio = 0.0;     // 0..1
    std::optional<double> nelo;  // undefined when var == 0 and s != 1/2
    std::optional<double> nelo_error;
    RatingBound bound = RatingBound::exact;  // at_least for s == 1, at_most for s == 0
    std::optional<double> limit;             // with a bound: the 95% one-sided bound in Elo
};

// One-sided confidence for the bound of a perfect or null score.
inline constexpr double kBoundConfidence = 0.95;

// Logistic Elo difference for an expected score, clamped like fishtest's elo().
double score_to_elo(double score);
// Expected score for a logistic Elo difference: 1 / (1 + 10^(-elo/400)).
double elo_to_score(double elo);
// The Elo floor of `samples` samples that all scored 1: elo(0.05^(1/samples)); negate for a ceiling.
double perfect_score_floor(std::int64_t samples);
// Standard normal cumulative distribution function.
double normal_cdf(double x);

// Throw std::invalid_argument naming the problem when the counts are negative or all zero.
EloEstimate estimate_elo(const WdlCounts& counts);
EloEstimate estimate_elo(const PentaCounts& counts);

}  // namespace arbiter::stats
