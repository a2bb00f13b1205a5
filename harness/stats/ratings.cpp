#include "harness/stats/ratings.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "harness/stats/elo.h"
#include "harness/stats/rating_connectivity.h"
#include "harness/stats/rating_fit.h"
#include "harness/stats/rating_table_build.h"

namespace arbiter::stats {

namespace {

using detail::CellData;
using detail::CellTerms;

// ln(1 / (1 + exp(-x))) without overflow for large |x|.
double log_logistic(double x) { return x >= 0.0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

// Draws as half points: each game is a Bernoulli trial on the score, Ordo's model.
detail::CellModel half_point_model(double k) {
    return [k](const CellData& cell, double diff) {
        const double p = 1.0 / (1.0 + std::exp(-k * diff));
        const double games = cell.white_wins + cell.draws + cell.black_wins;
        const double points = cell.white_wins + 0.5 * cell.draws;
        CellTerms t;
        t.loglik = points * log_logistic(k * diff) + (games - points) * log_logistic(-k * diff);
        t.gradient = k * (points - games * p);
        t.information = k * k * games * p * (1.0 - p);
        t.gradient_square =
            k * k *
            (cell.white_wins * (1.0 - p) * (1.0 - p) + cell.draws * (0.5 - p) * (0.5 - p) + cell.black_wins * p * p);
        return t;
    };
}

// Expected points of a player rated x against the rated opponents in `rated`.
double expected_points(const PairMatrix& results, std::size_t player, double x, const std::vector<double>& ratings,
                       const std::vector<bool>& rated, double k, double advantage) {
    double expected = 0.0;
    for (std::size_t opp = 0; opp < results.size(); ++opp) {
        if (!rated[opp] || opp == player) continue;
        const double as_white = static_cast<double>(results.cell(player, opp).games());
        const double as_black = static_cast<double>(results.cell(opp, player).games());
        expected += as_white / (1.0 + std::exp(-k * (x - ratings[opp] + advantage)));
        expected += as_black / (1.0 + std::exp(-k * (x - ratings[opp] - advantage)));
    }
    return expected;
}

// Points of `player` against the players in `rated`.
WdlCounts record_against(const PairMatrix& results, std::size_t player, const std::vector<bool>& rated) {
    WdlCounts total;
    for (std::size_t opp = 0; opp < results.size(); ++opp) {
        if (!rated[opp] || opp == player) continue;
        total += results.head_to_head(player, opp);
    }
    return total;
}

// The rating at which the expected points against the rated players equal `target` points.
double rating_for_points(const PairMatrix& results, std::size_t player, const std::vector<double>& ratings,
                         const std::vector<bool>& rated, double k, double advantage, double target) {
    double lo = -1e6;
    double hi = 1e6;
    for (int iter = 0; iter < 200; ++iter) {
        const double mid = (lo + hi) / 2.0;
        if (expected_points(results, player, mid, ratings, rated, k, advantage) < target) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2.0;
}

// Rates a purged player against the players rated so far. A perfect winner (loser) gets the
// rating at which one win (loss) would have been a draw: a floor (ceiling).
RatingBound place_purged(const PairMatrix& results, std::size_t player, std::vector<double>& ratings,
                         const std::vector<bool>& rated, double k, double advantage) {
    const WdlCounts rec = record_against(results, player, rated);
    const double games = static_cast<double>(rec.games());
    if (rec.games() == 0)
        throw std::runtime_error("ratings: cannot place '" + results.names()[player] +
                                 "': every game was against players with perfect or null scores");
    RatingBound bound = RatingBound::exact;
    double target = rec.points();
    if (rec.points() == games) {
        bound = RatingBound::at_least;
        target = games - 0.5;
    } else if (rec.points() == 0.0) {
        bound = RatingBound::at_most;
        target = 0.5;
    }
    ratings[player] = rating_for_points(results, player, ratings, rated, k, advantage, target);
    return bound;
}

// Ordo's purge: repeatedly take out non-anchor players with a perfect or null score among the
// players still in. Returns the rounds in the order they were taken out.
std::vector<std::vector<std::size_t>> purge_perfect_scores(const PairMatrix& results,
                                                           const std::vector<bool>& is_anchor,
                                                           std::vector<bool>& active) {
    std::vector<std::vector<std::size_t>> rounds;
    for (;;) {
        std::vector<std::size_t> out;
        for (std::size_t p = 0; p < results.size(); ++p) {
            if (!active[p] || is_anchor[p]) continue;
            const WdlCounts rec = record_against(results, p, active);
            if (rec.games() == 0 || rec.points() == 0.0 || rec.points() == static_cast<double>(rec.games()))
                out.push_back(p);
        }
        if (out.empty()) return rounds;
        for (std::size_t p : out) active[p] = false;
        rounds.push_back(std::move(out));
    }
}

// The player that holds the scale when the purge leaves nobody to fit, and its own bound.
struct HeldPlayer {
    std::size_t player = 0;
    RatingBound bound = RatingBound::exact;
};

// Without anchors, a pool where everyone is perfect or null among the rest (two players, one won
// every game) has no finite MLE at all. The first player of the last purged round then stays in,
// alone, as the zero the others are placed from; the pool mean is pinned afterwards as usual. Its
// own figure is a floor (ceiling) when it was perfect (null) against that round.
HeldPlayer hold_last_purged(const PairMatrix& results, std::vector<std::vector<std::size_t>>& rounds,
                            std::vector<bool>& active) {
    std::vector<bool> last_round(results.size(), false);
    for (std::size_t p : rounds.back()) last_round[p] = true;
    HeldPlayer held{rounds.back().front(), RatingBound::exact};
    const WdlCounts rec = record_against(results, held.player, last_round);
    if (rec.games() > 0 && rec.points() == static_cast<double>(rec.games())) held.bound = RatingBound::at_least;
    if (rec.games() > 0 && rec.points() == 0.0) held.bound = RatingBound::at_most;
    rounds.back().erase(rounds.back().begin());
    if (rounds.back().empty()) rounds.pop_back();
    active[held.player] = true;
    return held;
}

void restore_purged(const RatingTable& table, const std::vector<std::vector<std::size_t>>& rounds,
                    std::vector<bool>& rated, std::vector<double>& ratings, std::vector<RatingBound>& bounds,
                    double k) {
    for (auto round = rounds.rbegin(); round != rounds.rend(); ++round) {
        for (std::size_t p : *round)
            bounds[p] = place_purged(table.results, p, ratings, rated, k, table.white_advantage);
        for (std::size_t p : *round) rated[p] = true;
    }
}

}  // namespace

namespace detail {

std::vector<bool> anchor_mask(const PairMatrix& results, const std::map<std::string, double>& anchors,
                              std::vector<double>& ratings) {
    std::vector<bool> is_anchor(results.size(), false);
    for (const auto& [name, rating] : anchors) {
        const std::optional<std::size_t> index = results.find(name);
        if (!index) throw std::invalid_argument("ratings: anchor '" + name + "' did not play any game");
        is_anchor[*index] = true;
        ratings[*index] = rating;
    }
    return is_anchor;
}

std::vector<CellData> cells_among(const PairMatrix& results, const std::vector<bool>& included) {
    std::vector<CellData> cells;
    for (std::size_t w = 0; w < results.size(); ++w)
        for (std::size_t b = 0; b < results.size(); ++b) {
            if (!included[w] || !included[b]) continue;
            const CellCounts& c = results.cell(w, b);
            if (c.games() == 0) continue;
            cells.push_back({w, b, static_cast<double>(c.white_wins), static_cast<double>(c.draws),
                             static_cast<double>(c.black_wins)});
        }
    return cells;
}

void require_games(const PairMatrix& results) {
    if (results.size() == 0) throw std::invalid_argument("ratings: no games");
    for (std::size_t p = 0; p < results.size(); ++p)
        if (results.record_of(p).games() == 0)
            throw std::invalid_argument("ratings: player '" + results.names()[p] + "' has no games");
}

namespace {

// C' = A C A^T with A = I - 11^T/m over the members: errors relative to their average.
void center_covariance(std::vector<double>& cov, std::size_t n, const std::vector<bool>& members) {
    const double m = static_cast<double>(std::count(members.begin(), members.end(), true));
    std::vector<double> row_mean(n, 0.0);
    double total_mean = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        if (!members[i]) continue;
        for (std::size_t j = 0; j < n; ++j)
            if (members[j]) row_mean[i] += cov[i * n + j] / m;
        total_mean += row_mean[i] / m;
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (members[i] && members[j]) cov[i * n + j] += total_mean - row_mean[i] - row_mean[j];
}

void fill_players(RatingTable& table, const std::vector<double>& ratings, const std::vector<RatingBound>& bounds,
                  const std::vector<bool>& is_anchor, const std::vector<bool>& fitted) {
    const std::size_t n = table.results.size();
    for (std::size_t p = 0; p < n; ++p) {
        PlayerRating pr;
        pr.name = table.results.names()[p];
        pr.rating = ratings[p];
        pr.bound = bounds[p];
        pr.anchor = is_anchor[p];
        pr.record = table.results.record_of(p);
        pr.score = pr.record.games() > 0 ? pr.record.points() / static_cast<double>(pr.record.games()) : 0.0;
        pr.fitted = fitted[p];
        if (pr.fitted) pr.error95 = kZ95 * std::sqrt(std::max(0.0, table.covariance[p * n + p]));
        table.players.push_back(std::move(pr));
    }
    table.ranking.resize(n);
    std::iota(table.ranking.begin(), table.ranking.end(), std::size_t{0});
    std::stable_sort(table.ranking.begin(), table.ranking.end(),
                     [&](std::size_t a, std::size_t b) { return table.players[a].rating > table.players[b].rating; });
}

}  // namespace

void finish_table(RatingTable& table, TableInputs in) {
    const std::size_t n = table.results.size();
    if (!in.anchored) {
        const double mean = std::accumulate(in.ratings.begin(), in.ratings.end(), 0.0) / static_cast<double>(n);
        for (double& r : in.ratings) r += in.average - mean;
        center_covariance(in.covariance, n, in.fitted);
    }
    table.covariance = std::move(in.covariance);
    fill_players(table, in.ratings, in.bounds, in.is_anchor, in.fitted);
}

}  // namespace detail

double scale_constant(RatingScale scale) {
    return scale == RatingScale::ordo ? std::log(0.76 / 0.24) / 202.0 : std::log(10.0) / 400.0;
}

namespace detail {

std::vector<double> starting_ratings(const std::vector<double>& anchored_values, const std::vector<bool>& is_anchor) {
    double sum = 0.0;
    double count = 0.0;
    for (std::size_t p = 0; p < is_anchor.size(); ++p)
        if (is_anchor[p]) {
            sum += anchored_values[p];
            count += 1.0;
        }
    std::vector<double> start(is_anchor.size(), count > 0.0 ? sum / count : 0.0);
    for (std::size_t p = 0; p < is_anchor.size(); ++p)
        if (is_anchor[p]) start[p] = anchored_values[p];
    return start;
}

}  // namespace detail

RatingTable compute_ratings(const PairMatrix& results, const RatingOptions& options) {
    detail::require_games(results);
    const std::size_t n = results.size();
    RatingTable table;
    table.results = results;
    table.white_advantage = options.white_advantage;
    table.scale = options.scale;
    const double k = scale_constant(options.scale);

    std::vector<double> anchored_values(n, 0.0);
    const std::vector<bool> is_anchor = detail::anchor_mask(results, options.anchors, anchored_values);
    const bool anchored = !options.anchors.empty();
    std::vector<bool> active(n, true);
    auto rounds = purge_perfect_scores(results, is_anchor, active);
    std::optional<HeldPlayer> held;
    if (std::none_of(active.begin(), active.end(), [](bool a) { return a; }))
        held = hold_last_purged(results, rounds, active);
    detail::require_strongly_connected(results, active, is_anchor);

    detail::FitProblem problem;
    problem.players = n;
    problem.cells = detail::cells_among(results, active);
    problem.white_advantage = options.white_advantage;
    problem.fixed = is_anchor;
    for (std::size_t p = 0; p < n; ++p) problem.fixed[p] = problem.fixed[p] || !active[p];
    // Without anchors the likelihood only sees differences: hold one player still, shift later.
    if (!anchored) problem.fixed[std::find(active.begin(), active.end(), true) - active.begin()] = true;
    problem.start = detail::starting_ratings(anchored_values, is_anchor);
    const auto kind = options.error_method == ErrorMethod::sandwich ? detail::CovarianceKind::sandwich
                                                                    : detail::CovarianceKind::inverse_information;
    detail::FitResult fit = detail::fit_ratings(problem, half_point_model(k), kind);

    std::vector<RatingBound> bounds(n, RatingBound::exact);
    std::vector<bool> rated = active;
    std::vector<bool> fitted = active;
    if (held) {
        bounds[held->player] = held->bound;
        fitted[held->player] = false;
    }
    restore_purged(table, rounds, rated, fit.ratings, bounds, k);
    detail::finish_table(table, {std::move(fit.ratings), std::move(fit.covariance), is_anchor, fitted, bounds, anchored,
                                 options.average});
    return table;
}

RatingTable compute_ratings(const std::vector<GameRecord>& games, const RatingOptions& options) {
    return compute_ratings(aggregate_games(games), options);
}

std::optional<double> difference_sd(const RatingTable& table, std::size_t a, std::size_t b) {
    const std::size_t n = table.players.size();
    if (!table.players[a].fitted || !table.players[b].fitted) return std::nullopt;
    const double var = table.covariance[a * n + a] + table.covariance[b * n + b] - 2.0 * table.covariance[a * n + b];
    return std::sqrt(std::max(0.0, var));
}

std::optional<double> cfs_percent(const RatingTable& table, std::size_t a, std::size_t b) {
    const std::optional<double> sd = difference_sd(table, a, b);
    if (!sd) return std::nullopt;
    const double diff = table.players[a].rating - table.players[b].rating;
    if (*sd == 0.0) return diff > 0.0 ? 100.0 : (diff < 0.0 ? 0.0 : 50.0);
    return 100.0 * normal_cdf(diff / *sd);
}

std::vector<OpponentLine> opponent_lines(const RatingTable& table, std::size_t player) {
    std::vector<OpponentLine> lines;
    for (std::size_t opp : table.ranking) {
        if (opp == player) continue;
        OpponentLine line;
        line.opponent = opp;
        line.record = table.results.head_to_head(player, opp);
        if (line.record.games() == 0) continue;
        line.score = line.record.points() / static_cast<double>(line.record.games());
        line.diff = table.players[player].rating - table.players[opp].rating;
        line.sd = difference_sd(table, player, opp);
        line.cfs = cfs_percent(table, player, opp);
        lines.push_back(line);
    }
    return lines;
}

}  // namespace arbiter::stats
