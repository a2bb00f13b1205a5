// Database: the reads of the run pages. Each selects the run's rows through an index on run_id and
// reads few columns: a page over a run of a million games must not read them all, PGN included.
#include "db/database_impl.h"

namespace arbiter::db {

namespace {

// Newest first by id: the rowid ends every index on run_id, so an index whose only column is
// run_id (or (run_id, id)) walks them without sorting; games_by_run_players needs a top-N sort.
constexpr const char* kNewestIdsOfRun = "SELECT id FROM games WHERE run_id = ?1 ORDER BY id DESC LIMIT ?2 OFFSET ?3";

std::string columns_without_pgn() {
    const std::string columns = detail::kGameColumns;
    const std::string pgn = ", pgn";
    return columns.substr(0, columns.size() - pgn.size()) + ", ''";
}

}  // namespace

RunActivity Database::run_activity(std::int64_t run_id, std::int64_t recent) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(
        std::string("SELECT finished_at, max(0.0, (julianday(finished_at) - julianday(started_at)) * 86400.0) "
                    "FROM games WHERE id IN (") +
            kNewestIdsOfRun + ") ORDER BY id DESC",
        "newest games of run " + std::to_string(run_id));
    stmt->bind(1, run_id);
    stmt->bind(2, recent);
    stmt->bind(3, std::int64_t{0});
    RunActivity activity;
    while (stmt->step()) {
        if (!activity.last_finished_at) activity.last_finished_at = stmt->text(0);
        activity.recent_game_seconds.push_back(stmt->real(1));
    }
    return activity;
}

std::vector<GameRecord> Database::newest_games_of_run(std::int64_t run_id, std::int64_t offset, std::int64_t limit) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(
        "SELECT " + columns_without_pgn() + " FROM games WHERE id IN (" + kNewestIdsOfRun + ") ORDER BY id DESC",
        "page of games of run " + std::to_string(run_id));
    stmt->bind(1, run_id);
    stmt->bind(2, limit);
    stmt->bind(3, offset);
    std::vector<GameRecord> games;
    while (stmt->step()) games.push_back(detail::read_game(*stmt));
    return games;
}

}  // namespace arbiter::db
