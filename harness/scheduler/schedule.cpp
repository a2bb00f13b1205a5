#include "harness/scheduler/schedule.h"

#include <stdexcept>

namespace arbiter::scheduler {
namespace {

std::vector<Pairing> make_pairings(std::size_t engines, TournamentKind kind) {
    std::vector<Pairing> pairings;
    if (kind == TournamentKind::round_robin) {
        for (std::size_t a = 0; a < engines; ++a)
            for (std::size_t b = a + 1; b < engines; ++b) pairings.push_back({a, b});
    } else {
        // A match is the one-opponent gauntlet.
        for (std::size_t b = 1; b < engines; ++b) pairings.push_back({0, b});
    }
    return pairings;
}

}  // namespace

TournamentKind tournament_kind(const std::string& name, std::size_t engines) {
    if (engines == 2) return TournamentKind::match;
    return name == "gauntlet" ? TournamentKind::gauntlet : TournamentKind::round_robin;
}

Schedule::Schedule(std::size_t engines, TournamentKind kind, int games, int rounds, bool repeat)
    : kind_(kind), repeat_(repeat) {
    if (engines < 2) throw std::invalid_argument("a tournament needs at least two engines");
    if (games < 1 || rounds < 1) throw std::invalid_argument("-games and -rounds must be 1 or more");
    pairings_ = make_pairings(engines, kind);
    games_per_round_ = games;
    games_per_pairing_ = static_cast<std::uint64_t>(games) * static_cast<std::uint64_t>(rounds);
    slots_ = repeat ? (games_per_pairing_ + 1) / 2 : games_per_pairing_;
}

PairTask Schedule::pair(std::uint64_t pair_index) const {
    if (pair_index >= total_pairs()) throw std::out_of_range("pair index " + std::to_string(pair_index));
    PairTask task;
    task.pair_index = pair_index;
    task.slot = pair_index / pairings_.size();
    task.pairing = static_cast<std::size_t>(pair_index % pairings_.size());
    const Pairing& pairing = pairings_[task.pairing];
    const std::uint64_t first_k = repeat_ ? 2 * task.slot : task.slot;
    const std::uint64_t last_k = repeat_ ? std::min(first_k + 2, games_per_pairing_) : first_k + 1;
    for (std::uint64_t k = first_k; k < last_k; ++k) {
        ScheduledGame game;
        game.pair_index = pair_index;
        game.game_index = static_cast<int>(k - first_k);
        const bool first_is_white = k % 2 == 0;
        game.white = first_is_white ? pairing.first : pairing.second;
        game.black = first_is_white ? pairing.second : pairing.first;
        game.round = static_cast<int>(k / static_cast<std::uint64_t>(games_per_round_)) + 1;
        game.number = k * pairings_.size() + task.pairing + 1;
        task.games.push_back(game);
    }
    return task;
}

PairRange select_pairs(std::uint64_t total_pairs, std::optional<std::pair<int, int>> shard,
                       std::optional<std::pair<std::uint64_t, std::uint64_t>> pairs) {
    PairRange range{0, total_pairs};
    if (shard) {
        const auto [index, count] = *shard;
        const auto k = static_cast<std::uint64_t>(index - 1);
        const auto n = static_cast<std::uint64_t>(count);
        range = {total_pairs * k / n, total_pairs * (k + 1) / n};
    }
    if (pairs) {
        const auto [start, count] = *pairs;
        const std::uint64_t begin = std::max(range.begin, start);
        const std::uint64_t end = count == 0 ? range.end : std::min(range.end, start + count);
        range = {std::min(begin, range.end), std::max(std::min(begin, range.end), end)};
    }
    return range;
}

std::uint64_t default_seed(const std::string& run_identity) {
    // FNV-1a: stable across compilers and platforms, unlike std::hash.
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char c : run_identity) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

}  // namespace arbiter::scheduler
