// The covariance of the joint rating fit, which decides `arbiter ladder --target-error`, checked
// against derivations that share nothing with the fit's code:
//  - two players: the delta method on the score's trinomial variance (the sandwich estimate) and on
//    its binomial variance (the inverse Fisher information), in closed form;
//  - a ladder (three steps, two anchored opponents, head to head): the inverse of the negated
//    Hessian of the log-likelihood taken by central second differences, and the sandwich built from
//    per-game gradients taken by central first differences, both inverted here by Gauss-Jordan.
// Var(improvement) = Var(a) + Var(b) - 2 Cov(a, b) is then checked through difference_sd and
// stats::step_improvements, which the ladder's allocation and report use.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "harness/stats/ladder_fit.h"
#include "harness/stats/ratings.h"

using namespace arbiter::stats;

namespace {

constexpr double kZ95 = 1.959963984540054;
const double kLog10 = std::log(10.0);

Approx relative(double expected, double tolerance = 1e-5) { return Approx(expected).epsilon(tolerance).margin(0.0); }

// A scores W/D/L against B, half the games with each colour; B is anchored at 2000.
RatingTable two_player_fit(std::int64_t wins, std::int64_t draws, std::int64_t losses, ErrorMethod method) {
    PairMatrix m;
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    m.add_counts(a, b, CellCounts{wins / 2, draws / 2, losses / 2});
    m.add_counts(b, a, CellCounts{losses - losses / 2, draws - draws / 2, wins - wins / 2});
    RatingOptions options;
    options.anchors["B"] = 2000.0;
    options.error_method = method;
    return compute_ratings(m, options);
}

struct Cell {
    std::string white, black;
    double wins, draws, losses;  // from White's side
};

// Three steps S0..S2 against anchored O1 (1900) and O2 (2300), each step head to head with the one before.
const std::vector<Cell> kLadderCells{
    {"S0", "O1", 30, 40, 30}, {"O1", "S0", 28, 44, 28}, {"S0", "O2", 8, 30, 62},  {"O2", "S0", 60, 30, 10},
    {"S1", "O1", 40, 38, 22}, {"O1", "S1", 20, 40, 40}, {"S1", "O2", 14, 36, 50}, {"O2", "S1", 48, 36, 16},
    {"S2", "O1", 25, 10, 5},  {"O1", "S2", 4, 12, 24},  {"S2", "O2", 10, 14, 16}, {"O2", "S2", 15, 15, 10},
    {"S1", "S0", 30, 45, 25}, {"S0", "S1", 24, 46, 30}, {"S2", "S1", 12, 18, 10}, {"S1", "S2", 9, 19, 12},
};
const std::vector<std::string> kFree{"S0", "S1", "S2"};
const std::map<std::string, double> kAnchors{{"O1", 1900.0}, {"O2", 2300.0}};

PairMatrix ladder_matrix() {
    PairMatrix m;
    for (const Cell& c : kLadderCells)
        m.add_counts(m.add_player(c.white), m.add_player(c.black),
                     CellCounts{static_cast<std::int64_t>(c.wins), static_cast<std::int64_t>(c.draws),
                                static_cast<std::int64_t>(c.losses)});
    return m;
}

double expected_score(double white, double black) { return 1.0 / (1.0 + std::pow(10.0, -(white - black) / 400.0)); }

// Ratings of everyone: anchors fixed, the free players from `free_ratings` (kFree order).
std::map<std::string, double> all_ratings(const std::vector<double>& free_ratings) {
    std::map<std::string, double> ratings = kAnchors;
    for (std::size_t i = 0; i < kFree.size(); ++i) ratings[kFree[i]] = free_ratings[i];
    return ratings;
}

// One game's log-likelihood, S ln E + (1 - S) ln(1 - E), S White's score.
double game_loglik(const Cell& cell, double white_score, const std::vector<double>& free_ratings) {
    const auto ratings = all_ratings(free_ratings);
    const double e = expected_score(ratings.at(cell.white), ratings.at(cell.black));
    return white_score * std::log(e) + (1.0 - white_score) * std::log(1.0 - e);
}

double loglik(const std::vector<double>& free_ratings) {
    double total = 0.0;
    for (const Cell& c : kLadderCells)
        total += c.wins * game_loglik(c, 1.0, free_ratings) + c.draws * game_loglik(c, 0.5, free_ratings) +
                 c.losses * game_loglik(c, 0.0, free_ratings);
    return total;
}

using Matrix = std::vector<std::vector<double>>;

std::vector<double> moved(std::vector<double> at, std::size_t i, double by) {
    at[i] += by;
    return at;
}

// -d2 loglik / dr_i dr_j by central differences with a step of one Elo point.
Matrix negated_hessian(const std::vector<double>& at) {
    constexpr double h = 1.0;
    const std::size_t n = at.size();
    Matrix m(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const auto pp = moved(moved(at, i, h), j, h), pm = moved(moved(at, i, h), j, -h);
            const auto mp = moved(moved(at, i, -h), j, h), mm = moved(moved(at, i, -h), j, -h);
            m[i][j] = -(loglik(pp) - loglik(pm) - loglik(mp) + loglik(mm)) / (4.0 * h * h);
        }
    return m;
}

// Sum over games of g g^T, g one game's gradient by central differences.
Matrix gradient_outer_sum(const std::vector<double>& at) {
    constexpr double h = 1e-3;
    const std::size_t n = at.size();
    Matrix m(n, std::vector<double>(n, 0.0));
    for (const Cell& c : kLadderCells) {
        for (const auto& [score, count] : {std::pair{1.0, c.wins}, std::pair{0.5, c.draws}, std::pair{0.0, c.losses}}) {
            std::vector<double> g(n);
            for (std::size_t i = 0; i < n; ++i)
                g[i] = (game_loglik(c, score, moved(at, i, h)) - game_loglik(c, score, moved(at, i, -h))) / (2.0 * h);
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = 0; j < n; ++j) m[i][j] += count * g[i] * g[j];
        }
    }
    return m;
}

