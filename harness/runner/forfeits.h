#pragma once
// The forfeit gate of `arbiter match --fail-on-forfeits`: after a run, each player's games lost by
// forfeit (an illegal move, a crash, no answer, the clock), counted from the stored terminations of
// the run's games. A player that forfeited more than a given share of its games makes the run an
// infrastructure failure: its results say nothing about its strength, and an SPRT or a gauntlet
// against it would pass or fail on a broken engine.

#include <cstdint>
#include <string>
#include <vector>

#include "db/records.h"

namespace arbiter::runner {

// Most of its games, as the issue puts it: in clocked bullet a few losses on time are normal.
inline constexpr double kDefaultForfeitLimit = 0.5;

struct PlayerForfeits {
    std::string player;
    std::int64_t games = 0;         // games of the run it played
    std::int64_t illegal_move = 0;  // an illegal or malformed move, or `bestmove (none)`
    std::int64_t crash = 0;         // its process died or closed its pipe (disconnection)
    std::int64_t no_answer = 0;     // silent past -ping-ms (stalled connection)
    std::int64_t time = 0;          // lost on time

    std::int64_t total() const { return illegal_move + crash + no_answer + time; }
};

// One entry per player, by name, from Database::player_terminations_of_run.
std::vector<PlayerForfeits> tally_forfeits(const std::vector<db::PlayerTermination>& rows);

// The players that forfeited more than `limit` (0 to 1) of their games.
std::vector<PlayerForfeits> over_forfeit_limit(const std::vector<PlayerForfeits>& players, double limit);

// "glaurung forfeited 4 of 6 games (illegal move 3, crash 1)".
std::string describe_forfeits(const PlayerForfeits& player);

}  // namespace arbiter::runner
