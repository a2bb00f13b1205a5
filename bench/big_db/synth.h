#pragma once
// The synthetic games of arbiter_big_db: results drawn from an Elo difference, terminations, plies,
// durations and timestamps as a 10+0.1 match at 16 concurrent games produces them, and (for a
// fraction of games) a full move list with search figures. Deterministic for a given seed.

#include <cstdint>
#include <random>
#include <string>

#include "db/records.h"

namespace arbiter::bench {

// ISO-8601 UTC with milliseconds, `ms` after 2024-01-01T00:00:00Z: what the runner stores.
std::string iso_time(std::int64_t ms);

class GameSynth {
public:
    explicit GameSynth(std::uint64_t seed) : rng_(seed) {}

    // One game between white and black, white `elo_diff` stronger, finishing at `clock_ms` (run time
    // advances by the game's duration divided by the concurrency). `with_moves` fills moves and a PGN
    // with movetext; otherwise the PGN holds the tags only.
    db::GameRecord game(const std::string& white, const std::string& black, double elo_diff, bool with_moves);

    double uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_); }
    int below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

    // The simulated clock: every game started and finished on it, from 2024-01-01 on.
    std::int64_t clock_ms = 0;

private:
    db::GameResult draw_result(double elo_diff);
    std::string termination(db::GameResult result);
    void fill_moves(db::GameRecord& game);

    std::mt19937_64 rng_;
};

}  // namespace arbiter::bench
