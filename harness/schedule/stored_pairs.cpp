#include "harness/schedule/stored_pairs.h"

#include <algorithm>

namespace arbiter::schedule {

std::vector<StoredPair> stored_pairs(db::Database& database, std::optional<std::int64_t> run) {
    std::vector<StoredPair> pairs;
    if (!run) return pairs;
    for (const db::GameKey& key : database.completed_games(*run)) {  // sorted by pair
        const auto pair = static_cast<std::uint64_t>(key.pair_index);
        if (pairs.empty() || pairs.back().pair_index != pair) pairs.push_back({pair, 0});
        ++pairs.back().games;
    }
    return pairs;
}

std::uint64_t first_open_pair(const std::vector<StoredPair>& stored, std::uint64_t begin, std::uint64_t end,
                              int games_per_pair) {
    auto at = std::lower_bound(stored.begin(), stored.end(), begin,
                               [](const StoredPair& pair, std::uint64_t index) { return pair.pair_index < index; });
    for (std::uint64_t pair = begin; pair < end; ++pair, ++at) {
        if (at == stored.end() || at->pair_index != pair || at->games < games_per_pair) return pair;
    }
    return end;
}

}  // namespace arbiter::schedule
