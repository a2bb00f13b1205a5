#include "reports/report_text.h"

#include <cmath>
#include <cstdio>

namespace arbiter::reports {

std::string whole(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f", std::round(value) == 0.0 ? 0.0 : std::round(value));
    return buffer;
}

std::string signed_whole(double value) {
    const double rounded = std::round(value) == 0.0 ? 0.0 : std::round(value);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.0f", rounded);
    return buffer;
}

std::string rating_cell(double rating, std::optional<double> error95, std::int64_t games) {
    std::string text = whole(rating);
    if (error95 && *error95 > 0) text += " \xC2\xB1 " + whole(*error95);
    return text + " (" + std::to_string(games) + ")";
}

std::string difference_cell(double difference, std::optional<double> error95) {
    std::string text = signed_whole(difference);
    if (error95 && *error95 > 0) text += " \xC2\xB1 " + whole(*error95);
    return text;
}

std::string elo_cell(const stats::EloEstimate& estimate) {
    if (estimate.bound == stats::RatingBound::exact) return difference_cell(estimate.elo, estimate.elo_error);
    return std::string(stats::bound_marker(estimate.bound)) + " " + signed_whole(*estimate.limit);
}

ChartPoint elo_point(const std::string& label, const stats::EloEstimate& estimate) {
    if (estimate.bound == stats::RatingBound::exact) return {label, estimate.elo, estimate.elo_error};
    return {label, *estimate.limit, std::nullopt, stats::bound_marker(estimate.bound)};
}

std::string percent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", 100.0 * fraction);
    return buffer;
}

std::string date_of(const std::string& iso_timestamp) { return iso_timestamp.substr(0, 10); }

std::string short_rev(const std::string& rev) { return rev.substr(0, 8); }

}  // namespace arbiter::reports
