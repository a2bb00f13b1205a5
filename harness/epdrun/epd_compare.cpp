#include "harness/epdrun/epd_compare.h"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

namespace arbiter::epdrun {

namespace {

// The parts of a run's config that must agree for two scores to be comparable.
nlohmann::json comparable_part(db::Database& db, std::int64_t run_id) {
    const auto run = db.run_by_id(run_id);
    if (!run) return nullptr;
    const auto config = nlohmann::json::parse(run->config_json, nullptr, false);
    if (config.is_discarded() || !config.is_object()) return nullptr;
    return {{"suite", config.value("suite", nlohmann::json())}, {"limit", config.value("limit", nlohmann::json())}};
}

// Rows are in chronological order; the candidates are those before this commit's own row, newest
// first (all other commits when this one has no row yet).
std::vector<db::CommitEpdResult> earlier_commits(std::vector<db::CommitEpdResult> rows, const std::string& commit) {
    auto own = std::find_if(rows.begin(), rows.end(), [&](const auto& row) { return row.git_commit == commit; });
    if (own != rows.end()) rows.erase(own, rows.end());
    std::reverse(rows.begin(), rows.end());
    return rows;
}

std::map<std::string, const db::EpdResultRecord*> by_position(const std::vector<db::EpdResultRecord>& rows) {
    std::map<std::string, const db::EpdResultRecord*> index;
    for (const auto& row : rows) index[row.position_id] = &row;
    return index;
}

CommitComparison compare_rows(const db::CommitEpdResult& previous, const std::vector<db::EpdResultRecord>& before,
                              const std::vector<db::EpdResultRecord>& current) {
    CommitComparison comparison;
    comparison.previous_commit = previous.git_commit;
    comparison.previous_run = previous.run_id;
    const auto old_rows = by_position(before);
    for (const auto& now : current) {
        auto it = old_rows.find(now.position_id);
        if (it == old_rows.end()) continue;
        const db::EpdResultRecord& then = *it->second;
        ++comparison.common_positions;
        comparison.previous_solved += then.solved;
        comparison.current_solved += now.solved;
        comparison.previous_points += then.points.value_or(0);
        comparison.current_points += now.points.value_or(0);
        if (then.solved && !now.solved) comparison.newly_failed.push_back(now.position_id);
        if (!then.solved && now.solved) comparison.newly_solved.push_back(now.position_id);
    }
    return comparison;
}

}  // namespace

std::optional<CommitComparison> compare_with_previous_commit(db::Database& db, const std::string& engine_name,
                                                             const std::string& suite, const std::string& git_commit,
                                                             std::int64_t current_run,
                                                             const std::vector<db::EpdResultRecord>& current) {
    const auto wanted = comparable_part(db, current_run);
    for (const auto& row : earlier_commits(db.latest_epd_result_per_commit(engine_name, suite), git_commit)) {
        if (comparable_part(db, row.run_id) != wanted) continue;
        std::vector<db::EpdResultRecord> before;
        for (auto& stored : db.epd_results_of_run(row.run_id)) {
            if (stored.suite == suite && stored.engine == engine_name) before.push_back(std::move(stored));
        }
        return compare_rows(row, before, current);
    }
    return std::nullopt;
}

}  // namespace arbiter::epdrun
