#pragma once
// `arbiter report features`: "The seed beside ours". Per step the seed's own figures (the ladder
// file's `seed`, stored in the plan), ours, and the difference of the improvements with the two
// 95% errors combined as independent; the steps whose difference is beyond that error are named.
// The seed's error is the one the file quotes, or comes from the records (W/D/L) of the seed's
// gauntlets for the step and the one before (stats::gauntlet_rating_error95, docs/statistics.md).

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "reports/report_model.h"

namespace arbiter::reports {

// One step as the Steps table shows it, with the numbers the comparison needs.
struct OurStepFigures {
    std::string label;
    std::string wac;               // "250/300", or empty
    std::string elo;               // "3010 ± 24", or empty
    std::string improvement_cell;  // as the Steps table prints it, marks of a bound included
    // Only an exact improvement (not a floor or ceiling) can be compared.
    std::optional<double> improvement, improvement_error95;
};

// None when the plan carries no seed figures.
std::optional<Section> seed_comparison_section(const nlohmann::json& plan, const std::vector<OurStepFigures>& ours);

}  // namespace arbiter::reports
