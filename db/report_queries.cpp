// Database: reads the reports need beyond the general queries (ladder listings, WAC per step, the
// stored time of a ladder's games and EPD answers, and the engines of a run).
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
    auto stmt =
        impl_->conn.cached(std::string("SELECT ") + detail::kRunColumns + " FROM runs WHERE ladder = ?1 ORDER BY id",
                           "list runs of ladder '" + ladder + "'");
    stmt->bind(1, ladder);
    std::vector<RunRecord> runs;
    while (stmt->step()) runs.push_back(detail::read_run(*stmt));
    return runs;
}

namespace {

// The distinct engine ids of a run's games by a loose index scan of games_by_run_engines (schema 10):
// each next id is one seek past the previous, so a run of 600,000 games costs a few dozen seeks
// instead of reading all of its rows. Blacks are listed per white id, and for games without one.
constexpr const char* kRunEngineIds = R"sql(
WITH RECURSIVE
whites(id) AS (
  SELECT (SELECT min(white_engine_id) FROM games WHERE run_id = ?1)
  UNION ALL
  SELECT (SELECT min(white_engine_id) FROM games WHERE run_id = ?1 AND white_engine_id > whites.id)
  FROM whites WHERE whites.id IS NOT NULL),
blacks(white, id) AS (
  SELECT w.id, (SELECT min(black_engine_id) FROM games WHERE run_id = ?1 AND white_engine_id IS w.id)
  FROM (SELECT id FROM whites WHERE id IS NOT NULL UNION ALL SELECT NULL) w
  UNION ALL
  SELECT b.white, (SELECT min(black_engine_id) FROM games
                   WHERE run_id = ?1 AND white_engine_id IS b.white AND black_engine_id > b.id)
  FROM blacks b WHERE b.id IS NOT NULL)
SELECT id FROM whites UNION SELECT id FROM blacks UNION SELECT engine_id FROM epd_results WHERE run_id = ?1
)sql";

// A file read without migrating (older than schema 10) lacks that index: one pass over the run's games.
constexpr const char* kRunEngineIdsByScan =
    "SELECT white_engine_id FROM games WHERE run_id = ?1 UNION SELECT black_engine_id FROM games WHERE run_id = ?1 "
    "UNION SELECT engine_id FROM epd_results WHERE run_id = ?1";

}  // namespace

std::vector<EngineRecord> Database::engines_of_run(std::int64_t run_id) {
    std::lock_guard lock(impl_->mutex);
    const std::string ids = impl_->games_have_run_engines_index ? kRunEngineIds : kRunEngineIdsByScan;
    auto stmt = impl_->conn.cached(
        "SELECT " + detail::engine_columns(*impl_) + " FROM engines WHERE id IN (" + ids + ") ORDER BY id",
        "engines of run " + std::to_string(run_id));
    stmt->bind(1, run_id);
    std::vector<EngineRecord> engines;
    while (stmt->step()) engines.push_back(detail::read_engine(*stmt));
    return engines;
}

std::vector<LadderEpdScore> Database::ladder_epd_scores(const std::string& ladder) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(
        "SELECT x.run_id, x.engine, x.suite, count(*), sum(x.solved), r.started_at, r.time_control, avg(x.depth) "
        "FROM runs r JOIN epd_results x ON x.run_id = r.id WHERE r.ladder = ?1 "
        "GROUP BY x.run_id, x.engine, x.suite ORDER BY r.started_at, x.run_id, x.engine",
        "EPD scores of ladder '" + ladder + "'");
    stmt->bind(1, ladder);
    std::vector<LadderEpdScore> scores;
    while (stmt->step()) {
        scores.push_back(LadderEpdScore{stmt->int64(0), stmt->text(1), stmt->text(2), stmt->int64(3), stmt->int64(4),
                                        stmt->text(5), stmt->text(6), stmt->opt_real(7)});
    }
    return scores;
}

std::vector<LadderGameTime> Database::ladder_game_times(const std::string& ladder) {
    std::lock_guard lock(impl_->mutex);
    // The ladder's run ids drive games_by_run_engines, which holds the times (schema 10): no game row is read.
    auto stmt = impl_->conn.cached(
        "SELECT g.run_id, g.white_engine_id, g.black_engine_id, count(*), "
        "coalesce(sum(max(0.0, (julianday(g.finished_at) - julianday(g.started_at)) * 86400.0)), 0.0) "
        "FROM games g WHERE g.run_id IN (SELECT id FROM runs WHERE ladder = ?1) "
        "GROUP BY g.run_id, g.white_engine_id, g.black_engine_id ORDER BY g.run_id",
        "game times of ladder '" + ladder + "'");
    stmt->bind(1, ladder);
    std::vector<LadderGameTime> times;
    while (stmt->step()) {
        times.push_back(
            LadderGameTime{stmt->int64(0), stmt->opt_int64(1), stmt->opt_int64(2), stmt->int64(3), stmt->real(4)});
    }
    return times;
}

std::vector<LadderEpdTime> Database::ladder_epd_times(const std::string& ladder) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(
        "SELECT x.run_id, x.engine_id, count(*), coalesce(sum(x.time_ms), 0) / 1000.0 "
        "FROM runs r JOIN epd_results x ON x.run_id = r.id WHERE r.ladder = ?1 "
        "GROUP BY x.run_id, x.engine_id ORDER BY x.run_id",
        "EPD times of ladder '" + ladder + "'");
    stmt->bind(1, ladder);
    std::vector<LadderEpdTime> times;
    while (stmt->step()) times.push_back(LadderEpdTime{stmt->int64(0), stmt->int64(1), stmt->int64(2), stmt->real(3)});
    return times;
}

}  // namespace arbiter::db
