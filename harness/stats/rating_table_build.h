#pragma once
// Pieces shared by the Ordo-style and the BayesElo rating fits (internal to arbiter_stats).

#include <map>
#include <string>
#include <vector>

#include "harness/stats/rating_fit.h"
#include "harness/stats/ratings.h"

namespace arbiter::stats::detail {

// Marks the anchors and writes their fixed ratings into `ratings`; an anchor that is not a known
// player throws std::invalid_argument naming it.
std::vector<bool> anchor_mask(const PairMatrix& results, const std::map<std::string, double>& anchors,
                              std::vector<double>& ratings);

// Anchors keep their value; everyone else starts at the anchors' mean (0 without anchors).
std::vector<double> starting_ratings(const std::vector<double>& anchored_values, const std::vector<bool>& is_anchor);

// Every non-empty (white, black) cell between included players.
std::vector<CellData> cells_among(const PairMatrix& results, const std::vector<bool>& included);

// Throws std::invalid_argument for an empty matrix or a player without games.
void require_games(const PairMatrix& results);

// Turns fitted ratings into the table: without anchors shifts them so the mean is `average` and
// makes the covariance relative to the mean of the `fitted` players; fills records and ranking.
struct TableInputs {
    std::vector<double> ratings;
    std::vector<double> covariance;
    std::vector<bool> is_anchor;
    std::vector<bool> fitted;
    std::vector<RatingBound> bounds;
    bool anchored = false;
    double average = 2300.0;
};
void finish_table(RatingTable& table, TableInputs inputs);

}  // namespace arbiter::stats::detail
