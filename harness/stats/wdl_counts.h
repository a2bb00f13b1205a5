#pragma once
// Wins, draws and losses from one side's point of view: a match's first engine, a player's
// record over a rating table, or a player against one opponent.

#include <cstdint>

namespace arbiter::stats {

struct WdlCounts {
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;

    std::int64_t games() const { return wins + draws + losses; }
    double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
    WdlCounts& operator+=(const WdlCounts& more) {
        wins += more.wins;
        draws += more.draws;
        losses += more.losses;
        return *this;
    }
    bool operator==(const WdlCounts&) const = default;
};

}  // namespace arbiter::stats
