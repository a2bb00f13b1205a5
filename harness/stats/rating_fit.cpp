#include "harness/stats/rating_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace arbiter::stats::detail {

namespace {

constexpr std::size_t kNotFree = std::numeric_limits<std::size_t>::max();
constexpr int kMaxIterations = 200;
constexpr int kMaxHalvings = 40;
// Ratings are converged when the last step moved no rating by more than this (rating points).
constexpr double kStepTolerance = 1e-10;

// In-place Cholesky factorization A = L L^T (lower triangle holds L); false if A is not SPD.
bool cholesky_factor(std::vector<double>& a, std::size_t n) {
    for (std::size_t j = 0; j < n; ++j) {
        double diag = a[j * n + j];
        for (std::size_t k = 0; k < j; ++k) diag -= a[j * n + k] * a[j * n + k];
        if (!(diag > 0.0)) return false;
        const double pivot = std::sqrt(diag);
        a[j * n + j] = pivot;
        for (std::size_t i = j + 1; i < n; ++i) {
            double sum = a[i * n + j];
            for (std::size_t k = 0; k < j; ++k) sum -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = sum / pivot;
        }
    }
    return true;
}

void cholesky_solve(const std::vector<double>& l, std::size_t n, double* b) {
    for (std::size_t i = 0; i < n; ++i) {
        double sum = b[i];
        for (std::size_t k = 0; k < i; ++k) sum -= l[i * n + k] * b[k];
        b[i] = sum / l[i * n + i];
    }
    for (std::size_t i = n; i-- > 0;) {
        double sum = b[i];
        for (std::size_t k = i + 1; k < n; ++k) sum -= l[k * n + i] * b[k];
        b[i] = sum / l[i * n + i];
    }
}

// Free players get consecutive indices; fixed ones get kNotFree.
std::vector<std::size_t> free_indices(const FitProblem& problem, std::size_t& free_count) {
    std::vector<std::size_t> index(problem.players, kNotFree);
    free_count = 0;
    for (std::size_t p = 0; p < problem.players; ++p)
        if (!problem.fixed[p]) index[p] = free_count++;
    return index;
}

// Player-level gradient, information and sandwich meat over the free players.
struct Assembled {
    double loglik = 0.0;
    std::vector<double> gradient;
    std::vector<double> information;
    std::vector<double> meat;
};

// Adds value * (e_w - e_b)(e_w - e_b)^T restricted to free players.
void add_difference_outer(std::vector<double>& m, std::size_t n, std::size_t w, std::size_t b, double value) {
    if (w != kNotFree) m[w * n + w] += value;
    if (b != kNotFree) m[b * n + b] += value;
    if (w != kNotFree && b != kNotFree) {
        m[w * n + b] -= value;
        m[b * n + w] -= value;
    }
}

Assembled assemble(const FitProblem& problem, const std::vector<double>& ratings, const CellModel& model,
                   const std::vector<std::size_t>& index, std::size_t n, bool with_matrices) {
    Assembled out;
    out.gradient.assign(n, 0.0);
    if (with_matrices) {
        out.information.assign(n * n, 0.0);
        out.meat.assign(n * n, 0.0);
    }
    for (const CellData& cell : problem.cells) {
        const double diff = ratings[cell.white] - ratings[cell.black] + problem.white_advantage;
        const CellTerms terms = model(cell, diff);
        out.loglik += terms.loglik;
        const std::size_t w = index[cell.white];
        const std::size_t b = index[cell.black];
        if (w != kNotFree) out.gradient[w] += terms.gradient;
        if (b != kNotFree) out.gradient[b] -= terms.gradient;
        if (!with_matrices) continue;
        add_difference_outer(out.information, n, w, b, terms.information);
        add_difference_outer(out.meat, n, w, b, terms.gradient_square);
    }
    return out;
}

double loglik_at(const FitProblem& problem, const std::vector<double>& ratings, const CellModel& model) {
    double total = 0.0;
    for (const CellData& cell : problem.cells)
        total += model(cell, ratings[cell.white] - ratings[cell.black] + problem.white_advantage).loglik;
    return total;
}

// Moves the free ratings by `step`, halving it until the log-likelihood does not drop.
double take_step(const FitProblem& problem, const CellModel& model, const std::vector<std::size_t>& index,
                 const std::vector<double>& step, double current_loglik, std::vector<double>& ratings) {
    double scale = 1.0;
    std::vector<double> trial = ratings;
    for (int halving = 0; halving <= kMaxHalvings; ++halving, scale /= 2.0) {
        for (std::size_t p = 0; p < problem.players; ++p)
            if (index[p] != kNotFree) trial[p] = ratings[p] + scale * step[index[p]];
        const double trial_loglik = loglik_at(problem, trial, model);
        if (trial_loglik >= current_loglik - 1e-12 * std::abs(current_loglik)) break;
    }
    double largest_move = 0.0;
    for (std::size_t p = 0; p < problem.players; ++p)
        largest_move = std::max(largest_move, std::abs(trial[p] - ratings[p]));
    ratings = std::move(trial);
    return largest_move;
}

// Inverse of the information (from its Cholesky factor), optionally sandwiched around the meat.
std::vector<double> free_covariance(const std::vector<double>& factor, const std::vector<double>& meat, std::size_t n,
                                    CovarianceKind kind) {
    std::vector<double> inverse(n * n, 0.0);
    std::vector<double> column(n);
    for (std::size_t c = 0; c < n; ++c) {
        std::fill(column.begin(), column.end(), 0.0);
        column[c] = 1.0;
        cholesky_solve(factor, n, column.data());
        for (std::size_t r = 0; r < n; ++r) inverse[r * n + c] = column[r];
    }
    if (kind == CovarianceKind::inverse_information) return inverse;
    std::vector<double> meat_times_inverse(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < n; ++k) {
            const double m = meat[i * n + k];
            if (m == 0.0) continue;
            for (std::size_t j = 0; j < n; ++j) meat_times_inverse[i * n + j] += m * inverse[k * n + j];
        }
    std::vector<double> sandwich(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < n; ++k) {
            const double a = inverse[i * n + k];
            for (std::size_t j = 0; j < n; ++j) sandwich[i * n + j] += a * meat_times_inverse[k * n + j];
        }
    return sandwich;
}

}  // namespace

