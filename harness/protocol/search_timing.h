// The one place that turns write/read timestamps into SearchResult timing, so UCI and xboard
// measure moves identically.
#pragma once

#include "harness/process/process_types.h"
#include "harness/protocol/types.h"

#include <algorithm>

namespace arbiter::protocol {

inline void mark_started(SearchResult& result, const process::WriteStamp& stamp) {
    result.write_began = stamp.began;
    result.started = stamp.flushed;
}

// The search really began somewhere in [write_began, started]; `started` (after the flush) is the
// reference, except when the reply was stamped before it: then we were descheduled inside write()
// while the engine already ran, and the reply itself bounds the start (elapsed is never negative).
inline void mark_finished(SearchResult& result, Clock::time_point at) {
    result.finished = at;
    if (result.started > at) result.started = std::max(result.write_began, at);
    result.elapsed = at - result.started;
}

}  // namespace arbiter::protocol
