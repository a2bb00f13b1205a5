#pragma once
// The status a run page shows, which is more than the stored one:
//   * "interrupted": stored as running, but nothing was stored for longer than the quiet limit: the
//     run's process was killed (SIGKILL, a power cut) before it could mark the run aborted. Quiet
//     is measured from the newest stored game's finish (the run's start when it has none) to now;
//     the limit is kQuietBeforeInterrupted, or kQuietGameDurations times the median duration of the
//     newest kGamesForMedian games when that is longer (a slow time control is not a dead run).
//     A ladder's own run stores no game: its steps' runs (their games, and a step's start) speak for
//     it. EPD and tune runs are never called interrupted: their answers carry no time to measure from.
//   * "H1 accepted" / "H0 accepted": the SPRT of a one-pairing run decided, whatever the stored
//     status says (the run stops on it), except "aborted" and "failed", which stay: they say the
//     result is not to be trusted.
//   * otherwise the stored status: running, finished, aborted or failed.

#include <cstdint>
#include <optional>
#include <string>

#include "db/database.h"
#include "harness/stats/sprt.h"

namespace arbiter::reports {

inline constexpr double kQuietBeforeInterrupted = 10 * 60.0;  // seconds
inline constexpr double kQuietGameDurations = 20.0;
inline constexpr std::int64_t kGamesForMedian = 101;

// Seconds from one ISO-8601 UTC timestamp ("2026-01-05T10:00:00.000Z") to another; nullopt when
// either cannot be read.
std::optional<double> seconds_between(const std::string& from, const std::string& to);

// Whether a run stored as running has been quiet past its limit at `now` (ISO-8601 UTC).
bool looks_interrupted(const db::RunRecord& run, const db::RunActivity& activity, const std::string& now);

// The status text the rule above gives; `interrupted` from looks_interrupted, `sprt` the decision of
// the run's SPRT when it has one over one pairing.
std::string run_status_text(const db::RunRecord& run, bool interrupted, std::optional<stats::SprtDecision> sprt);

// What shows that a running run is alive, for looks_interrupted: its games; for a ladder's own run,
// the newest of its steps' runs. None when the rule does not apply (not running, an EPD or tune run).
std::optional<db::RunActivity> liveness_of(db::Database& database, const db::RunRecord& run);

// The status the pages show, at `now` (ISO-8601 UTC): the rule above over the run's activity.
std::string shown_status(db::Database& database, const db::RunRecord& run, const std::string& now,
                         std::optional<stats::SprtDecision> sprt);

}  // namespace arbiter::reports