Matrix inverse(Matrix a) {
    const std::size_t n = a.size();
    Matrix inv(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1.0;
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
        std::swap(a[col], a[pivot]);
        std::swap(inv[col], inv[pivot]);
        const double p = a[col][col];
        for (std::size_t k = 0; k < n; ++k) a[col][k] /= p, inv[col][k] /= p;
        for (std::size_t r = 0; r < n; ++r) {
            if (r == col) continue;
            const double f = a[r][col];
            for (std::size_t k = 0; k < n; ++k) a[r][k] -= f * a[col][k], inv[r][k] -= f * inv[col][k];
        }
    }
    return inv;
}

Matrix product(const Matrix& a, const Matrix& b) {
    Matrix c(a.size(), std::vector<double>(b[0].size(), 0.0));
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t k = 0; k < b.size(); ++k)
            for (std::size_t j = 0; j < b[0].size(); ++j) c[i][j] += a[i][k] * b[k][j];
    return c;
}

double difference_variance(const Matrix& cov, std::size_t a, std::size_t b) {
    return cov[a][a] + cov[b][b] - 2.0 * cov[a][b];
}

RatingTable ladder_fit_table(ErrorMethod method) {
    RatingOptions options;
    options.anchors = kAnchors;
    options.error_method = method;
    return compute_ratings(ladder_matrix(), options);
}

std::vector<double> fitted_free(const RatingTable& table) {
    std::vector<double> ratings;
    for (const auto& name : kFree) ratings.push_back(table.players[*table.results.find(name)].rating);
    return ratings;
}

std::size_t at(const RatingTable& table, const std::string& name) { return *table.results.find(name); }

}  // namespace

