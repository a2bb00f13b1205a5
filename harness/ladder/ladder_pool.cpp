#include "harness/ladder/ladder_pool.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>

#include <nlohmann/json.hpp>

#include "harness/ladder/ladder_allocation.h"

namespace arbiter::ladder {
namespace {

constexpr double kEloPerDecade = 400.0;  // the logistic Elo scale: 400 points are odds of 10 to 1

// One draw tells (ln 10 / 400)^2 / 4 about a logistic rating, so n draws against a fixed player pin a
// rating to within an SD of 347/sqrt(n) Elo: 12 draws make a prior worth about 100 Elo, the width of a
// prior measured at the clock from a few dozen games.
constexpr std::int64_t kPriorDraws = 12;

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

// Var(r_a - r_b) after `games` more games of `player` against each of `opponents` (table indexes).
double predicted_difference_variance(const stats::RatingTable& table, std::size_t a, std::size_t b, std::size_t player,
                                     const std::vector<std::size_t>& opponents, double games) {
    const std::size_t n = table.players.size();
    const double k = stats::scale_constant(table.scale);
    std::vector<double> c = table.covariance;
    std::vector<double> cu(n);
    for (const std::size_t opponent : opponents) {
        const double expected =
            1.0 / (1.0 + std::exp(-k * (table.players[player].rating - table.players[opponent].rating)));
        const double w = games * k * k * expected * (1.0 - expected);
        for (std::size_t i = 0; i < n; ++i) cu[i] = c[i * n + player] - c[i * n + opponent];
        const double ucu = cu[player] - cu[opponent];
        const double scale = w / (1.0 + w * ucu);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) c[i * n + j] -= scale * cu[i] * cu[j];
    }
    return c[a * n + a] + c[b * n + b] - 2.0 * c[a * n + b];
}

std::optional<std::size_t> fitted_index(const stats::RatingTable& table, const std::string& player) {
    const auto index = table.results.find(player);
    if (!index || !table.players[*index].fitted || table.players[*index].anchor) return std::nullopt;
    return index;
}

// The pool opponents `player` has games against, by pool index.
std::vector<bool> opponents_met(const stats::PairMatrix& games, const std::string& player,
                                const std::vector<std::string>& pool) {
    std::vector<bool> met(pool.size(), false);
    const auto p = games.find(player);
    if (!p) return met;
    for (std::size_t i = 0; i < pool.size(); ++i)
        if (const auto o = games.find(pool[i])) met[i] = games.cell(*p, *o).games() + games.cell(*o, *p).games() > 0;
    return met;
}

bool share_one(const std::vector<bool>& a, const std::vector<bool>& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] && b[i]) return true;
    return false;
}

// The choice, changed if need be so that the step meets an opponent the step before it has met: the
// farthest chosen one gives way to the nearest of those. Nearest 50% alone can send a step's first
// batch to opponents no other step has met (a noisy early rating, a jump between steps), and such a
// group has no rating at all until games join it to the rest.
std::vector<PoolChoice> linked_choice(std::vector<PoolChoice> chosen, const std::vector<bool>& met_before,
                                      const std::vector<bool>& met_now, double rating,
                                      const std::vector<double>& opponents) {
    if (share_one(met_before, met_now)) return chosen;
    for (const PoolChoice& choice : chosen)
        if (met_before[choice.opponent]) return chosen;
    std::optional<std::size_t> link;
    for (std::size_t i = 0; i < opponents.size(); ++i)
        if (met_before[i] && (!link || std::fabs(rating - opponents[i]) < std::fabs(rating - opponents[*link])))
            link = i;
    if (!link || chosen.empty()) return chosen;  // the step before has no games yet: nothing to meet
    chosen.back() = {*link, expected_score(rating, opponents[*link])};
    std::stable_sort(chosen.begin(), chosen.end(), [&](const PoolChoice& a, const PoolChoice& b) {
        const double da = std::fabs(rating - opponents[a.opponent]);
        const double db = std::fabs(rating - opponents[b.opponent]);
        return da != db ? da < db : a.opponent < b.opponent;
    });
    return chosen;
}

