#include "harness/game/search_limits.h"

namespace arbiter::game {

using protocol::Millis;

protocol::SearchRequest search_request(const tc::GoLimits& limits) {
    protocol::SearchRequest request;
    if (limits.wtime || limits.btime) {
        protocol::ClockState clock;
        clock.wtime = Millis(limits.wtime.value_or(0));
        clock.btime = Millis(limits.btime.value_or(0));
        clock.winc = Millis(limits.winc.value_or(0));
        clock.binc = Millis(limits.binc.value_or(0));
        clock.movestogo = limits.movestogo.value_or(0);
        request.clock = clock;
    }
    if (limits.movetime) request.movetime = Millis(*limits.movetime);
    if (limits.nodes) request.nodes = static_cast<std::uint64_t>(*limits.nodes);
    if (limits.depth) request.depth = *limits.depth;
    return request;
}

protocol::TimeControl announced_time_control(const tc::TimeControl& control) {
    protocol::TimeControl announced;
    if (control.infinite || control.move_time_ms > 0) return announced;
    announced.moves_per_period = control.moves_per_tc;
    announced.base = Millis(control.base_ms);
    announced.increment = Millis(control.increment_ms);
    return announced;
}

bool has_search_limit(const tc::TimeControl& control) {
    return !control.infinite && (control.is_timed() || control.nodes > 0 || control.depth > 0);
}

}  // namespace arbiter::game