TEST_CASE("two players: the sandwich SD of the difference is the delta method on the trinomial variance",
          "[stats][covariance]") {
    const std::int64_t w = 61, d = 83, l = 40, n = w + d + l;
    const RatingTable table = two_player_fit(w, d, l, ErrorMethod::sandwich);
    const double s = (w + 0.5 * d) / static_cast<double>(n);
    const double per_game_variance =
        (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / static_cast<double>(n);
    const double slope = 400.0 / (kLog10 * s * (1.0 - s));  // d(400 log10(s / (1 - s))) / ds
    const double expected_sd = slope * std::sqrt(per_game_variance / static_cast<double>(n));
    CHECK(*difference_sd(table, at(table, "A"), at(table, "B")) == relative(expected_sd, 1e-9));
    CHECK(table.players[at(table, "A")].rating - 2000.0 == relative(400.0 * std::log10(s / (1.0 - s)), 1e-9));
}

TEST_CASE("two players: the inverse-information SD is the delta method on the binomial variance",
          "[stats][covariance]") {
    const std::int64_t w = 61, d = 83, l = 40, n = w + d + l;
    const RatingTable table = two_player_fit(w, d, l, ErrorMethod::fisher);
    const double s = (w + 0.5 * d) / static_cast<double>(n);
    const double expected_sd = 400.0 / (kLog10 * std::sqrt(static_cast<double>(n) * s * (1.0 - s)));
    CHECK(*difference_sd(table, at(table, "A"), at(table, "B")) == relative(expected_sd, 1e-9));
    // Draws make games less random than coin flips: the sandwich is narrower here.
    CHECK(*difference_sd(two_player_fit(w, d, l, ErrorMethod::sandwich), 0, 1) < expected_sd);
}

TEST_CASE("ladder: the inverse-information covariance is the inverse of the log-likelihood's numeric Hessian",
          "[stats][covariance]") {
    const RatingTable table = ladder_fit_table(ErrorMethod::fisher);
    const Matrix cov = inverse(negated_hessian(fitted_free(table)));
    for (std::size_t i = 0; i < kFree.size(); ++i)
        for (std::size_t j = 0; j < kFree.size(); ++j) {
            INFO(kFree[i] << ", " << kFree[j]);
            const std::size_t n = table.players.size();
            CHECK(table.covariance[at(table, kFree[i]) * n + at(table, kFree[j])] == relative(cov[i][j], 1e-4));
        }
    CHECK(*difference_sd(table, at(table, "S1"), at(table, "S0")) ==
          relative(std::sqrt(difference_variance(cov, 1, 0)), 1e-4));
    CHECK(*difference_sd(table, at(table, "S2"), at(table, "S1")) ==
          relative(std::sqrt(difference_variance(cov, 2, 1)), 1e-4));
}

TEST_CASE("ladder: the sandwich covariance is H^-1 J H^-1 from numeric derivatives", "[stats][covariance]") {
    const RatingTable table = ladder_fit_table(ErrorMethod::sandwich);
    const std::vector<double> at_optimum = fitted_free(table);
    const Matrix h_inverse = inverse(negated_hessian(at_optimum));
    const Matrix cov = product(product(h_inverse, gradient_outer_sum(at_optimum)), h_inverse);
    CHECK(*difference_sd(table, at(table, "S1"), at(table, "S0")) ==
          relative(std::sqrt(difference_variance(cov, 1, 0)), 1e-4));
    CHECK(*difference_sd(table, at(table, "S2"), at(table, "S1")) ==
          relative(std::sqrt(difference_variance(cov, 2, 1)), 1e-4));
    // The step's improvement as the ladder sees it: Var(a) + Var(b) - 2 Cov(a, b), at 95%.
    const LadderFit fit = fit_ladder(ladder_matrix(), kAnchors);
    REQUIRE_FALSE(fit.from_bayeselo);
    const auto improvements = step_improvements(fit, kFree);
    REQUIRE(improvements.size() == 3);
    CHECK_FALSE(improvements[0].value);
    CHECK(*improvements[1].value == relative(at_optimum[1] - at_optimum[0], 1e-9));
    CHECK(*improvements[1].error95 == relative(kZ95 * std::sqrt(difference_variance(cov, 1, 0)), 1e-4));
    CHECK(*improvements[2].error95 == relative(kZ95 * std::sqrt(difference_variance(cov, 2, 1)), 1e-4));
    // Head to head ties the two steps: the difference is narrower than if they were independent.
    CHECK(difference_variance(cov, 1, 0) < cov[1][1] + cov[0][0]);
}
