#include "harness/schedule/schedule.h"

#include <algorithm>
#include <stdexcept>

namespace arbiter::schedule {
namespace {

using config::ScheduleRules;

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

// Pyramid and knockout exist in cutechess only: they follow its rules whatever the rules asked for.
ScheduleRules effective_rules(const ScheduleSpec& spec) {
    if (spec.kind == TournamentKind::pyramid || spec.kind == TournamentKind::knockout) return ScheduleRules::cutechess;
    return spec.rules;
}

}  // namespace

TournamentKind tournament_kind(const std::string& name, std::size_t engines) {
    if (name == "knockout") return TournamentKind::knockout;
    if (engines == 2) return TournamentKind::match;
    if (name == "gauntlet") return TournamentKind::gauntlet;
    if (name == "pyramid") return TournamentKind::pyramid;
    return TournamentKind::round_robin;
}

ScheduleSpec schedule_spec(const config::MatchConfig& config, std::size_t engines) {
    ScheduleSpec spec;
    spec.engines = engines;
    // A two-engine pyramid keeps its own first colours under cutechess's rules.
    spec.kind = config.tournament == "pyramid" ? TournamentKind::pyramid : tournament_kind(config.tournament, engines);
    spec.games = config.games;
    spec.rounds = config.rounds;
    spec.repeat = config.repeat ? config.repeat_count : 1;
    spec.swap = !config.noswap;
    spec.reverse = config.reverse;
    spec.seeds = config.seeds;
    spec.rules = config.schedule;
    if (config.openings) spec.opening_policy = config.openings->policy;
    return spec;
}

Schedule::Schedule(std::size_t engines, TournamentKind kind, int games, int rounds, bool repeat)
    : Schedule([&] {
          ScheduleSpec spec;
          spec.engines = engines;
          spec.kind = kind;
          spec.games = games;
          spec.rounds = rounds;
          spec.repeat = repeat ? 2 : 1;
          return spec;
      }()) {}

Schedule::Schedule(const ScheduleSpec& spec)
    : spec_(spec),
      kind_(spec.kind == TournamentKind::pyramid && spec.engines == 2 ? TournamentKind::match : spec.kind),
      rules_(effective_rules(spec)) {
    if (spec.engines < 2) throw std::invalid_argument("a tournament needs at least two engines");
    if (spec.games < 1 || spec.rounds < 1) throw std::invalid_argument("-games and -rounds must be 1 or more");
    if (spec.repeat < 1) throw std::invalid_argument("-repeat must be 1 or more");
    if (kind_ == TournamentKind::knockout) {
        for (std::size_t a = 0; a < spec.engines; ++a)
            for (std::size_t b = a + 1; b < spec.engines; ++b) pairings_.push_back({a, b});
        return;
    }
    const std::size_t n = spec.engines;
    if (rules_ == ScheduleRules::arbiter) {
        set_up_arbiter();
    } else if (rules_ == ScheduleRules::fastchess) {
        const std::size_t seeds = spec.seeds < 1 ? 1 : static_cast<std::size_t>(spec.seeds);
        set_up_cycle(fastchess_cycle(n, spec.kind == TournamentKind::gauntlet ? std::min(seeds, n - 1) : n - 1));
        total_pairs_ = encounters_;
        opening_cycle_ = static_cast<std::uint64_t>(spec.rounds);
    } else {
        set_up_cycle(spec.kind == TournamentKind::gauntlet  ? cutechess_gauntlet_cycle(n, spec.seeds)
                     : spec.kind == TournamentKind::pyramid ? cutechess_pyramid_cycle(n)
                                                            : cutechess_round_robin_cycle(n));
        const auto repeat = static_cast<std::uint64_t>(spec.repeat);
        // With two engines every encounter continues the last one's opening block.
        groups_per_block_ =
            n == 2 ? ceil_div(total_games_, repeat) : ceil_div(static_cast<std::uint64_t>(spec.games), repeat);
        total_pairs_ = n == 2 ? groups_per_block_ : encounters_ * groups_per_block_;
    }
}

void Schedule::set_up_arbiter() {
    const std::size_t n = spec_.engines;
    if (kind_ == TournamentKind::round_robin) {
        for (std::size_t a = 0; a < n; ++a)
            for (std::size_t b = a + 1; b < n; ++b) pairings_.push_back({a, b});
    } else {
        // A match is the one-opponent gauntlet.
        const auto seeds = static_cast<std::size_t>(cutechess_gauntlet_seeds(n, spec_.seeds));
        for (std::size_t seed = 0; seed < seeds; ++seed)
            for (std::size_t other = seeds; other < n; ++other) pairings_.push_back({seed, other});
    }
    const auto per_pairing = static_cast<std::uint64_t>(spec_.games) * static_cast<std::uint64_t>(spec_.rounds);
    total_games_ = per_pairing * pairings_.size();
    total_pairs_ = ceil_div(per_pairing, static_cast<std::uint64_t>(spec_.repeat)) * pairings_.size();
}

void Schedule::set_up_cycle(const PairingCycle& cycle) {
    cycle_ = cycle.encounters;
    cycle_rounds_ = cycle.rounds;
    for (const CycleEncounter& encounter : cycle_) {
        const auto [low, high] = std::minmax(encounter.first, encounter.second);
        const Pairing normalized{low, high};
        auto found = std::find_if(pairings_.begin(), pairings_.end(), [&](const Pairing& p) {
            return p.first == normalized.first && p.second == normalized.second;
        });
        cycle_pairing_.push_back(static_cast<std::size_t>(found - pairings_.begin()));
        if (found == pairings_.end()) pairings_.push_back(normalized);
    }
    encounters_ = cycle_.size() * static_cast<std::uint64_t>(spec_.rounds);
    total_games_ = encounters_ * static_cast<std::uint64_t>(spec_.games);
}

bool Schedule::colour_reversed_pairs() const {
    if (dynamic()) return false;
    if (rules_ == ScheduleRules::fastchess) return spec_.games == 2 && spec_.swap;
    return spec_.repeat == 2 && spec_.swap;
}

std::size_t Schedule::pairing_of(std::size_t a, std::size_t b) const {
    for (std::size_t i = 0; i < pairings_.size(); ++i) {
        const Pairing& p = pairings_[i];
        if ((p.first == a && p.second == b) || (p.first == b && p.second == a)) return i;
    }
    throw std::out_of_range("engines " + std::to_string(a) + " and " + std::to_string(b) + " never meet");
}

PairTask Schedule::pair(std::uint64_t pair_index) const {
    if (pair_index >= total_pairs()) throw std::out_of_range("pair index " + std::to_string(pair_index));
    switch (rules_) {
        case ScheduleRules::cutechess: return cutechess_pair(pair_index);
        case ScheduleRules::fastchess: return fastchess_pair(pair_index);
        case ScheduleRules::arbiter: break;
    }
    return arbiter_pair(pair_index);
}

PairTask Schedule::arbiter_pair(std::uint64_t pair_index) const {
    PairTask task;
    task.pair_index = pair_index;
    task.slot = pair_index / pairings_.size();
    task.pairing = static_cast<std::size_t>(pair_index % pairings_.size());
    const Pairing& pairing = pairings_[task.pairing];
    const auto repeat = static_cast<std::uint64_t>(spec_.repeat);
    const auto games = static_cast<std::uint64_t>(spec_.games);
    const std::uint64_t per_pairing = games * static_cast<std::uint64_t>(spec_.rounds);
    const std::uint64_t first_k = task.slot * repeat;
    for (std::uint64_t k = first_k; k < std::min(first_k + repeat, per_pairing); ++k) {
        ScheduledGame game;
        game.pair_index = pair_index;
        game.game_index = static_cast<int>(k - first_k);
        const bool first_is_white = ((spec_.swap ? k : 0) % 2 == 0) != spec_.reverse;
        game.white = first_is_white ? pairing.first : pairing.second;
        game.black = first_is_white ? pairing.second : pairing.first;
        game.round = static_cast<int>(k / games) + 1;
        game.number = k * pairings_.size() + task.pairing + 1;
        game.pairing = task.pairing;
        task.games.push_back(game);
    }
    return task;
}

// Game k (0-based, in cutechess's starting order) of the run.
ScheduledGame Schedule::cutechess_game(std::uint64_t k) const {
    const auto games = static_cast<std::uint64_t>(spec_.games);
    const std::uint64_t encounter = k / games;
    const std::uint64_t within = k % games;
    const std::uint64_t cycle = encounter / cycle_.size();
    const CycleEncounter& met = cycle_[encounter % cycle_.size()];
    // The pairing has played `cycle` encounters of `games` games before this one.
    const std::uint64_t swaps = spec_.swap ? cycle * games + within : 0;
    const std::uint64_t reversals = !spec_.reverse ? 0 : spec_.engines == 2 ? 1 : cycle + 1;
    const bool first_is_white = (swaps + reversals) % 2 == 0;
    ScheduledGame game;
    game.white = first_is_white ? met.first : met.second;
    game.black = first_is_white ? met.second : met.first;
    game.round = static_cast<int>(cycle) * cycle_rounds_ + met.round;
    game.number = k + 1;
    game.pairing = cycle_pairing_[encounter % cycle_.size()];
    return game;
}

PairTask Schedule::cutechess_pair(std::uint64_t pair_index) const {
    const auto repeat = static_cast<std::uint64_t>(spec_.repeat);
    const auto games = static_cast<std::uint64_t>(spec_.games);
    std::uint64_t first_k = pair_index * repeat;
    std::uint64_t block_end = total_games_;
    if (spec_.engines > 2) {
        const std::uint64_t encounter = pair_index / groups_per_block_;
        first_k = encounter * games + (pair_index % groups_per_block_) * repeat;
        block_end = encounter * games + games;
    }
    PairTask task;
    task.pair_index = pair_index;
    task.slot = pair_index;
    for (std::uint64_t k = first_k; k < std::min(first_k + repeat, block_end); ++k) {
        ScheduledGame game = cutechess_game(k);
        game.pair_index = pair_index;
        game.game_index = static_cast<int>(k - first_k);
        task.games.push_back(game);
    }
    task.pairing = task.games.front().pairing;
    // cutechess's opening policies change only which opening the pair's games start from.
    if (spec_.opening_policy == openings::OpeningPolicy::encounter)
        task.slot = spec_.engines > 2 ? pair_index / groups_per_block_ : 0;
    else if (spec_.opening_policy == openings::OpeningPolicy::round)
        task.slot = static_cast<std::uint64_t>(std::max(task.games.front().round, 1) - 1);
    return task;
}

PairTask Schedule::fastchess_pair(std::uint64_t pair_index) const {
    const auto games = static_cast<std::uint64_t>(spec_.games);
    const CycleEncounter& met = cycle_[pair_index % cycle_.size()];
    PairTask task;
    task.pair_index = pair_index;
    task.slot = pair_index;
    task.pairing = cycle_pairing_[pair_index % cycle_.size()];
    for (std::uint64_t within = 0; within < games; ++within) {
        const std::uint64_t number = pair_index * games + within + 1;
        const bool first_is_white = (number % 2 == 1 || !spec_.swap) != spec_.reverse;
        ScheduledGame game;
        game.pair_index = pair_index;
        game.game_index = static_cast<int>(within);
        game.white = first_is_white ? met.first : met.second;
        game.black = first_is_white ? met.second : met.first;
        game.round = static_cast<int>(pair_index) + 1;
        game.number = number;
        game.pairing = task.pairing;
        task.games.push_back(game);
    }
    return task;
}

config::PairRange select_pairs(std::uint64_t total_pairs, const std::optional<config::ShardSpec>& shard,
                               const std::optional<config::PairRange>& pairs) {
    config::PairRange range{0, total_pairs};
    if (shard) {
        const auto k = static_cast<std::uint64_t>(shard->index - 1);
        const auto n = static_cast<std::uint64_t>(shard->count);
        range = {total_pairs * k / n, total_pairs * (k + 1) / n};
    }
    if (pairs) {
        const std::uint64_t begin = std::max(range.begin, pairs->begin);
        const std::uint64_t end = std::min(range.end, pairs->end);
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

}  // namespace arbiter::schedule
