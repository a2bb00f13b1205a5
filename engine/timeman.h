// Time management: turns the `go` limits into a soft budget (don't start another iteration
// past it) and a hard budget (abort the search). The clock starts when `go` arrives.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "engine/chess/types.h"

namespace tempo {

using Clock = std::chrono::steady_clock;

// Everything `go` can carry; absent fields stay empty and never matter.
struct SearchLimits {
    std::optional<std::int64_t> time_ms[chess::COLOR_NB];       // wtime / btime
    std::optional<std::int64_t> increment_ms[chess::COLOR_NB];  // winc / binc
    std::optional<int> moves_to_go;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<std::int64_t> move_time_ms;
    std::optional<int> mate_in_moves;
    bool infinite = false;
    Clock::time_point start = Clock::now();

    // True when no field bounds the search: bare `go` or `go infinite`.
    bool unbounded() const;
};

struct TimeBudget {
    bool timed = false;        // false: no clock, search until another limit or `stop`
    std::int64_t soft_ms = 0;  // past this, do not begin another iteration
    std::int64_t hard_ms = 0;  // past this, abort the search at once
};

// `managed` is the TimeManagement feature; off means remaining/40 + increment, spent fully.
TimeBudget plan_time(const SearchLimits& limits, chess::Color side_to_move, std::int64_t move_overhead_ms,
                     bool managed);

std::int64_t elapsed_ms(const SearchLimits& limits);

// What the root's last iterations say about the move, for stretching or shrinking the soft budget.
struct RootTrend {
    int stable_iterations = 0;  // completed iterations in a row that kept the best move
    int score_drop_cp = 0;      // how far the score fell in the last iteration (0 when it held or rose)
};

// The factor the soft budget is multiplied by after an iteration (TimeManagement on): a best move
// that just changed, or a falling score, earns more time; a best move settled for several
// iterations gives time back for later moves.
double soft_budget_scale(const RootTrend& trend);

}  // namespace tempo