bool solve_spd(std::vector<double> matrix, std::size_t n, std::vector<double>& rhs_to_solution) {
    if (!cholesky_factor(matrix, n)) return false;
    cholesky_solve(matrix, n, rhs_to_solution.data());
    return true;
}

CellTerms total_terms(const FitProblem& problem, const std::vector<double>& ratings, const CellModel& model) {
    CellTerms total;
    for (const CellData& cell : problem.cells) {
        const CellTerms t = model(cell, ratings[cell.white] - ratings[cell.black] + problem.white_advantage);
        total.loglik += t.loglik;
        total.gradient += t.gradient;
        total.information += t.information;
        total.gradient_square += t.gradient_square;
    }
    return total;
}

FitResult fit_ratings(const FitProblem& problem, const CellModel& model, CovarianceKind kind) {
    std::size_t n = 0;
    const std::vector<std::size_t> index = free_indices(problem, n);
    FitResult result;
    result.ratings = problem.start;
    result.covariance.assign(problem.players * problem.players, 0.0);
    if (n == 0) {
        result.loglik = loglik_at(problem, result.ratings, model);
        return result;
    }
    std::vector<double> factor;
    Assembled at;
    for (;;) {
        at = assemble(problem, result.ratings, model, index, n, true);
        factor = at.information;
        if (!cholesky_factor(factor, n))
            throw std::runtime_error("ratings: singular information matrix (a player has no rated games)");
        if (result.iterations >= kMaxIterations) break;
        std::vector<double> step = at.gradient;
        cholesky_solve(factor, n, step.data());
        ++result.iterations;
        const double moved = take_step(problem, model, index, step, at.loglik, result.ratings);
        if (moved < kStepTolerance) {
            at = assemble(problem, result.ratings, model, index, n, true);
            factor = at.information;
            if (!cholesky_factor(factor, n)) throw std::runtime_error("ratings: singular information matrix");
            break;
        }
    }
    result.loglik = at.loglik;
    const std::vector<double> cov = free_covariance(factor, at.meat, n, kind);
    for (std::size_t p = 0; p < problem.players; ++p)
        for (std::size_t q = 0; q < problem.players; ++q)
            if (index[p] != kNotFree && index[q] != kNotFree)
                result.covariance[p * problem.players + q] = cov[index[p] * n + index[q]];
    return result;
}

}  // namespace arbiter::stats::detail
