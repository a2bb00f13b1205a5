#pragma once
// Optional BayesElo rating model (after Rémi Coulom's bayeselo), fitted by maximum a posteriori.
//
// With f(u) = 1 / (1 + 10^(-u/400)) and x = r_white - r_black + advantage:
//     P(White wins) = f(x - draw_elo)
//     P(Black wins) = f(-x - draw_elo)
//     P(draw)       = 1 - P(White wins) - P(Black wins)
// Every W/D/L outcome enters the likelihood on its own (draws are not half points). The prior is
// `prior` virtual draws for every pair of players that met, half with each colour; it keeps
// perfect scores finite (prior 0 is the plain MLE, where perfect scores are an error). Defaults
// are bayeselo's: advantage 32.8, draw_elo 97.3, prior 2. Either parameter can be fitted jointly
// with the ratings (coordinate ascent: Fisher scoring on the ratings, then on each parameter, until
// nothing moves). Ratings stay in the model's own units: bayeselo's later "scale" rescaling towards
// Elostat-like numbers is not applied. Errors are 1.959964 * sqrt of the inverse Fisher
// information, relative to the anchors or to the pool mean (`average`, 2300 by default).

#include <map>
#include <string>

#include "harness/stats/ratings.h"

namespace arbiter::stats {

struct BayesEloOptions {
    std::map<std::string, double> anchors;
    double average = 2300.0;
    double advantage = 32.8;
    double draw_elo = 97.3;
    double prior = 2.0;
    bool fit_advantage = false;
    bool fit_draw_elo = false;
};

struct BayesEloResult {
    RatingTable table;  // table.white_advantage holds the (fitted) advantage
    double advantage = 0.0;
    double draw_elo = 0.0;
};

// BayesElo win/draw/loss probabilities for White at difference x (advantage included).
struct OutcomeProbabilities {
    double white_win = 0.0;
    double draw = 0.0;
    double black_win = 0.0;
};
OutcomeProbabilities bayeselo_probabilities(double x, double draw_elo);

// Throws like compute_ratings (unknown anchor, empty input, no finite solution).
BayesEloResult compute_bayeselo(const PairMatrix& results, const BayesEloOptions& options = {});

}  // namespace arbiter::stats
