#pragma once
// `arbiter report features`: the seeds' table, one row per ladder step
//   Feature | Category | Date | Rev | WAC | Elo Rating | Improvement
// with ratings from one joint maximum-likelihood fit over every game of the ladder (anchors from
// the ladder's plan held fixed), the improvement's 95% error from the fit's covariance (which
// holds the head-to-head games when they were played), an Ordo-style block per step, the
// ladder and WAC charts, "The seed beside ours" when the plan carries the seed's figures
// (reports/seed_comparison.h), "Speed and knowledge" when the ladder measured its steps
// (reports/speed_knowledge.h), and, with an engine name, Elo and WAC over commits. The title names
// the clock the stored games were played at ("... at 1.2+0.01").

#include <optional>
#include <string>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

struct FeatureReportOptions {
    std::optional<std::string> ladder;  // needed when the database holds several ladders
    std::optional<std::string> engine;  // also chart this engine's results over commits
    std::string suite = "WAC";
};

// Throws std::runtime_error naming the database when it holds no (or not this) ladder.
Report build_feature_report(db::Database& database, const FeatureReportOptions& options);

}  // namespace arbiter::reports
