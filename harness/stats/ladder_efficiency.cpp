#include "harness/stats/ladder_efficiency.h"

#include <algorithm>
#include <cmath>

namespace arbiter::stats {
namespace {

// The information of one game expected at 50%, in units of k^2.
constexpr double kMostInformation = 0.25;

}  // namespace

std::optional<InformationEfficiency> information_efficiency(const RatingTable& table) {
    const double k = scale_constant(table.scale);
    const PairMatrix& results = table.results;
    double information = 0.0;
    std::int64_t games = 0;
    for (std::size_t w = 0; w < results.size(); ++w) {
        for (std::size_t b = 0; b < results.size(); ++b) {
            const std::int64_t n = results.cell(w, b).games();
            if (n == 0) continue;
            const double difference = table.players[w].rating - table.players[b].rating + table.white_advantage;
            const double expected = 1.0 / (1.0 + std::exp(-k * difference));
            information += static_cast<double>(n) * expected * (1.0 - expected);
            games += n;
        }
    }
    if (games == 0) return std::nullopt;
    return InformationEfficiency{information / (kMostInformation * static_cast<double>(games)), games};
}

std::vector<std::optional<double>> adjacent_improvement_correlations(const RatingTable& table,
                                                                     const std::vector<std::string>& step_players) {
    std::vector<std::optional<double>> correlations(step_players.size());
    const std::size_t n = table.players.size();
    const auto fitted_index = [&](const std::string& player) -> std::optional<std::size_t> {
        const auto index = table.results.find(player);
        if (!index || !table.players[*index].fitted) return std::nullopt;
        return index;
    };
    const auto c = [&](std::size_t a, std::size_t b) { return table.covariance[a * n + b]; };
    for (std::size_t i = 2; i < step_players.size(); ++i) {
        const auto before = fitted_index(step_players[i - 2]);
        const auto middle = fitted_index(step_players[i - 1]);
        const auto after = fitted_index(step_players[i]);
        if (!before || !middle || !after) continue;
        const std::size_t p = *before, m = *middle, q = *after;
        const double first = c(m, m) + c(p, p) - 2.0 * c(m, p);   // Var(r_m - r_p)
        const double second = c(q, q) + c(m, m) - 2.0 * c(q, m);  // Var(r_q - r_m)
        if (!(first > 0.0) || !(second > 0.0)) continue;
        const double covariance = c(m, q) - c(m, m) - c(p, q) + c(p, m);
        correlations[i] = std::clamp(covariance / std::sqrt(first * second), -1.0, 1.0);
    }
    return correlations;
}

std::optional<CorrelationSummary> summarize_correlations(const std::vector<std::optional<double>>& correlations) {
    CorrelationSummary summary;
    double sum = 0.0;
    for (const auto& correlation : correlations) {
        if (!correlation) continue;
        summary.lowest = summary.pairs == 0 ? *correlation : std::min(summary.lowest, *correlation);
        summary.highest = summary.pairs == 0 ? *correlation : std::max(summary.highest, *correlation);
        sum += *correlation;
        ++summary.pairs;
    }
    if (summary.pairs == 0) return std::nullopt;
    summary.mean = sum / static_cast<double>(summary.pairs);
    return summary;
}

}  // namespace arbiter::stats
