#include "harness/ladder/ladder_pool.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <nlohmann/json.hpp>

namespace arbiter::ladder {
namespace {

constexpr double kEloPerDecade = 400.0;  // the logistic Elo scale: 400 points are odds of 10 to 1

std::optional<double> fitted_rating(const stats::LadderFit& fit, const std::string& player) {
    if (!fit.table) return std::nullopt;
    const auto index = fit.table->results.find(player);
    if (!index) return std::nullopt;
    return fit.table->players[*index].rating;
}

bool has_anchor(const stats::LadderFit& fit) {
    if (!fit.table) return false;
    return std::any_of(fit.table->players.begin(), fit.table->players.end(),
                       [](const stats::PlayerRating& player) { return player.anchor; });
}

// What moves the fit's ratings onto the priors' scale: 0 when an anchor fixes the fit's scale.
double scale_shift(const stats::LadderFit& fit, const std::vector<std::string>& pool,
                   const std::vector<double>& priors) {
    if (has_anchor(fit)) return 0.0;
    double sum = 0.0;
    std::size_t rated = 0;
    for (std::size_t i = 0; i < pool.size(); ++i) {
        if (const auto fitted = fitted_rating(fit, pool[i])) {
            sum += priors[i] - *fitted;
            ++rated;
        }
    }
    return rated == 0 ? 0.0 : sum / static_cast<double>(rated);
}

}  // namespace

double expected_score(double rating, double opponent) {
    return 1.0 / (1.0 + std::pow(10.0, -(rating - opponent) / kEloPerDecade));
}

std::vector<PoolChoice> nearest_opponents(double rating, const std::vector<double>& opponents, std::size_t k) {
    std::vector<std::size_t> order(opponents.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // |E - 0.5| grows with |r - r_opponent|: the distance in Elo orders them, and stable_sort keeps
    // the pool's order on ties.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::fabs(rating - opponents[a]) < std::fabs(rating - opponents[b]);
    });
    order.resize(std::min(k, order.size()));
    std::vector<PoolChoice> chosen;
    for (const std::size_t index : order) chosen.push_back({index, expected_score(rating, opponents[index])});
    return chosen;
}

PoolRatings pool_ratings(const stats::LadderFit& fit, const std::vector<std::string>& step_players,
                         const std::vector<std::string>& pool, const std::vector<double>& priors,
                         double first_step_prior) {
    const double shift = scale_shift(fit, pool, priors);
    PoolRatings ratings;
    for (std::size_t i = 0; i < pool.size(); ++i) {
        const auto fitted = fitted_rating(fit, pool[i]);
        ratings.opponents.push_back(fitted ? *fitted + shift : priors[i]);
    }
    double before = first_step_prior;
    for (const auto& player : step_players) {
        const auto fitted = fitted_rating(fit, player);
        ratings.steps.push_back(fitted ? *fitted + shift : before);
        before = ratings.steps.back();
    }
    return ratings;
}

std::vector<PoolChoice> choose_pool_opponents(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t step) {
    const PoolPlan& pool = plan.pool.value();
    std::vector<std::string> steps, opponents;
    for (const auto& planned : plan.steps) steps.push_back(planned.player);
    for (const auto& opponent : plan.opponents) opponents.push_back(opponent.name);
    const PoolRatings ratings = pool_ratings(fit, steps, opponents, pool.priors, pool.first_step_prior);
    return nearest_opponents(ratings.steps.at(step), ratings.opponents, pool.opponents_per_step);
}

PoolPlan pool_plan(const PoolSettings& pool) {
    PoolPlan plan;
    plan.opponents_per_step = static_cast<std::size_t>(pool.opponents_per_step);
    for (const auto& opponent : pool.opponents) plan.priors.push_back(opponent.prior.value());
    const double sum = std::accumulate(plan.priors.begin(), plan.priors.end(), 0.0);
    plan.first_step_prior = pool.first_step_prior.value_or(sum / static_cast<double>(plan.priors.size()));
    return plan;
}

nlohmann::json pool_json(const LadderPlan& plan) {
    const PoolPlan& pool = plan.pool.value();
    nlohmann::json priors = nlohmann::json::object();
    for (std::size_t i = 0; i < plan.opponents.size(); ++i) priors[plan.opponents[i].name] = pool.priors.at(i);
    return {{"opponents_per_step", pool.opponents_per_step},
            {"first_step_prior", pool.first_step_prior},
            {"priors", priors}};
}

config::MatchConfig pool_match_config(const LadderPlan& plan, std::size_t step, std::size_t opponent,
                                      const std::string& db, std::optional<config::ShardSpec> shard, int concurrency) {
    config::MatchConfig match = step_match_config(plan, step, db, shard, concurrency);
    match.engines = {plan.steps.at(step).spec, plan.opponents.at(opponent).spec};
    return match;
}

}  // namespace arbiter::ladder
