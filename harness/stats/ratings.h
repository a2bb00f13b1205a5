#pragma once
// Ratings of many players by maximum likelihood, the way Ordo defines them.
//
// Model. The expected score of White against Black is
//     E = 1 / (1 + exp(-k (r_white - r_black + white_advantage)))
// with k = ln(10) / 400 on the logistic Elo scale (the default) or k = ln(0.76 / 0.24) / 202 on
// Ordo's scale (a 202-point difference means a 76% expectation; Ordo's -z default). A draw counts
// as half a point and each game contributes S ln E + (1 - S) ln(1 - E) with S its score for White,
// so the maximum-likelihood ratings are exactly those where every player's expected points equal
// the points they scored: Ordo's fit condition. White advantage defaults to 0 (Ordo's default).
//
// Reference. With anchors their ratings are fixed and the rest fit around them; without anchors
// the pool mean is pinned to `average` (Ordo's default 2300).
//
// Errors. Not by Ordo's simulation: the covariance of the MLE is the sandwich estimate
// H^-1 J H^-1 (H the Fisher information, J the sum of per-game gradient outer products from the
// observed W/D/L), so draws shrink errors the way they do in a match. For two players this equals
// the delta-method error of fastchess's Elo. ErrorMethod::fisher uses H^-1 (Bernoulli games).
// error95 = 1.959964 * sd, relative to the anchors (which have no error) or, without anchors, to
// the pool average. The SD of a difference is sqrt(C_ii + C_jj - 2 C_ij); CFS = 100 Phi(Diff/SD).
//
// Perfect scores. Like Ordo, a non-anchor player with 100% (0%) is taken out, the rest is fitted,
// and the player gets the rating at which one of their wins (losses) would have been a draw: a
// floor (ceiling), shown with '>' ('<'), with no error. Taking players out repeats until nobody
// left has a perfect score. When that leaves nobody (no anchors, e.g. two players and one won every
// game), the first player of the last round taken out stays as the zero the others are placed from,
// itself a floor (ceiling) when it was perfect (null) in that round, before the pool mean is pinned:
// 2-0 gives A > 2395.4 and B < 2204.6 (A - B > 190.8, where one of A's wins as a draw puts it).
// If the rest is still not strongly connected (some group never scored against the others) no
// finite MLE exists and compute_ratings throws std::runtime_error.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/stats/rating_bound.h"
#include "harness/stats/pair_matrix.h"

namespace arbiter::stats {

enum class RatingScale { logistic, ordo };
enum class ErrorMethod { sandwich, fisher };

struct RatingOptions {
    std::map<std::string, double> anchors;  // player name -> fixed rating
    double average = 2300.0;                // pool mean when there are no anchors
    RatingScale scale = RatingScale::logistic;
    double white_advantage = 0.0;  // rating points added to White's side
    ErrorMethod error_method = ErrorMethod::sandwich;
};

struct PlayerRating {
    std::string name;
    double rating = 0.0;
    std::optional<double> error95;  // 0 for anchors; none for players placed after the fit
    RatingBound bound = RatingBound::exact;
    bool fitted = true;  // false when taken out for a perfect score and placed afterwards
    bool anchor = false;
    WdlCounts record;    // W/D/L from the player's point of view
    double score = 0.0;  // points / games, 0..1
};

struct RatingTable {
    std::vector<PlayerRating> players;  // same order as results.names()
    std::vector<std::size_t> ranking;   // indices into players, best first
    std::vector<double> covariance;     // players x players; rows of bound players are zero
    PairMatrix results;
    double white_advantage = 0.0;
    RatingScale scale = RatingScale::logistic;
};

// k in E = 1 / (1 + exp(-k d)).
double scale_constant(RatingScale scale);

// Throws std::invalid_argument for an unknown anchor or an empty input, std::runtime_error when no
// finite maximum-likelihood solution exists (see above).
RatingTable compute_ratings(const PairMatrix& results, const RatingOptions& options = {});
RatingTable compute_ratings(const std::vector<GameRecord>& games, const RatingOptions& options = {});

// SD of r_a - r_b (from the covariance); none when either side was placed after the fit.
std::optional<double> difference_sd(const RatingTable& table, std::size_t a, std::size_t b);
// Confidence for superiority of a over b in percent: 100 Phi((r_a - r_b) / SD).
std::optional<double> cfs_percent(const RatingTable& table, std::size_t a, std::size_t b);

struct OpponentLine {
    std::size_t opponent = 0;
    WdlCounts record;    // from the player's point of view
    double score = 0.0;  // 0..1
    double diff = 0.0;   // player's rating minus the opponent's
    std::optional<double> sd;
    std::optional<double> cfs;  // percent
};

// The opponents `player` met, strongest first.
std::vector<OpponentLine> opponent_lines(const RatingTable& table, std::size_t player);

}  // namespace arbiter::stats
