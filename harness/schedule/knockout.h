#pragma once
// A knockout as cutechess-cli plays it: single elimination over a bracket of the next power of
// two; the first -seeds engines are placed as seeded (1 meets the last seed only in the final),
// the others drawn at random from the run's seed, and byes go to the top seeds. An encounter is
// -games games; it is decided when the leader can no longer be caught: with an odd number of
// games one point of lead is enough, with an even number 1.5 points, or one point after an even
// number of games. Tied encounters go on; cutechess-cli would go on for ever (two deterministic
// engines from the start position draw every game), so after kMaxTieBreakGames games beyond
// -games a tie is decided by the engine order: the engine given earlier on the command line goes
// through (a seed before an unseeded engine, a better seed before a worse one), and record() says
// so for a warning. The next round starts when every encounter is decided.
//
// The games depend on the results, so there are no fixed pairs: the games of bracket slot s
// (round 1 holds slots 0 .. B/2-1, round 2 the next B/4, ...) are pairs s * kSlotStride + k,
// k = 0, 1, ... the encounter's games. A resumed run replays its stored games into the bracket
// and goes on from there; shards and --pairs need a fixed schedule and are refused.
//
// Colours: the encounter's first engine has White in its first game, then they swap every game
// (none with -noswap); -reverse swaps the first colours. Openings: game k of slot s plays opening
// s * ceil(games / repeat) + k / repeat, the order cutechess draws them in while no encounter
// goes on; tie-break games walk on through the book from there (and may meet openings of later
// slots), where cutechess would shift every later encounter's openings.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/schedule/schedule.h"

namespace arbiter::schedule {

class KnockoutBracket {
public:
    static constexpr std::uint64_t kSlotStride = std::uint64_t{1} << 20;
    // Tie-break games an encounter may play beyond -games before the engine order decides a tie.
    // Even, so that an even -games encounter extended in pairs ends after a whole pair.
    static constexpr int kMaxTieBreakGames = 20;
    static_assert(kMaxTieBreakGames % 2 == 0);

    struct Options {
        std::size_t engines = 2;
        int games = 1;   // per encounter before tie-breaks
        int repeat = 1;  // games per opening
        bool swap = true;
        bool reverse = false;
        int seeds = 0;           // engines placed as seeded; the rest are drawn
        std::uint64_t seed = 0;  // draws the unseeded engines' places
    };

    struct Game {
        ScheduledGame game;
        std::uint64_t opening = 0;  // ordinal for the opening book
    };

    explicit KnockoutBracket(const Options& options);

    // The next game to start, or nullopt when none may start until a game in progress ends, or
    // when the knockout is decided.
    std::optional<Game> next_game();
    // An encounter still level after kMaxTieBreakGames tie-break games, decided by engine order.
    struct TieDecided {
        std::size_t through = 0;  // goes on to the next round
        std::size_t out = 0;
        int games = 0;  // the encounter's games, tie-breaks included
    };

    // The result of a game next_game gave out; says when it ends an encounter at the tie-break cap.
    std::optional<TieDecided> record(std::uint64_t pair_index, std::size_t white, double white_score);
    // A stored game of an earlier session, given in pair index order (round by round): returns the
    // game as it was scheduled. Throws std::runtime_error for a game that does not fit the bracket.
    ScheduledGame restore(std::uint64_t pair_index, double white_score);

    bool finished() const;
    // cutechess's count of planned games: (engines - 1) * games, growing with tie-breaks.
    std::uint64_t planned_games() const;
    std::uint64_t games_started() const { return started_; }
    std::optional<std::size_t> winner() const;
    // The bracket as cutechess prints it at the end: first-round names, then each round's
    // winners with their encounter scores, indented by round.
    std::string results(const std::vector<std::string>& names) const;

private:
    struct Encounter {
        std::uint64_t slot = 0;
        int first = -1;  // engine index, -1 for a bye
        int second = -1;
        int first_score = 0;  // two per win, one per draw, as cutechess counts
        int second_score = 0;
        std::vector<bool> taken;  // game k started or stored
        int finished = 0;
        bool valid() const { return first >= 0 && second >= 0; }
        int started() const;
        int in_progress() const { return started() - finished; }
    };

    bool needs_games(const Encounter& encounter) const;
    bool tie_breaks_spent(const Encounter& encounter) const;
    int leader(const Encounter& encounter) const;
    Game start_game(Encounter& encounter);
    ScheduledGame game_of(const Encounter& encounter, std::uint64_t k) const;
    void add_result(Encounter& encounter, std::size_t white, double white_score);
    bool round_decided() const;
    void start_next_round();
    Encounter& encounter_of(std::uint64_t slot);
    std::uint64_t opening_of(std::uint64_t slot, std::uint64_t k) const;

    Options options_;
    std::uint64_t bracket_ = 2;  // power of two >= engines
    std::vector<std::vector<Encounter>> rounds_;
    std::uint64_t started_ = 0;
};

}  // namespace arbiter::schedule
