#pragma once
// The feature report's WAC figures per step (#40 item 5). A ladder whose file gives `wac.nodes` or
// `wac.runs` stores the WAC limit in its plan (`wac.limit`, "nodes=100000" or "movetime=3000"): a
// step's figures are then every WAC run of that limit (a timed WAC played `runs` times), their
// solved counts, and the answers' average depth; the Steps table gains a "WAC depth" column. Older
// plans name no limit: the step's newest WAC run, and no depth column, as their pages were
// published.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "db/database.h"

namespace arbiter::reports {

struct WacFigures {
    std::vector<std::int64_t> solved;     // per run, oldest first
    std::int64_t positions = 0;           // answered, the most of any run
    std::optional<double> average_depth;  // the mean of the runs' average depths
};

// Per player, from the ladder's EPD scores (oldest first).
std::map<std::string, WacFigures> ladder_wac(const std::vector<db::LadderEpdScore>& scores, const nlohmann::json& plan);

// Whether the Steps table shows "WAC depth": the plan names its WAC limit.
bool shows_wac_depth(const nlohmann::json& plan);

// "250/300" for one run; "250.3/300 (248-252)" for several: the mean solved and their range.
std::string wac_cell(const WacFigures& wac);
// "11.4": the average depth, one decimal; empty without one.
std::string wac_depth_cell(const WacFigures& wac);
// The mean solved count, for the WAC chart.
double mean_solved(const WacFigures& wac);

// "WAC: 3000 ms per position, 3 runs, first 50 positions": the plan's WAC settings for the notes.
std::string wac_note(const nlohmann::json& plan);

}  // namespace arbiter::reports
