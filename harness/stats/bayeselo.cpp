#include "harness/stats/bayeselo.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "harness/stats/rating_connectivity.h"
#include "harness/stats/rating_fit.h"
#include "harness/stats/rating_table_build.h"

namespace arbiter::stats {

namespace {

using detail::CellData;
using detail::CellTerms;

constexpr double kLog10Over400 = 2.302585092994046 / 400.0;
// A draw elo at or below zero would give draws no probability at all.
constexpr double kSmallestDrawElo = 1e-6;
constexpr int kMaxOuterRounds = 500;
constexpr double kParameterTolerance = 1e-10;

double expectation(double u) { return 1.0 / (1.0 + std::pow(10.0, -u / 400.0)); }

enum class Variable { difference, draw_elo };

void add_outcome(CellTerms& t, double count, double prob, double dprob) {
    if (count <= 0.0) return;
    t.loglik += count * std::log(prob);
    t.gradient += count * dprob / prob;
    t.gradient_square += count * (dprob / prob) * (dprob / prob);
}

// Log-likelihood of a cell and its derivatives with respect to x or to draw_elo.
detail::CellModel bayeselo_model(double draw_elo, Variable variable) {
    return [draw_elo, variable](const CellData& cell, double x) {
        const OutcomeProbabilities p = bayeselo_probabilities(x, draw_elo);
        const double win_slope = kLog10Over400 * p.white_win * (1.0 - p.white_win);
        const double loss_slope = kLog10Over400 * p.black_win * (1.0 - p.black_win);
        const double d_win = variable == Variable::difference ? win_slope : -win_slope;
        const double d_loss = -loss_slope;
        const double d_draw = -(d_win + d_loss);
        CellTerms t;
        const double games = cell.white_wins + cell.draws + cell.black_wins;
        add_outcome(t, cell.white_wins, p.white_win, d_win);
        add_outcome(t, cell.draws, p.draw, d_draw);
        add_outcome(t, cell.black_wins, p.black_win, d_loss);
        // Expected information sums over every outcome, including those that did not occur.
        const double info_per_game =
            d_win * d_win / p.white_win + d_draw * d_draw / p.draw + d_loss * d_loss / p.black_win;
        t.information = games * info_per_game;
        return t;
    };
}

// Cells of the real games plus `prior` virtual draws per pair that met, half with each colour.
std::vector<CellData> cells_with_prior(const PairMatrix& results, double prior) {
    const std::size_t n = results.size();
    std::vector<CellData> cells;
    for (std::size_t w = 0; w < n; ++w)
        for (std::size_t b = 0; b < n; ++b) {
            if (w == b) continue;
            const CellCounts& c = results.cell(w, b);
            const bool met = results.head_to_head(w, b).games() > 0;
            if (!met) continue;
            cells.push_back({w, b, static_cast<double>(c.white_wins), static_cast<double>(c.draws) + prior / 2.0,
                             static_cast<double>(c.black_wins)});
        }
    return cells;
}

// With a prior every pair that met has virtual draws both ways, so plain connectivity suffices.
void require_finite_solution(const PairMatrix& results, const std::vector<bool>& is_anchor, double prior) {
    const std::vector<bool> everyone(results.size(), true);
    if (prior <= 0.0) {
        detail::require_strongly_connected(results, everyone, is_anchor);
        return;
    }
    PairMatrix met = results;
    for (std::size_t a = 0; a < results.size(); ++a)
        for (std::size_t b = 0; b < results.size(); ++b)
            if (a != b && results.head_to_head(a, b).games() > 0) met.add_counts(a, b, CellCounts{0, 1, 0});
    detail::require_strongly_connected(met, everyone, is_anchor);
}

// One Fisher-scoring step on a single parameter; returns the step taken.
double parameter_step(const detail::FitProblem& problem, const std::vector<double>& ratings,
                      const detail::CellModel& model) {
    const CellTerms total = detail::total_terms(problem, ratings, model);
    if (!(total.information > 0.0)) return 0.0;
    return total.gradient / total.information;
}

}  // namespace

OutcomeProbabilities bayeselo_probabilities(double x, double draw_elo) {
    OutcomeProbabilities p;
    p.white_win = expectation(x - draw_elo);
    p.black_win = expectation(-x - draw_elo);
    p.draw = 1.0 - p.white_win - p.black_win;
    return p;
}

BayesEloResult compute_bayeselo(const PairMatrix& results, const BayesEloOptions& options) {
    detail::require_games(results);
    if (options.prior < 0.0) throw std::invalid_argument("bayeselo: prior must not be negative");
    if (!(options.draw_elo > 0.0)) throw std::invalid_argument("bayeselo: draw_elo must be positive");
    const std::size_t n = results.size();
    std::vector<double> anchored_values(n, 0.0);
    const std::vector<bool> is_anchor = detail::anchor_mask(results, options.anchors, anchored_values);
    const bool anchored = !options.anchors.empty();
    require_finite_solution(results, is_anchor, options.prior);

    detail::FitProblem problem;
    problem.players = n;
    problem.cells = cells_with_prior(results, options.prior);
    problem.fixed = is_anchor;
    if (!anchored) problem.fixed[0] = true;
    problem.start = detail::starting_ratings(anchored_values, is_anchor);

    BayesEloResult result;
    result.advantage = options.advantage;
    result.draw_elo = options.draw_elo;
    detail::FitResult fit;
    for (int round = 0; round < kMaxOuterRounds; ++round) {
        problem.white_advantage = result.advantage;
        fit = detail::fit_ratings(problem, bayeselo_model(result.draw_elo, Variable::difference),
                                  detail::CovarianceKind::inverse_information);
        problem.start = fit.ratings;
        double moved = 0.0;
        if (options.fit_advantage) {
            const double step =
                parameter_step(problem, fit.ratings, bayeselo_model(result.draw_elo, Variable::difference));
            result.advantage += step;
            moved += std::abs(step);
        }
        if (options.fit_draw_elo) {
            const double step =
                parameter_step(problem, fit.ratings, bayeselo_model(result.draw_elo, Variable::draw_elo));
            const double next = std::max(kSmallestDrawElo, result.draw_elo + step);
            moved += std::abs(next - result.draw_elo);
            result.draw_elo = next;
        }
        if (moved < kParameterTolerance) break;
    }

    result.table.results = results;
    result.table.white_advantage = result.advantage;
    result.table.scale = RatingScale::logistic;
    const std::vector<bool> fitted(n, true);
    detail::finish_table(result.table, {std::move(fit.ratings), std::move(fit.covariance), is_anchor, fitted,
                                        std::vector<RatingBound>(n, RatingBound::exact), anchored, options.average});
    return result;
}

}  // namespace arbiter::stats
