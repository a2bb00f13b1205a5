// The UCI `go` command's parameters. A GUI waits for a bestmove after every `go`, so nothing in
// the line may stop the search from starting: a value that cannot be used is reported (one note
// per problem, sent as `info string`) and dropped, a value out of range is clamped, and when a
// dropped value leaves nothing to bound the search, a short fallback search stands in for it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/timeman.h"

namespace tempo {

// Clock values (wtime, btime, winc, binc, movetime) are clamped to this (about 31 years): any
// larger number means "no hurry" just as well, and time management's arithmetic stays far from
// the 64-bit limit.
inline constexpr std::int64_t kMaxClockMs = 1'000'000'000'000;
// The search a malformed `go` gets when nothing usable bounds it: shallow enough to answer
// within a fraction of a second, and capped in time in case the position is a hard one.
inline constexpr int kFallbackDepth = 8;
inline constexpr std::int64_t kFallbackMoveTimeMs = 1000;

struct GoCommand {
    SearchLimits limits;
    std::optional<int> perft_depth;  // `go perft N`: a divide instead of a search
    bool ponder = false;
    std::vector<std::string> notes;  // what was dropped, clamped or assumed; one info string each
};

// `args` are the tokens after `go`; `arrival` is when the line arrived (the clock's start).
GoCommand parse_go_command(const std::vector<std::string>& args, Clock::time_point arrival);

}  // namespace tempo
