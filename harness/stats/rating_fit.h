#pragma once
// Maximum-likelihood fit of player ratings over aggregated cells (internal to arbiter_stats).
//
// Every cell holds the games of one White player against one Black player. A cell model maps the
// cell's counts and the rating difference d = r_white - r_black + white_advantage to
//   loglik           log-likelihood of the cell's games,
//   gradient         d loglik / d d,
//   information      Fisher information -E[d^2 loglik / d d^2],
//   gradient_square  sum over the cell's games of (d loglik_game / d d)^2 (the "meat" of the
//                    sandwich covariance estimator).
// Because d enters with +1 for White and -1 for Black, the player-level gradient and information
// matrix follow by the chain rule. The fit runs Fisher scoring (Newton with the expected Hessian)
// with step halving on the log-likelihood, over the free (non-fixed) players only.

#include <functional>
#include <vector>

namespace arbiter::stats::detail {

struct CellData {
    std::size_t white = 0;
    std::size_t black = 0;
    double white_wins = 0.0;  // doubles so a prior can add fractional virtual games
    double draws = 0.0;
    double black_wins = 0.0;
};

struct CellTerms {
    double loglik = 0.0;
    double gradient = 0.0;
    double information = 0.0;
    double gradient_square = 0.0;
};

using CellModel = std::function<CellTerms(const CellData& cell, double diff)>;

struct FitProblem {
    std::size_t players = 0;
    std::vector<CellData> cells;
    std::vector<bool> fixed;    // fixed players keep their starting rating
    std::vector<double> start;  // starting ratings (and the values of fixed players)
    double white_advantage = 0.0;
};

enum class CovarianceKind { sandwich, inverse_information };

struct FitResult {
    std::vector<double> ratings;
    std::vector<double> covariance;  // players x players, zero rows/columns for fixed players
    double loglik = 0.0;
    int iterations = 0;
};

// Throws std::runtime_error if the information matrix is singular (a free player without games).
FitResult fit_ratings(const FitProblem& problem, const CellModel& model, CovarianceKind kind);

// Sum of the model terms over all cells at the given ratings (used to fit extra parameters).
CellTerms total_terms(const FitProblem& problem, const std::vector<double>& ratings, const CellModel& model);

// Cholesky solve of the symmetric positive definite n x n system A x = b; returns false if A is not SPD.
bool solve_spd(std::vector<double> matrix, std::size_t n, std::vector<double>& rhs_to_solution);

}  // namespace arbiter::stats::detail
