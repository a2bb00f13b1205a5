// Database: reads the reports need beyond the general queries (ladder listings and WAC per step).
#include "db/database_impl.h"

namespace arbiter::db {

std::vector<std::string> Database::ladder_names() {
  std::lock_guard lock(impl_->mutex);
  auto stmt = impl_->conn.cached("SELECT DISTINCT ladder FROM ladder_steps ORDER BY ladder", "list ladders");
  std::vector<std::string> names;
  while (stmt->step()) names.push_back(stmt->text(0));
  return names;
}

std::vector<RunRecord> Database::runs_of_ladder(const std::string& ladder) {
  std::lock_guard lock(impl_->mutex);
  auto stmt = impl_->conn.cached(std::string("SELECT ") + detail::kRunColumns + " FROM runs WHERE ladder = ?1 ORDER BY id",
                                 "list runs of ladder '" + ladder + "'");
  stmt->bind(1, ladder);
  std::vector<RunRecord> runs;
  while (stmt->step()) runs.push_back(detail::read_run(*stmt));
  return runs;
}

std::vector<LadderEpdScore> Database::ladder_epd_scores(const std::string& ladder) {
  std::lock_guard lock(impl_->mutex);
  auto stmt = impl_->conn.cached(
      "SELECT x.run_id, x.engine, x.suite, count(*), sum(x.solved), r.started_at "
      "FROM runs r JOIN epd_results x ON x.run_id = r.id WHERE r.ladder = ?1 "
      "GROUP BY x.run_id, x.engine, x.suite ORDER BY r.started_at, x.run_id, x.engine",
      "EPD scores of ladder '" + ladder + "'");
  stmt->bind(1, ladder);
  std::vector<LadderEpdScore> scores;
  while (stmt->step()) {
    scores.push_back(LadderEpdScore{stmt->int64(0), stmt->text(1), stmt->text(2), stmt->int64(3), stmt->int64(4),
                                    stmt->text(5)});
  }
  return scores;
}

}  // namespace arbiter::db
