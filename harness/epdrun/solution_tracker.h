#pragma once
// Time to solution: the moment the principal variation's first move became correct and stayed
// correct until the search ended. Fed with every info line of one search, in order.

#include "harness/protocol/types.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace arbiter::epdrun {

class SolutionTracker {
public:
    // Says whether a move (UCI text) solves the position.
    using MoveJudge = std::function<bool(const std::string& uci)>;

    explicit SolutionTracker(MoveJudge judge) : judge_(std::move(judge)) {}

    // The `go` command left for the engine: lines without the engine's own `time` are measured
    // from here.
    void on_go(protocol::Clock::time_point sent);
    // One info line. Lines without a PV (currmove, strings) and secondary MultiPV lines say
    // nothing about the engine's choice and are ignored.
    void on_info(const protocol::SearchInfo& info, protocol::Clock::time_point received);

    // The search ended with `bestmove`; `final_ms` is the search's total time. Empty when the
    // move does not solve the position. When the engine printed no PV that agrees with a correct
    // move, the solution is only known at the end: the total time.
    std::optional<std::int64_t> time_to_solution(const std::string& bestmove, std::int64_t final_ms) const;

    // Milliseconds since `go` of the start of the current run of correct PV moves, if any.
    std::optional<std::int64_t> correct_since_ms() const { return correct_since_ms_; }
    std::size_t pv_lines() const { return pv_lines_; }

private:
    std::int64_t line_time_ms(const protocol::SearchInfo& info, protocol::Clock::time_point received) const;

    MoveJudge judge_;
    protocol::Clock::time_point go_sent_{};
    std::optional<std::int64_t> correct_since_ms_;
    std::size_t pv_lines_ = 0;
};

}  // namespace arbiter::epdrun
