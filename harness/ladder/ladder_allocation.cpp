#include "harness/ladder/ladder_allocation.h"

#include <algorithm>
#include <cmath>

namespace arbiter::ladder {
namespace {

// Variance of the step's rating; none when it was placed after the fit (no error: infinitely wide).
std::optional<double> rating_variance(const stats::LadderFit& fit, const std::string& player) {
    if (!fit.table) return std::nullopt;
    const auto index = fit.table->results.find(player);
    if (!index || !fit.table->players[*index].error95) return std::nullopt;
    const std::size_t n = fit.table->players.size();
    return fit.table->covariance[*index * n + *index];
}

}  // namespace

std::size_t batch_step(const stats::LadderFit& fit, const std::vector<std::string>& step_players, std::size_t widest,
                       bool head_to_head) {
    if (head_to_head || widest == 0) return widest;
    const std::optional<double> step = rating_variance(fit, step_players.at(widest));
    const std::optional<double> previous = rating_variance(fit, step_players.at(widest - 1));
    if (!step) return widest;
    if (!previous) return widest - 1;
    return *previous > *step ? widest - 1 : widest;
}

std::uint64_t batch_pairs(int workers, std::size_t pairings) {
    const auto per_slot = static_cast<std::uint64_t>(std::max<std::size_t>(pairings, 1));
    const auto wanted = static_cast<std::uint64_t>(std::max(workers, 1));
    const std::uint64_t slots = (wanted + per_slot - 1) / per_slot;
    return slots * per_slot;
}

std::uint64_t batch_pairs(int workers, std::size_t pairings, std::int64_t step_games, std::optional<double> error95,
                          double target95) {
    const std::uint64_t minimal = batch_pairs(workers, pairings);
    if (!error95 || target95 <= 0.0 || *error95 <= target95 || step_games <= 0) return minimal;
    const double ratio = *error95 / target95;
    const double games_still_needed = static_cast<double>(step_games) * (ratio * ratio - 1.0);
    const double quarter_in_pairs = games_still_needed / 4.0 / 2.0;
    // Bounded so that a wild early estimate cannot overflow the conversion.
    const double batches = std::min(std::floor(quarter_in_pairs / static_cast<double>(minimal)), 1e6);
    return minimal * std::max<std::uint64_t>(1, static_cast<std::uint64_t>(batches));
}

std::uint64_t pool_batch_pairs(int workers, std::size_t pairings, std::int64_t step_games,
                               std::optional<double> error95, double target95) {
    const std::uint64_t wanted = batch_pairs(workers, pairings, step_games, error95, target95);
    const auto step_pairs = static_cast<std::uint64_t>(std::max<std::int64_t>(step_games, 0) / 2);
    return std::min(wanted, std::max(batch_pairs(workers, pairings), step_pairs));
}

double shard_target(double target95, const std::optional<config::ShardSpec>& shard) {
    if (!shard) return target95;
    return target95 * std::sqrt(static_cast<double>(shard->count));
}

std::int64_t shard_budget(std::int64_t budget, const std::optional<config::ShardSpec>& shard) {
    if (!shard) return budget;
    const std::int64_t k = shard->index;
    const std::int64_t n = shard->count;
    // Floors of budget * k / n, computed without overflow for any budget below 2^62.
    const auto share_up_to = [&](std::int64_t part) { return budget / n * part + budget % n * part / n; };
    return share_up_to(k) - share_up_to(k - 1);
}

WidestBatch choose_widest_batch(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t widest, int workers) {
    constexpr double kGamesPerPair = 2.0;  // every opening with both colours
    if (plan.pool && !fit.table) {
        if (const auto unlinked = first_unlinked_step(fit, plan)) return {*unlinked, std::nullopt, true};
    }
    if (plan.pool) return choose_pool_batch(fit, plan, widest, kGamesPerPair * std::max(workers, 1));
    std::vector<std::string> players;
    for (const auto& step : plan.steps) players.push_back(step.player);
    return {batch_step(fit, players, widest, plan.config.head_to_head), std::nullopt, false};
}

}  // namespace arbiter::ladder
