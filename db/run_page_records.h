#pragma once
// Plain data of the run pages (`arbiter report runs` and `run`, and `arbiter serve`): what a run did
// lately and its games read lean, so a page over a run of a million games reads a few rows. No
// SQLite include.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/records.h"

namespace arbiter::db {

// A run's newest stored games, to tell a run that still plays from one whose process died.
struct RunActivity {
    std::optional<std::string> last_finished_at;  // the newest stored game's; none without games
    std::vector<double> recent_game_seconds;      // finished_at - started_at of the newest games
};

}  // namespace arbiter::db
