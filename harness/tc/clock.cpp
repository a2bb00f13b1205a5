#include "harness/tc/clock.h"

#include <algorithm>

namespace arbiter::tc {

Clock::Clock(TimeControl control) : control_(control) { reset(); }

void Clock::reset() {
    flag_fell_ = false;
    moves_to_go_ = control_.moves_per_tc;
    remaining_ms_ = control_.move_time_ms > 0 ? control_.move_time_ms : control_.base_ms;
}

std::optional<std::chrono::milliseconds> Clock::move_deadline() const {
    if (!control_.is_timed()) return std::nullopt;
    return std::chrono::milliseconds(std::max<std::int64_t>(0, remaining_ms_ + control_.margin_ms));
}

MoveTiming Clock::record_move(std::chrono::steady_clock::duration elapsed) {
    MoveTiming timing;
    timing.used_ms = std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
    if (control_.is_timed() && timing.used_ms > remaining_ms_ + control_.margin_ms) flag_fell_ = true;
    timing.flag_fell = flag_fell_;

    if (control_.move_time_ms > 0) {
        // st= gives every move the same budget; nothing carries over.
        remaining_ms_ = control_.move_time_ms;
    } else if (control_.is_timed()) {
        remaining_ms_ += control_.increment_ms - timing.used_ms;
        if (control_.moves_per_tc > 0 && --moves_to_go_ == 0) {
            // A new period starts: its time adds to whatever is left (classical controls).
            moves_to_go_ = control_.moves_per_tc;
            remaining_ms_ += control_.base_ms;
        }
    }
    timing.remaining_ms = remaining_ms_;
    return timing;
}

GameClock::GameClock(const TimeControl& white, const TimeControl& black) : clocks_{Clock(white), Clock(black)} {}

void GameClock::reset() {
    for (Clock& clock : clocks_) clock.reset();
}

GoLimits GameClock::go_limits(chess::Color to_move) const {
    GoLimits limits;
    const TimeControl& own = clocks_[to_move].control();
    if (own.infinite) {
        limits.infinite = true;
        return limits;
    }
    if (own.move_time_ms > 0) {
        limits.movetime = own.move_time_ms;
    } else if (own.base_ms > 0) {
        // Engines misread negative times; an overrun inside the margin is reported as zero.
        const Clock& white = clocks_[chess::WHITE];
        const Clock& black = clocks_[chess::BLACK];
        limits.wtime = std::max<std::int64_t>(0, white.remaining_ms());
        limits.btime = std::max<std::int64_t>(0, black.remaining_ms());
        limits.winc = white.control().increment_ms;
        limits.binc = black.control().increment_ms;
        if (own.moves_per_tc > 0) limits.movestogo = clocks_[to_move].moves_to_go();
    }
    if (own.nodes > 0) limits.nodes = own.nodes;
    if (own.depth > 0) limits.depth = own.depth;
    // Nothing bounds the search: only `go infinite` makes that explicit to the engine.
    if (!limits.movetime && !limits.wtime && !limits.nodes && !limits.depth) limits.infinite = true;
    return limits;
}

}  // namespace arbiter::tc
