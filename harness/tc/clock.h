#pragma once
// Game clocks. The game loop measures each move with std::chrono::steady_clock and hands the
// duration in; the clock only books it. Keeping the measuring out of here makes the clock exact
// to test and lets the loop decide what a move's time includes (cutechess: from `go` to
// `bestmove`).

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>

#include "engine/chess/types.h"
#include "harness/tc/time_control.h"

namespace arbiter::tc {

// What booking one move did to a side's clock.
struct MoveTiming {
    std::int64_t used_ms = 0;       // the move's time, whole milliseconds (truncated)
    std::int64_t remaining_ms = 0;  // left after the move, increment and period reset included
    bool flag_fell = false;         // used more than the time left plus the margin
};

// One side's clock under one time control.
class Clock {
public:
    explicit Clock(TimeControl control);

    // Back to the start of a game (full base time, fresh period).
    void reset();

    const TimeControl& control() const { return control_; }
    // Time left before this move; may be slightly negative after an overrun inside the margin.
    std::int64_t remaining_ms() const { return remaining_ms_; }
    // Moves left in the current period (the UCI `movestogo`); 0 when the period is the game.
    int moves_to_go() const { return moves_to_go_; }
    bool flag_fell() const { return flag_fell_; }

    // How long the loop may wait for this move before the flag falls (margin included);
    // nullopt when no clock runs (tc=inf, or only node/depth limits).
    std::optional<std::chrono::milliseconds> move_deadline() const;

    // Books a finished move that took `elapsed`. Flag rule as cutechess: the flag falls when the
    // move took longer than the time left plus timemargin; the time is still booked so the PGN
    // and the database show the real figure.
    MoveTiming record_move(std::chrono::steady_clock::duration elapsed);

private:
    TimeControl control_;
    std::int64_t remaining_ms_ = 0;
    int moves_to_go_ = 0;
    bool flag_fell_ = false;
};

// The numbers a UCI `go` command carries for the side to move. Fields the control does not use
// stay empty; the protocol module turns them into text.
struct GoLimits {
    std::optional<std::int64_t> wtime, btime, winc, binc;
    std::optional<int> movestogo;
    std::optional<std::int64_t> movetime;
    std::optional<std::int64_t> nodes;
    std::optional<int> depth;
    bool infinite = false;
};

// Both sides' clocks. Each side may have its own control (per-engine tc= / time odds).
class GameClock {
public:
    GameClock(const TimeControl& white, const TimeControl& black);

    void reset();
    Clock& side(chess::Color color) { return clocks_[color]; }
    const Clock& side(chess::Color color) const { return clocks_[color]; }
    MoveTiming record_move(chess::Color mover, std::chrono::steady_clock::duration elapsed) {
        return clocks_[mover].record_move(elapsed);
    }
    // The go parameters for `to_move`: both clocks (UCI engines expect the opponent's too) and
    // the mover's own fixed limits.
    GoLimits go_limits(chess::Color to_move) const;

private:
    std::array<Clock, 2> clocks_;
};

}  // namespace arbiter::tc
