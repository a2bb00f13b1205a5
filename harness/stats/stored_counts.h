#pragma once
// The one place where the database's own count and result types become stats' types. db/ sits
// below the harness and cannot name harness/stats, so its queries return their own rows
// (db::PairResult, db::RunPairStats, db::GameResult); every fit, estimate or record read from a
// database (ratings, ladders, feature tables, run reports, a resumed run's tally) converts here
// rather than copying the fields itself.

#include <vector>

#include "db/records.h"
#include "harness/stats/elo.h"
#include "harness/stats/pair_matrix.h"

namespace arbiter::stats {

PairMatrix matrix_of_stored_pairs(const std::vector<db::PairResult>& pairs);

// A run's counts of one engine against another, from the first engine's side.
WdlCounts wdl_of(const db::RunPairStats& stats);
PentaCounts penta_of(const db::RunPairStats& stats);

// White's points in a stored game: 1, 0.5 or 0.
double white_points(db::GameResult result);

}  // namespace arbiter::stats
