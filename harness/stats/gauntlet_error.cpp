#include "harness/stats/gauntlet_error.h"

#include <cmath>
#include <numbers>

#include "harness/stats/elo.h"

namespace arbiter::stats {
namespace {

// Elo per unit of the logistic's natural scale: a rating difference R gives the score 1/(1 + 10^(-R/400)).
constexpr double kEloPerLogit = 400.0 / std::numbers::ln10;

}  // namespace

std::optional<double> gauntlet_rating_error95(const WdlCounts& record) {
    const auto games = static_cast<double>(record.games());
    if (games <= 0) return std::nullopt;
    const double score = record.points() / games;
    const double spread = score * (1.0 - score);  // the logistic's slope at the score, per logit
    if (spread <= 0) return std::nullopt;
    const double draw_ratio = static_cast<double>(record.draws) / games;
    const double variance = spread - draw_ratio / 4.0;  // E[x^2] - s^2 for x in {1, 1/2, 0}
    return kZ95 * kEloPerLogit * std::sqrt(variance / games) / spread;
}

double combined_error95(double first, double second) { return std::hypot(first, second); }

}  // namespace arbiter::stats
