#pragma once
// A run played in slices of pairs (a ladder's step against the chosen pool opponents, a
// bisection's commit against the good build): which pair indices it has stored, and where its
// next slice starts. A slice that a kill cut short leaves a pair with one game; the next slice
// starts there, so the run is continued, never played twice.

#include <cstdint>
#include <optional>
#include <vector>

#include "db/database.h"

namespace arbiter::schedule {

struct StoredPair {
    std::uint64_t pair_index = 0;
    int games = 0;
};

// Games stored per pair index of a run (none: no run yet), sorted by pair index.
std::vector<StoredPair> stored_pairs(db::Database& database, std::optional<std::int64_t> run);

// The first pair index in [begin, end) that has fewer than `games_per_pair` games among `stored`
// (sorted by pair index); `end` when every pair there is complete.
std::uint64_t first_open_pair(const std::vector<StoredPair>& stored, std::uint64_t begin, std::uint64_t end,
                              int games_per_pair);

}  // namespace arbiter::schedule
