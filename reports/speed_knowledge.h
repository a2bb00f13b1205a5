#pragma once
// The feature report's "Speed and knowledge" (issue #40), when the ladder's plan has `measure`:
// per step, beside the gauntlet's improvement (at the clock, where speed and knowledge both count),
//   Nodes to depth     the nodes the step's engine reported for every position searched to the fixed
//                      depth, summed: the Mediocre posts' "time to depth" without the time
//   Nodes vs previous  that sum's ratio to the previous step's, over the positions both answered
//   kN/s, Speed vs previous
//                      nodes over the engine's reported search time, and its ratio to the previous
//                      step's over the positions both answered: how fast the step searches
//   Fixed-node Elo vs previous
//                      the step against the previous one at a node limit per move, Elo ± 95% error
//                      from the game pairs' pentanomial counts: what the step knows, speed aside
// from the runs linked to each step under the plan's settings (db ladder_measurements). A cell is
// empty where the measurement was not made (the first step has no previous one).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// A step's time-to-depth searches shorter than this, all together, give no speed: timed to the
// millisecond, a search of a few milliseconds is off by tens of percent, and a moment's load on
// the machine moves the whole sum (a 0.1 s run read 0.43 and 1.41 of its neighbours, #40).
inline constexpr std::int64_t kShortestTimedSearchMs = 500;

struct SpeedKnowledgeInput {
    const std::string& ladder;
    const nlohmann::json& plan;  // the ladder run's plan: "measure" when the ladder measures
    const std::vector<db::LadderStepRecord>& steps;
    const std::vector<std::string>& improvement_cells;  // the Steps table's, one per step
};

// None when the plan has no `measure`.
std::optional<Section> speed_knowledge_section(db::Database& database, const SpeedKnowledgeInput& input);

}  // namespace arbiter::reports
