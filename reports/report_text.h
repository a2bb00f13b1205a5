#pragma once
// Number formatting shared by the reports, so every table writes Elo, errors and scores alike.

#include <cstdint>
#include <optional>
#include <string>

#include "harness/stats/elo.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// "2115", "-35"; rounded to whole points.
std::string whole(double value);
// "+50", "-12", "+0".
std::string signed_whole(double value);
// "2115 ± 21 (800)": rating, 95% error when known, games.
std::string rating_cell(double rating, std::optional<double> error95, std::int64_t games);
// "+50 ± 30"
std::string difference_cell(double difference, std::optional<double> error95);
// "+50 ± 30", or "> +607" / "< -216" for a perfect / null score (its one-sided 95% bound).
std::string elo_cell(const stats::EloEstimate& estimate);
// The estimate as a chart point: the bound, marked and without an error bar, for a perfect score.
ChartPoint elo_point(const std::string& label, const stats::EloEstimate& estimate);
// "48.8" (percent, one decimal)
std::string percent(double fraction);
// First 10 characters of an ISO timestamp: "2025-01-04".
std::string date_of(const std::string& iso_timestamp);
// First 8 characters of a commit hash.
std::string short_rev(const std::string& rev);

}  // namespace arbiter::reports
