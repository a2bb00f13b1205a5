#include "harness/epdrun/solution_tracker.h"

#include <algorithm>
#include <chrono>

namespace arbiter::epdrun {

void SolutionTracker::on_go(protocol::Clock::time_point sent) {
    go_sent_ = sent;
    correct_since_ms_.reset();
    pv_lines_ = 0;
}

std::int64_t SolutionTracker::line_time_ms(const protocol::SearchInfo& info,
                                           protocol::Clock::time_point received) const {
    // The engine's clock is the better witness: it excludes pipe and scheduling delays.
    if (info.time) return info.time->count();
    return std::chrono::duration_cast<std::chrono::milliseconds>(received - go_sent_).count();
}

void SolutionTracker::on_info(const protocol::SearchInfo& info, protocol::Clock::time_point received) {
    if (info.pv.empty()) return;
    if (info.multipv && *info.multipv != 1) return;
    ++pv_lines_;
    if (!judge_(info.pv.front())) {
        correct_since_ms_.reset();
    } else if (!correct_since_ms_) {
        correct_since_ms_ = line_time_ms(info, received);
    }
}

std::optional<std::int64_t> SolutionTracker::time_to_solution(const std::string& bestmove,
                                                              std::int64_t final_ms) const {
    if (!judge_(bestmove)) return std::nullopt;
    if (correct_since_ms_) return std::min(*correct_since_ms_, final_ms);
    return final_ms;
}

}  // namespace arbiter::epdrun
