// Database: statistics. Every aggregate is a GROUP BY in SQL over covering indexes, so rating a million
// games reads index pages only and returns a few hundred rows to C++.
#include <map>

#include "db/database_impl.h"

namespace arbiter::db {

namespace {

// Unfiltered: one pass over the covering index games_by_white, already in group order.
constexpr const char* kAllPairResults =
    "SELECT white, black, sum(result = '1-0'), sum(result = '1/2-1/2'), sum(result = '0-1') "
    "FROM games GROUP BY white, black ORDER BY white, black";

// Filtered by runs: group per (run, white, black) first, which walks games_by_run_players in index order
// for each selected run (no sort of the games), then fold the few per-run rows together.
std::string filtered_pair_results_sql(const ResultFilter& filter) {
    return "SELECT white, black, sum(ww), sum(dd), sum(bw) FROM ("
           " SELECT run_id, white, black, sum(result = '1-0') AS ww, sum(result = '1/2-1/2') AS dd,"
           " sum(result = '0-1') AS bw FROM games WHERE " +
           detail::run_filter_condition(filter, "run_id", 1) +
           " GROUP BY run_id, white, black) GROUP BY white, black ORDER BY white, black";
}

}  // namespace

std::vector<PairResult> Database::pair_results(const ResultFilter& filter) {
    std::lock_guard lock(impl_->mutex);
    const bool filtered = !filter.run_ids.empty() || filter.ladder.has_value();
    auto stmt = impl_->conn.cached(filtered ? filtered_pair_results_sql(filter) : std::string(kAllPairResults),
                                   "aggregate results per engine pair");
    detail::bind_run_filter(*stmt, filter, 1);
    std::vector<PairResult> pairs;
    while (stmt->step()) {
        pairs.push_back(PairResult{stmt->text(0), stmt->text(1), stmt->int64(2), stmt->int64(3), stmt->int64(4)});
    }
    return pairs;
}

namespace {

// Inner query: one row per (run, opening pair) with engine A's points in half-points (0..4 for a full
// pair) and its W/D/L. Outer query: per run, how many pairs fell in each bucket; bucket -1 collects
// pairs that do not have exactly two games (still running, or a shard cut), which count in W/D/L only.
constexpr const char* kPairStatsSql = R"sql(
SELECT run_id, CASE WHEN n = 2 THEN points ELSE -1 END AS bucket, count(*), sum(w), sum(d), sum(l)
FROM (
  SELECT run_id, pair_index, count(*) AS n,
         sum(CASE WHEN result = '1/2-1/2' THEN 1 WHEN (result = '1-0') = (white = ?1) THEN 2 ELSE 0 END)
           AS points,
         sum(result <> '1/2-1/2' AND (result = '1-0') = (white = ?1)) AS w,
         sum(result = '1/2-1/2') AS d,
         sum(result <> '1/2-1/2' AND (result = '1-0') <> (white = ?1)) AS l
  FROM games
  WHERE ((white = ?1 AND black = ?2) OR (white = ?2 AND black = ?1)) AND )sql";

constexpr const char* kPairStatsTail = R"sql(
  GROUP BY run_id, pair_index
)
GROUP BY run_id, bucket
ORDER BY run_id, bucket
)sql";

}  // namespace

std::vector<RunPairStats> Database::pair_stats_by_run(const std::string& engine_a, const std::string& engine_b,
                                                      const ResultFilter& filter) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(kPairStatsSql + detail::run_filter_condition(filter, "run_id", 3) + kPairStatsTail,
                                   "aggregate pentanomial counts of '" + engine_a + "' vs '" + engine_b + "'");
    stmt->bind(1, engine_a);
    stmt->bind(2, engine_b);
    detail::bind_run_filter(*stmt, filter, 3);
    std::map<std::int64_t, RunPairStats> by_run;
    while (stmt->step()) {
        RunPairStats& stats = by_run[stmt->int64(0)];
        stats.run_id = stmt->int64(0);
        const std::int64_t bucket = stmt->int64(1);
        const std::int64_t pairs = stmt->int64(2);
        if (bucket >= 0 && bucket <= 4) {
            stats.pentanomial[static_cast<std::size_t>(bucket)] += pairs;
        } else {
            stats.incomplete_pairs += pairs;
        }
        stats.wins += stmt->int64(3);
        stats.draws += stmt->int64(4);
        stats.losses += stmt->int64(5);
    }
    std::vector<RunPairStats> result;
    for (auto& [run_id, stats] : by_run) result.push_back(stats);
    return result;
}