std::vector<std::string> pool_names(const LadderPlan& plan) {
    std::vector<std::string> names;
    for (const auto& opponent : plan.opponents) names.push_back(opponent.name);
    return names;
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

stats::LadderFit pool_choice_fit(const stats::LadderFit& fit, const LadderPlan& plan) {
    const PoolPlan& pool = plan.pool.value();
    stats::PairMatrix games = fit.results;
    std::map<std::string, double> anchors;
    for (std::size_t i = 0; i < plan.opponents.size(); ++i) {
        const LadderOpponent& opponent = plan.opponents[i];
        if (opponent.anchor) {
            anchors[opponent.name] = *opponent.anchor;
            continue;
        }
        const std::string prior_player = "prior of " + opponent.name;
        anchors[prior_player] = pool.priors[i];
        const std::size_t o = games.add_player(opponent.name);
        const std::size_t v = games.add_player(prior_player);
        games.add_counts(o, v, {0, kPriorDraws / 2, 0});
        games.add_counts(v, o, {0, kPriorDraws / 2, 0});
    }
    return stats::fit_ladder(games, anchors);
}

std::vector<PoolChoice> choose_pool_opponents(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t step) {
    const PoolPlan& pool = plan.pool.value();
    std::vector<std::string> steps;
    for (const auto& planned : plan.steps) steps.push_back(planned.player);
    const std::vector<std::string> opponents = pool_names(plan);
    const PoolRatings ratings =
        pool_ratings(pool_choice_fit(fit, plan), steps, opponents, pool.priors, pool.first_step_prior);
    const double rating = ratings.steps.at(step);
    std::vector<PoolChoice> chosen = nearest_opponents(rating, ratings.opponents, pool.opponents_per_step);
    if (step == 0) return chosen;
    return linked_choice(std::move(chosen), opponents_met(fit.results, steps[step - 1], opponents),
                         opponents_met(fit.results, steps[step], opponents), rating, ratings.opponents);
}

std::optional<std::size_t> first_unlinked_step(const stats::LadderFit& fit, const LadderPlan& plan) {
    const std::vector<std::string> opponents = pool_names(plan);
    for (std::size_t i = 1; i < plan.steps.size(); ++i) {
        const std::vector<bool> met_now = opponents_met(fit.results, plan.steps[i].player, opponents);
        const bool has_games = std::find(met_now.begin(), met_now.end(), true) != met_now.end();
        if (has_games && !share_one(opponents_met(fit.results, plan.steps[i - 1].player, opponents), met_now)) return i;
    }
    return std::nullopt;
}

std::size_t pool_batch_step(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t widest, double games) {
    std::vector<std::string> players;
    for (const auto& planned : plan.steps) players.push_back(planned.player);
    const std::size_t by_ratings = batch_step(fit, players, widest, false);
    if (widest == 0 || !fit.table) return by_ratings;
    const stats::RatingTable& table = *fit.table;
    const auto step = fitted_index(table, players.at(widest));
    const auto previous = fitted_index(table, players.at(widest - 1));
    if (!step || !previous) return by_ratings;
    const auto after_batch_of = [&](std::size_t candidate, std::size_t player) {
        std::vector<std::size_t> opponents;
        for (const PoolChoice& choice : choose_pool_opponents(fit, plan, candidate))
            if (const auto index = table.results.find(plan.opponents[choice.opponent].name))
                opponents.push_back(*index);
        return predicted_difference_variance(table, *step, *previous, player, opponents, games);
    };
    const double if_step = after_batch_of(widest, *step);
    const double if_previous = after_batch_of(widest - 1, *previous);
    if (if_step == if_previous) return by_ratings;
    return if_previous < if_step ? widest - 1 : widest;
}

namespace {

// Every way to take `k` of `count` candidates, in lexicographic order of their positions.
void for_each_subset(std::size_t count, std::size_t k,
                     const std::function<void(const std::vector<std::size_t>&)>& visit) {
    std::vector<std::size_t> subset(k);
    std::iota(subset.begin(), subset.end(), std::size_t{0});
    for (;;) {
        visit(subset);
        std::size_t i = k;
        while (i > 0 && subset[i - 1] == count - k + i - 1) --i;
        if (i == 0) return;
        ++subset[i - 1];
        for (std::size_t j = i; j < k; ++j) subset[j] = subset[j - 1] + 1;
    }
}

// Whether C(count, k) is at most `limit`, without overflowing.
bool subsets_at_most(std::size_t count, std::size_t k, std::size_t limit) {
    double subsets = 1.0;
    for (std::size_t i = 0; i < k; ++i) {
        subsets = subsets * static_cast<double>(count - i) / static_cast<double>(i + 1);
        if (subsets > static_cast<double>(limit)) return false;
    }
    return true;
}

// k of `count` candidates taken one at a time, each the one that leaves `variance_of` the least with
// those taken before it; in ascending order.
std::vector<std::size_t> greedy_subset(std::size_t count, std::size_t k,
                                       const std::function<double(const std::vector<std::size_t>&)>& variance_of) {
    std::vector<std::size_t> subset;
    std::vector<bool> taken(count, false);
    while (subset.size() < k) {
        std::size_t best = count;
        double least = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < count; ++i) {
            if (taken[i]) continue;
            subset.push_back(i);
            const double variance = variance_of(subset);
            subset.pop_back();
            if (best == count || variance < least * (1.0 - 1e-9)) {
                least = variance;
                best = i;
            }
        }
        taken[best] = true;
        subset.push_back(best);
    }
    std::sort(subset.begin(), subset.end());
    return subset;
}

// The pool opponents a fit rates: their pool indexes and fitted ratings.
struct RatedOpponents {
    std::vector<std::size_t> pool_indexes;
    std::vector<double> ratings;
};

RatedOpponents rated_pool_opponents(const stats::RatingTable& table, const LadderPlan& plan) {
    RatedOpponents rated;
    for (std::size_t i = 0; i < plan.opponents.size(); ++i) {
        if (const auto index = table.results.find(plan.opponents[i].name)) {
            rated.pool_indexes.push_back(i);
            rated.ratings.push_back(table.players[*index].rating);
        }
    }
    return rated;
}

}  // namespace

