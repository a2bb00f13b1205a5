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

// What shows that a running run is alive: its games; for a ladder, the newest of its steps' runs (the
// ladder's own run stores none), a step's start counting as activity. None for an EPD or tune run,
// whose answers carry no time: the rule is not applied to them.
std::optional<db::RunActivity> liveness_of(db::Database& database, const db::RunRecord& run) {
    if (run.status != db::RunStatus::running) return std::nullopt;
    if (run.kind == db::RunKind::epd || run.kind == db::RunKind::tune) return std::nullopt;
    if (run.kind != db::RunKind::ladder || !run.ladder) return database.run_activity(run.id, kGamesForMedian);
    db::RunActivity newest;
    newest.last_finished_at = run.started_at;
    for (const db::RunRecord& step : database.runs_of_ladder(*run.ladder)) {
        if (step.id == run.id) continue;
        if (step.started_at > *newest.last_finished_at) newest.last_finished_at = step.started_at;
        if (step.kind == db::RunKind::epd || step.kind == db::RunKind::tune) continue;
        const db::RunActivity games = database.run_activity(step.id, kGamesForMedian);
        if (games.last_finished_at && *games.last_finished_at > *newest.last_finished_at) {
            newest.last_finished_at = games.last_finished_at;
            newest.recent_game_seconds = games.recent_game_seconds;
        }
    }
    return newest;
}

std::string shown_status(db::Database& database, const db::RunRecord& run, const std::string& now,
                         std::optional<stats::SprtDecision> sprt) {
    const std::optional<db::RunActivity> activity = liveness_of(database, run);
    return run_status_text(run, activity && looks_interrupted(run, *activity, now), sprt);
}

}  // namespace arbiter::reports
