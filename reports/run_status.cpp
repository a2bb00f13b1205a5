#include "reports/run_status.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace arbiter::reports {
namespace {

std::optional<double> epoch_seconds(const std::string& iso) {
    std::tm parts{};
    double seconds = 0.0;
    if (std::sscanf(iso.c_str(), "%d-%d-%dT%d:%d:%lf", &parts.tm_year, &parts.tm_mon, &parts.tm_mday, &parts.tm_hour,
                    &parts.tm_min, &seconds) != 6)
        return std::nullopt;
    parts.tm_year -= 1900;
    parts.tm_mon -= 1;
    return static_cast<double>(timegm(&parts)) + seconds;
}

std::optional<double> median_of(std::vector<double> values) {
    if (values.empty()) return std::nullopt;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

}  // namespace

std::optional<double> seconds_between(const std::string& from, const std::string& to) {
    const auto start = epoch_seconds(from), end = epoch_seconds(to);
    if (!start || !end) return std::nullopt;
    return *end - *start;
}

bool looks_interrupted(const db::RunRecord& run, const db::RunActivity& activity, const std::string& now) {
    if (run.status != db::RunStatus::running) return false;
    const auto quiet = seconds_between(activity.last_finished_at.value_or(run.started_at), now);
    if (!quiet) return false;  // an unreadable time proves nothing
    const double limit =
        std::max(kQuietBeforeInterrupted, kQuietGameDurations * median_of(activity.recent_game_seconds).value_or(0.0));
    return *quiet > limit;
}

std::string run_status_text(const db::RunRecord& run, bool interrupted, std::optional<stats::SprtDecision> sprt) {
    const bool untrusted = run.status == db::RunStatus::aborted || run.status == db::RunStatus::failed;
    if (sprt && !untrusted && *sprt != stats::SprtDecision::continue_testing)
        return *sprt == stats::SprtDecision::h1 ? "H1 accepted" : "H0 accepted";
    if (interrupted) return "interrupted";
    return std::string(db::to_string(run.status));
}

}  // namespace arbiter::reports
