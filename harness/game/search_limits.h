#pragma once
// Translation between the time-control module's view of a move (tc::GoLimits, tc::TimeControl)
// and what the protocol clients take (SearchRequest, the announced TimeControl). Kept apart from
// the game loop so the mapping can be tested without engines.

#include "harness/protocol/types.h"

#include "harness/tc/clock.h"
#include "harness/tc/time_control.h"

namespace arbiter::game {

// The `go` request for one move. `infinite` is never produced: a game must always have a limit,
// which the scheduler checks before the first game (see has_search_limit).
protocol::SearchRequest search_request(const tc::GoLimits& limits);

// What xboard engines are told up front with `level` (UCI engines ignore it).
protocol::TimeControl announced_time_control(const tc::TimeControl& control);

// False for a control that would let an engine think forever (no clock, nodes or depth).
bool has_search_limit(const tc::TimeControl& control);

}  // namespace arbiter::game