WidestBatch choose_pool_batch(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t widest, double games,
                              std::size_t most_subsets) {
    // Without a rated pair: the nearest rule, whose fits are worked only then.
    const auto nearest_rule = [&] {
        const std::size_t step = pool_batch_step(fit, plan, widest, games);
        return WidestBatch{step, choose_pool_opponents(fit, plan, step), false};
    };
    if (widest == 0 || !fit.table) return nearest_rule();
    const stats::RatingTable& table = *fit.table;
    const auto step = fitted_index(table, plan.steps.at(widest).player);
    const auto previous = fitted_index(table, plan.steps.at(widest - 1).player);
    if (!step || !previous) return nearest_rule();
    // Candidates: the pool opponents the fit rates, nearest 50% first, so that ties go to the nearer.
    const RatedOpponents rated_opponents = rated_pool_opponents(table, plan);
    const std::vector<std::size_t>& rated = rated_opponents.pool_indexes;
    const std::vector<double>& ratings = rated_opponents.ratings;
    const std::size_t k = std::min(plan.pool.value().opponents_per_step, rated.size());
    if (k == 0) return nearest_rule();
    WidestBatch best{0, std::vector<PoolChoice>{}, false};
    double narrowest = std::numeric_limits<double>::infinity();
    for (const std::size_t candidate : {widest - 1, widest}) {
        const std::size_t player = candidate == widest ? *step : *previous;
        const double rating = table.players[player].rating;
        const std::vector<PoolChoice> order = nearest_opponents(rating, ratings, ratings.size());
        const auto opponents_of = [&](const std::vector<std::size_t>& subset) {
            std::vector<std::size_t> opponents;
            for (const std::size_t position : subset)
                opponents.push_back(*table.results.find(plan.opponents[rated[order[position].opponent]].name));
            return opponents;
        };
        const auto variance_of = [&](const std::vector<std::size_t>& subset) {
            return predicted_difference_variance(table, *step, *previous, player, opponents_of(subset), games);
        };
        const auto consider = [&](const std::vector<std::size_t>& subset) {
            const double variance = variance_of(subset);
            // A relative margin, so that rounding alone never changes the choice.
            if (variance >= narrowest * (1.0 - 1e-9)) return;
            narrowest = variance;
            best.step = candidate;
            best.opponents->clear();
            for (const std::size_t position : subset)
                best.opponents->push_back({rated[order[position].opponent], order[position].expected});
        };
        if (subsets_at_most(order.size(), k, most_subsets)) for_each_subset(order.size(), k, consider);
        else consider(greedy_subset(order.size(), k, variance_of));
    }
    // No prediction was finite: the nearest rule answers, as before a prediction could.
    if (best.opponents->empty()) return nearest_rule();
    return best;
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
