#pragma once
// "WAC over commits": this commit's score against the previous scored commit of the same engine
// name, on the positions both runs answered, under the same suite file and search limit.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.h"

namespace arbiter::epdrun {

struct CommitComparison {
    std::string previous_commit;
    std::int64_t previous_run = 0;
    std::size_t common_positions = 0;
    std::int64_t previous_solved = 0;
    std::int64_t current_solved = 0;
    std::int64_t previous_points = 0;
    std::int64_t current_points = 0;
    std::vector<std::string> newly_failed;  // position ids
    std::vector<std::string> newly_solved;
    std::int64_t change() const { return current_solved - previous_solved; }
};

// The previous commit is the one scored just before `git_commit` in the database's history
// (latest_epd_result_per_commit) whose run used the same suite content and limit. Empty when
// there is none.
std::optional<CommitComparison> compare_with_previous_commit(db::Database& db, const std::string& engine_name,
                                                             const std::string& suite, const std::string& git_commit,
                                                             std::int64_t current_run,
                                                             const std::vector<db::EpdResultRecord>& current);

}  // namespace arbiter::epdrun
