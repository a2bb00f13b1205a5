#pragma once
// Which games a run consists of, as a pure function of the configuration, so that a resumed run,
// a shard and an uninterrupted run all agree on what "pair 17" is.
//
// Vocabulary:
//   pairing  two engines that meet (match: the only two; gauntlet: engine 0 and each other
//            engine; round-robin: every two engines).
//   encounter sequence  the R*G games of one pairing (-rounds R, -games G), numbered k = 0, 1, ...
//            Colours alternate with k (even k: the pairing's first engine has White), as in
//            cutechess; the round shown in PGN is k / G + 1.
//   pair     the unit of scheduling, resuming and sharding: with -repeat two consecutive games of
//            the encounter sequence on the same opening with colours reversed (the last pair may
//            hold one game when R*G is odd), else one game.
//   slot     pairs are numbered slot-major: pair index = slot * pairings + pairing, so every
//            pairing progresses evenly and all pairings of a slot play the same opening.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::scheduler {

struct Pairing {
    std::size_t first = 0;   // engine index; White in the pair's first game
    std::size_t second = 1;
};

struct ScheduledGame {
    std::uint64_t pair_index = 0;
    int game_index = 0;      // within the pair: 0, or 1 for the colour-reversed game
    std::size_t white = 0;   // engine indexes
    std::size_t black = 1;
    int round = 1;           // PGN Round
    std::uint64_t number = 0;  // 1-based game number over the whole run (for messages)
};

struct PairTask {
    std::uint64_t pair_index = 0;
    std::uint64_t slot = 0;        // selects the opening
    std::size_t pairing = 0;
    std::vector<ScheduledGame> games;
};

enum class TournamentKind { match, gauntlet, round_robin };

class Schedule {
public:
    // Throws std::invalid_argument for fewer than two engines or non-positive counts.
    Schedule(std::size_t engines, TournamentKind kind, int games, int rounds, bool repeat);

    TournamentKind kind() const { return kind_; }
    const std::vector<Pairing>& pairings() const { return pairings_; }
    std::uint64_t total_pairs() const { return slots_ * pairings_.size(); }
    std::uint64_t total_games() const { return games_per_pairing_ * pairings_.size(); }
    bool repeat() const { return repeat_; }
    PairTask pair(std::uint64_t pair_index) const;

private:
    TournamentKind kind_;
    std::vector<Pairing> pairings_;
    std::uint64_t games_per_pairing_;  // R * G
    int games_per_round_;
    bool repeat_;
    std::uint64_t slots_;
};

// "gauntlet" -> gauntlet; "round-robin" with two engines -> match (cutechess calls that a match).
TournamentKind tournament_kind(const std::string& name, std::size_t engines);

// Half-open range of pair indexes.
struct PairRange {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::uint64_t size() const { return end > begin ? end - begin : 0; }
};

// The pairs this process plays: shard K/N takes the K-th of N contiguous, disjoint blocks (sizes
// differ by at most one), then --pairs START:COUNT (COUNT 0 = to the end) narrows it further.
PairRange select_pairs(std::uint64_t total_pairs, std::optional<std::pair<int, int>> shard,
                       std::optional<std::pair<std::uint64_t, std::uint64_t>> pairs);

// The opening seed when -seed is not given: a hash of the run identity, so a re-run of the same
// command continues with the same openings (and a changed command gets new ones).
std::uint64_t default_seed(const std::string& run_identity);

}  // namespace arbiter::scheduler
