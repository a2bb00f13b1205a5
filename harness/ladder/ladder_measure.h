#pragma once
// Internal to arbiter_ladder: what a ladder measures of a step besides its gauntlet and WAC run, when
// the file's `measure` asks (issue #40), so that the report can tell a step's speed from its
// knowledge:
// - time to depth: the step's engine searches every position with `go depth D`, one search at a
//   time, each after ucinewgame (an `arbiter epd` run, kind epd, over a search-only suite). Its
//   nodes are the Mediocre posts' "time to depth", free of the machine's load for a single-threaded
//   engine; nodes over its reported time is its speed, which depends on the load.
// - fixed nodes: from step 2 on, the step plays the previous one at a node limit per move with the
//   gauntlet's openings and adjudication (a scheduler run), where speed does not count.
// Both are runs like any other: resumed when they exist (a re-run plays nothing twice), every game
// and answer stored as it ends. They are not the ladder's runs (runs.ladder stays NULL: the ladder's
// fit must not see fixed-node games), but linked to the step with the plan's settings of the
// measurement (db ladder_measurements).

#include <cstddef>

#include "harness/ladder/ladder_steps.h"

namespace arbiter::ladder::detail {

// Measures step `index` as the plan asks (nothing when it asks for nothing): 0 measured, 1 a run
// failed or was interrupted, 2 bad input.
int measure_step(const StepContext& context, std::size_t index);

}  // namespace arbiter::ladder::detail
