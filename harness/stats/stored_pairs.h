#pragma once
// The one place where the database's per-pairing counts become a PairMatrix. db/ sits below the
// harness and keeps its own row type (db::PairResult); every fit or record read from a database
// (ratings, ladders, feature tables) goes through here rather than copying the fields itself.

#include <vector>

#include "db/records.h"
#include "harness/stats/pair_matrix.h"

namespace arbiter::stats {

PairMatrix matrix_of_stored_pairs(const std::vector<db::PairResult>& pairs);

}  // namespace arbiter::stats