namespace {

// Each game counted once from each seat; games_by_run_players covers the run's rows.
constexpr const char* kPlayerTerminations = R"sql(
SELECT player, termination, count(*), sum(lost) FROM (
  SELECT white AS player, termination, result = '0-1' AS lost FROM games WHERE run_id = ?1
  UNION ALL
  SELECT black, termination, result = '1-0' FROM games WHERE run_id = ?1
)
GROUP BY player, termination
ORDER BY player, termination
)sql";

}  // namespace

std::vector<PlayerTermination> Database::player_terminations_of_run(std::int64_t run_id) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(kPlayerTerminations, "game endings per player of run " + std::to_string(run_id));
    stmt->bind(1, run_id);
    std::vector<PlayerTermination> rows;
    while (stmt->step()) rows.push_back({stmt->text(0), stmt->text(1), stmt->int64(2), stmt->int64(3)});
    return rows;
}

namespace {

// Shared tail: keep, per git commit, only the most recently started run (ties broken by id).
constexpr const char* kLatestPerCommit = R"sql(
ranked AS (
  SELECT p.*, r.started_at,
         row_number() OVER (PARTITION BY p.git_commit ORDER BY r.started_at DESC, r.id DESC) AS rn
  FROM per_run p JOIN runs r ON r.id = p.run_id
)
SELECT git_commit, engine_id, run_id, started_at, c1, c2, c3 FROM ranked WHERE rn = 1
ORDER BY started_at, run_id
)sql";

// Two seat-specific joins instead of one OR join, so each uses its own engine-id index.
constexpr const char* kGamesPerCommit = R"sql(
WITH played AS (
  SELECT e.git_commit, e.id AS engine_id, g.run_id,
         g.result = '1-0' AS w, g.result = '1/2-1/2' AS d, g.result = '0-1' AS l
  FROM engines e JOIN games g ON g.white_engine_id = e.id WHERE e.name = ?1
  UNION ALL
  SELECT e.git_commit, e.id, g.run_id, g.result = '0-1', g.result = '1/2-1/2', g.result = '1-0'
  FROM engines e JOIN games g ON g.black_engine_id = e.id WHERE e.name = ?1
),
per_run AS (
  SELECT git_commit, min(engine_id) AS engine_id, run_id, sum(w) AS c1, sum(d) AS c2, sum(l) AS c3
  FROM played GROUP BY git_commit, run_id
),
)sql";

constexpr const char* kEpdPerCommit = R"sql(
WITH per_run AS (
  SELECT e.git_commit, min(e.id) AS engine_id, x.run_id,
         count(*) AS c1, sum(x.solved) AS c2, coalesce(sum(x.points), 0) AS c3
  FROM engines e JOIN epd_results x ON x.engine_id = e.id
  WHERE e.name = ?1 AND x.suite = ?2
  GROUP BY e.git_commit, x.run_id
),
)sql";

}  // namespace

std::vector<CommitGameResult> Database::latest_game_result_per_commit(const std::string& engine_name) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(std::string(kGamesPerCommit) + kLatestPerCommit,
                                   "game results per commit of '" + engine_name + "'");
    stmt->bind(1, engine_name);
    std::vector<CommitGameResult> rows;
    while (stmt->step()) {
        rows.push_back(CommitGameResult{stmt->text(0), stmt->int64(1), stmt->int64(2), stmt->text(3), stmt->int64(4),
                                        stmt->int64(5), stmt->int64(6)});
    }
    return rows;
}

std::vector<CommitEpdResult> Database::latest_epd_result_per_commit(const std::string& engine_name,
                                                                    const std::string& suite) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(std::string(kEpdPerCommit) + kLatestPerCommit,
                                   "EPD results per commit of '" + engine_name + "' on " + suite);
    stmt->bind(1, engine_name);
    stmt->bind(2, suite);
    std::vector<CommitEpdResult> rows;
    while (stmt->step()) {
        rows.push_back(CommitEpdResult{stmt->text(0), stmt->int64(1), stmt->int64(2), stmt->text(3), stmt->int64(4),
                                       stmt->int64(5), stmt->int64(6)});
    }
    return rows;
}

}  // namespace arbiter::db
