#pragma once
// Which games a run consists of, as a pure function of the configuration, so that a resumed run,
// a shard and an uninterrupted run all agree on what "pair 17" is.
//
// Vocabulary:
//   pairing  two engines that meet, reported from the side of `first`.
//   pair     the unit of scheduling, resuming and sharding: the consecutive games of one pairing
//            that share an opening (one game when every game gets its own opening). Its `slot`
//            selects the opening from the book.
//   encounter  -games G consecutive games of one pairing; -rounds R repeats the cycle of
//            encounters R times.
//
// Three sets of rules (config::ScheduleRules, set by cli/ for the command line's tool):
//   arbiter    each pairing plays R*G games, numbered k = 0, 1, ...; -repeat N groups N
//              consecutive k into a pair (else one game per pair). Colours alternate with k (even
//              k: the pairing's first engine has White) unless -noswap; -reverse flips them. Pairs
//              are numbered slot-major (pair index = slot * pairings + pairing), so every pairing
//              progresses evenly and all pairings of a slot play the same opening.
//   cutechess  cutechess-cli 1.4: encounters in its cycle order (pairing_cycle.h), each game
//              starting where the previous one ended. A pairing's colours swap after every game
//              it plays (unless -noswap) and -reverse swaps them again at each new encounter (with
//              two engines only at the first). Openings are drawn in game order: each opening is
//              played -repeat N times; with three or more engines a new encounter always starts a
//              new opening. Pairs are those groups, numbered in game order; slot = pair index.
//   fastchess  fastchess: its cycle order; an encounter of -games G (at most 2) games is one pair
//              on one opening. Game number g (1-based over the run) has the pairing's first engine
//              as White when g is odd or with -noswap, and -reverse flips that. The opening of
//              encounter e is e modulo min(R, book size): fastchess keeps only the first R openings.
//              PGN Round is e + 1.
// Pyramid follows cutechess's rules under every set of rules. A knockout's games depend on its results:
// it has no fixed pairs here (see knockout.h); pairings() lists every two engines for the tally.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/schedule/pairing_cycle.h"

namespace arbiter::schedule {

struct Pairing {
    std::size_t first = 0;  // the engine the pairing's results are counted for
    std::size_t second = 1;
};

struct ScheduledGame {
    std::uint64_t pair_index = 0;
    int game_index = 0;     // within the pair
    std::size_t white = 0;  // engine indexes
    std::size_t black = 1;
    int round = 1;             // PGN Round
    std::uint64_t number = 0;  // 1-based game number over the whole run (for messages)
    std::size_t pairing = 0;   // index into Schedule::pairings()
};

struct PairTask {
    std::uint64_t pair_index = 0;
    std::uint64_t slot = 0;  // selects the opening
    std::size_t pairing = 0;
    std::vector<ScheduledGame> games;
};

enum class TournamentKind { match, gauntlet, round_robin, pyramid, knockout };

struct ScheduleSpec {
    std::size_t engines = 2;
    TournamentKind kind = TournamentKind::match;  // as asked (tournament_kind)
    int games = 1;                                // per encounter
    int rounds = 1;
    int repeat = 1;    // games per opening (arbiter and cutechess rules)
    bool swap = true;  // false with -noswap
    bool reverse = false;
    int seeds = 0;  // 0: the tournament's default
    config::ScheduleRules rules = config::ScheduleRules::arbiter;
    // cutechess's -openings policy= (cutechess rules only): `default` as described above;
    // `encounter` keeps one opening for a whole encounter (with two engines, for the whole match);
    // `round` one opening per round. Only which opening a pair plays changes, not the pairs.
    openings::OpeningPolicy opening_policy = openings::OpeningPolicy::by_default;
};

class Schedule {
public:
    // Throws std::invalid_argument for fewer than two engines or non-positive counts.
    explicit Schedule(const ScheduleSpec& spec);
    // arbiter's rules, -repeat meaning pairs of two.
    Schedule(std::size_t engines, TournamentKind kind, int games, int rounds, bool repeat);

    // match whenever two engines meet in anything but a knockout.
    TournamentKind kind() const { return kind_; }
    bool dynamic() const { return kind_ == TournamentKind::knockout; }
    const std::vector<Pairing>& pairings() const { return pairings_; }
    std::uint64_t total_pairs() const { return total_pairs_; }
    std::uint64_t total_games() const { return total_games_; }
    // Pairs of two games with colours reversed, for pentanomial statistics.
    bool colour_reversed_pairs() const;
    // fastchess draws encounter e's opening from the first `opening_cycle()` openings only (0: no limit).
    std::uint64_t opening_cycle() const { return opening_cycle_; }
    PairTask pair(std::uint64_t pair_index) const;
    // The pairing of engines a and b (either order); std::out_of_range when they never meet.
    std::size_t pairing_of(std::size_t a, std::size_t b) const;

private:
    void set_up_arbiter();
    void set_up_cycle(const PairingCycle& cycle);
    PairTask arbiter_pair(std::uint64_t pair_index) const;
    PairTask cutechess_pair(std::uint64_t pair_index) const;
    PairTask fastchess_pair(std::uint64_t pair_index) const;
    ScheduledGame cutechess_game(std::uint64_t k) const;

    ScheduleSpec spec_;
    TournamentKind kind_;
    config::ScheduleRules rules_;
    std::vector<Pairing> pairings_;
    std::vector<CycleEncounter> cycle_;
    std::vector<std::size_t> cycle_pairing_;  // pairing index of each cycle encounter
    int cycle_rounds_ = 1;
    std::uint64_t encounters_ = 0;  // over the whole run (cycle rules)
    std::uint64_t total_pairs_ = 0;
    std::uint64_t total_games_ = 0;
    std::uint64_t groups_per_block_ = 0;  // cutechess: pairs per opening block
    std::uint64_t opening_cycle_ = 0;
};

// "gauntlet", "pyramid", "knockout", else round-robin; two engines make a match (cutechess calls
// that a match too), except in a knockout, whose tied encounters go on.
TournamentKind tournament_kind(const std::string& name, std::size_t engines);

// The schedule a configuration asks for with `engines` engines.
ScheduleSpec schedule_spec(const config::MatchConfig& config, std::size_t engines);

// The pairs this process plays: shard K/N takes the K-th of N contiguous, disjoint blocks (sizes
// differ by at most one), then --pairs START:COUNT (COUNT 0 = to the end) narrows it further.
config::PairRange select_pairs(std::uint64_t total_pairs, const std::optional<config::ShardSpec>& shard,
                               const std::optional<config::PairRange>& pairs);

// The opening seed when -seed is not given: a hash of the run identity, so a re-run of the same
// command continues with the same openings (and a changed command gets new ones).
std::uint64_t default_seed(const std::string& run_identity);

}  // namespace arbiter::schedule
