// Database: statistics. Every aggregate is a GROUP BY in SQL over covering indexes, so rating a million
// games reads index pages only and returns a few hundred rows to C++.
#include <algorithm>
#include <map>

#include "db/database_impl.h"

namespace arbiter::db {

namespace {

// Schema 10 keeps each run's games per (white, black, result, termination) in run_results: a few rows per run.
std::string counted_pair_results_sql(const ResultFilter& filter) {
    return "SELECT white, black, result, sum(games) FROM run_results WHERE " +
           detail::run_filter_condition(filter, "run_id", 1) + " GROUP BY white, black, result";
}

// A file read without migrating (older than schema 10) is aggregated from its games. Unfiltered: one
// pass over the covering index games_by_white, already in group order.
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

std::vector<PairResult> counted_pair_results(detail::Statement& stmt) {
    std::map<std::pair<std::string, std::string>, PairResult> by_pair;  // by white, then black
    while (stmt.step()) {
        std::string white = stmt.text(0), black = stmt.text(1);
        auto [entry, added] = by_pair.try_emplace({white, black}, PairResult{white, black, 0, 0, 0});
        const std::string result = stmt.text(2);
        (result == "1-0"   ? entry->second.white_wins
         : result == "0-1" ? entry->second.black_wins
                           : entry->second.draws) += stmt.int64(3);
    }
    std::vector<PairResult> pairs;
    pairs.reserve(by_pair.size());
    for (auto& [players, pair] : by_pair) pairs.push_back(std::move(pair));
    return pairs;
}

}  // namespace

std::vector<PairResult> Database::pair_results(const ResultFilter& filter) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "aggregate results per engine pair";
    if (impl_->has_run_results) {
        auto stmt = impl_->conn.cached(counted_pair_results_sql(filter), purpose);
        detail::bind_run_filter(*stmt, filter, 1);
        return counted_pair_results(*stmt);
    }
    const bool filtered = !filter.run_ids.empty() || filter.ladder.has_value();
    auto stmt =
        impl_->conn.cached(filtered ? filtered_pair_results_sql(filter) : std::string(kAllPairResults), purpose);
    detail::bind_run_filter(*stmt, filter, 1);
    std::vector<PairResult> pairs;
    while (stmt->step()) {
        pairs.push_back(PairResult{stmt->text(0), stmt->text(1), stmt->int64(2), stmt->int64(3), stmt->int64(4)});
    }
    return pairs;
}

namespace {

// One seat order of a pairing (white = ?1, black = ?2), by run and pair: a range of games_by_white in
// index order, white's result in half-points. Both seat orders are merged in C++ rather than by an OR
// in SQL, which would sort every game of the pairing in a temporary b-tree to group it by pair.
std::string seat_games_sql(const ResultFilter& filter) {
    return "SELECT run_id, pair_index, CASE result WHEN '1-0' THEN 2 WHEN '1/2-1/2' THEN 1 ELSE 0 END FROM games "
           "WHERE white = ?1 AND black = ?2 AND " +
           detail::run_filter_condition(filter, "run_id", 3) + " ORDER BY run_id, pair_index";
}

// Reads one seat order's games: `a_white` says whether engine A sits white, so its points are white's.
class SeatCursor {
public:
    SeatCursor(detail::Statement& stmt, bool a_white) : stmt_(stmt), a_white_(a_white) { advance(); }
    bool valid() const { return valid_; }
    std::pair<std::int64_t, std::int64_t> key() const { return {run_, pair_}; }
    int a_points() const { return a_white_ ? white_points_ : 2 - white_points_; }
    void advance() {
        valid_ = stmt_.step();
        if (!valid_) return;
        run_ = stmt_.int64(0);
        pair_ = stmt_.int64(1);
        white_points_ = stmt_.int32(2);
    }

private:
    detail::Statement& stmt_;
    bool a_white_;
    bool valid_ = false;
    std::int64_t run_ = 0, pair_ = 0;
    int white_points_ = 0;
};

// Engine A's games of one opening pair: a complete pair (two games) lands in its pentanomial bucket,
// any other count among the incomplete pairs; every game counts in W/D/L.
struct PairGames {
    int games = 0, points = 0;
    std::int64_t wins = 0, draws = 0, losses = 0;

    void add(int a_points) {
        ++games;
        points += a_points;
        (a_points == 2 ? wins : a_points == 1 ? draws : losses) += 1;
    }
    void fold_into(RunPairStats& stats) const {
        if (games == 2) ++stats.pentanomial[static_cast<std::size_t>(points)];
        else ++stats.incomplete_pairs;
        stats.wins += wins;
        stats.draws += draws;
        stats.losses += losses;
    }
};

std::vector<RunPairStats> merge_seats(SeatCursor& a_white, SeatCursor& a_black) {
    std::vector<RunPairStats> by_run;
    while (a_white.valid() || a_black.valid()) {
        const auto key = !a_black.valid()   ? a_white.key()
                         : !a_white.valid() ? a_black.key()
                                            : std::min(a_white.key(), a_black.key());
        PairGames pair;
        for (SeatCursor* cursor : {&a_white, &a_black})
            for (; cursor->valid() && cursor->key() == key; cursor->advance()) pair.add(cursor->a_points());
        if (by_run.empty() || by_run.back().run_id != key.first) by_run.push_back(RunPairStats{key.first});
        pair.fold_into(by_run.back());
    }
    return by_run;
}

// Schema 10 keeps the pairs of each run per pairing and bucket (run_pairs, from the pairing's first
// name's side) and the games per seat order and result (run_results): a few rows per run, however
// many games it holds.
std::vector<RunPairStats> counted_pair_stats(detail::Connection& conn, const std::string& a, const std::string& b,
                                             const ResultFilter& filter, const std::string& purpose) {
    const bool a_first = a <= b;  // byte order, as SQLite's min() of two names
    std::map<std::int64_t, RunPairStats> by_run;
    auto pairs =
        conn.cached("SELECT run_id, bucket, pairs FROM run_pairs WHERE lo = ?1 AND hi = ?2 AND pairs > 0 AND " +
                        detail::run_filter_condition(filter, "run_id", 3),
                    purpose);
    pairs->bind(1, a_first ? a : b);
    pairs->bind(2, a_first ? b : a);
    detail::bind_run_filter(*pairs, filter, 3);
    while (pairs->step()) {
        RunPairStats& stats = by_run.try_emplace(pairs->int64(0), RunPairStats{pairs->int64(0)}).first->second;
        const int bucket = pairs->int32(1);
        if (bucket < 0) stats.incomplete_pairs += pairs->int64(2);
        else stats.pentanomial[static_cast<std::size_t>(a_first ? bucket : 4 - bucket)] += pairs->int64(2);
    }
    auto results = conn.cached(
        "SELECT run_id, white = ?1, result, games FROM run_results "
        "WHERE ((white = ?1 AND black = ?2) OR (white = ?2 AND black = ?1)) AND " +
            detail::run_filter_condition(filter, "run_id", 3),
        purpose);
    results->bind(1, a);
    results->bind(2, b);
    detail::bind_run_filter(*results, filter, 3);
    while (results->step()) {
        RunPairStats& stats = by_run.try_emplace(results->int64(0), RunPairStats{results->int64(0)}).first->second;
        const std::string result = results->text(2);
        const bool a_white = results->int64(1) != 0;
        (result == "1/2-1/2"            ? stats.draws
         : (result == "1-0") == a_white ? stats.wins
                                        : stats.losses) += results->int64(3);
    }
    std::vector<RunPairStats> stats;
    for (auto& [run_id, run] : by_run) stats.push_back(run);
    return stats;
}

}  // namespace

std::vector<RunPairStats> Database::pair_stats_by_run(const std::string& engine_a, const std::string& engine_b,
                                                      const ResultFilter& filter) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "aggregate pentanomial counts of '" + engine_a + "' vs '" + engine_b + "'";
    if (impl_->has_run_results) return counted_pair_stats(impl_->conn, engine_a, engine_b, filter, purpose);
    // An older file: both seat orders step at once, so the second is a statement of its own: the cache holds one per text.
    const std::string sql = seat_games_sql(filter);
    auto white_a = impl_->conn.cached(sql, purpose);
    detail::Statement white_b(impl_->conn, sql, purpose);
    white_a->bind(1, engine_a);
    white_a->bind(2, engine_b);
    white_b.bind(1, engine_b);
    white_b.bind(2, engine_a);
    detail::bind_run_filter(*white_a, filter, 3);
    detail::bind_run_filter(white_b, filter, 3);
    SeatCursor a_white(*white_a, true), a_black(white_b, false);
    if (engine_a == engine_b) {  // an engine against itself: one seat order already holds every game
        detail::Statement none(impl_->conn, "SELECT 0, 0, 0 WHERE 0", purpose);
        SeatCursor empty(none, false);
        return merge_seats(a_white, empty);
    }
    return merge_seats(a_white, a_black);
}

namespace {

// A run's game ids are nearly contiguous (its games were stored together), so placing each game at
// its id's offset is linear where a comparison sort of 600,000 games took a tenth of a second. Runs
// interleaved with others (shards played at once) may spread wider: then a sort.
std::vector<PlayerGamePoints> in_storing_order(std::vector<PlayerGamePoints> games) {
    if (games.empty()) return games;
    const auto [low, high] = std::minmax_element(games.begin(), games.end(),
                                                 [](const auto& a, const auto& b) { return a.game_id < b.game_id; });
    const std::int64_t first = low->game_id, span = high->game_id - first + 1;
    if (span > 4 * static_cast<std::int64_t>(games.size()) || games.size() > INT32_MAX) {
        std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.game_id < b.game_id; });
        return games;
    }
    std::vector<std::int32_t> slot(static_cast<std::size_t>(span), -1);  // game id - first -> index in games
    for (std::size_t i = 0; i < games.size(); ++i)
        slot[static_cast<std::size_t>(games[i].game_id - first)] = static_cast<std::int32_t>(i);
    std::vector<PlayerGamePoints> ordered;
    ordered.reserve(games.size());
    for (const std::int32_t index : slot)
        if (index >= 0) ordered.push_back(games[static_cast<std::size_t>(index)]);
    return ordered;
}

}  // namespace

std::vector<PlayerGamePoints> Database::player_games_of_run(std::int64_t run_id, const std::string& player,
                                                            const std::string& opponent) {
    std::lock_guard lock(impl_->mutex);
    // games_by_white covers (white, black, run_id) and the id; sorting by id in C++ beats SQL's sorter.
    auto stmt = impl_->conn.cached(
        "SELECT id, pair_index, CASE result WHEN '1-0' THEN 2 WHEN '1/2-1/2' THEN 1 ELSE 0 END FROM games "
        "WHERE white = ?1 AND black = ?2 AND run_id = ?3",
        "games of '" + player + "' against '" + opponent + "' in run " + std::to_string(run_id));
    std::vector<PlayerGamePoints> games;
    for (const bool player_white : {true, false}) {
        if (!player_white && player == opponent) break;  // one seat order already holds every game
        stmt->reset();
        stmt->bind(1, player_white ? player : opponent);
        stmt->bind(2, player_white ? opponent : player);
        stmt->bind(3, run_id);
        while (stmt->step()) {
            const int white_points = stmt->int32(2);
            games.push_back({stmt->int64(0), stmt->int64(1), player_white ? white_points : 2 - white_points});
        }
    }
    return in_storing_order(std::move(games));
}

namespace {

// Each game counted once from each seat; games_by_run_players covers the run's rows.
// Schema 10: from run_results' few rows per run.
constexpr const char* kCountedPlayerTerminations = R"sql(
SELECT player, termination, sum(games), sum(lost) FROM (
  SELECT white AS player, termination, games, CASE WHEN result = '0-1' THEN games ELSE 0 END AS lost
    FROM run_results WHERE run_id = ?1
  UNION ALL
  SELECT black, termination, games, CASE WHEN result = '1-0' THEN games ELSE 0 END FROM run_results WHERE run_id = ?1
)
GROUP BY player, termination
ORDER BY player, termination
)sql";

// An older file read without migrating counts its games.
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
    auto stmt = impl_->conn.cached(impl_->has_run_results ? kCountedPlayerTerminations : kPlayerTerminations,
                                   "game endings per player of run " + std::to_string(run_id));
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

// Per seat, the engine ids of that name drive a walk of games_by_white_engine_run (or _black_; schema
// 10) in index order, counting entries per (engine, run, result) without sorting or reading a row;
// a join per seat would group the engines' games in a temporary b-tree.
constexpr const char* kGamesPerCommit = R"sql(
WITH played AS (
  SELECT white_engine_id AS engine_id, run_id, result, count(*) AS n, 1 AS white_seat FROM games
  WHERE white_engine_id IN (SELECT id FROM engines WHERE name = ?1) GROUP BY white_engine_id, run_id, result
  UNION ALL
  SELECT black_engine_id, run_id, result, count(*), 0 FROM games
  WHERE black_engine_id IN (SELECT id FROM engines WHERE name = ?1) GROUP BY black_engine_id, run_id, result
),
per_run AS (
  SELECT e.git_commit, min(p.engine_id) AS engine_id, p.run_id,
         sum(CASE WHEN p.result = CASE p.white_seat WHEN 1 THEN '1-0' ELSE '0-1' END THEN p.n ELSE 0 END) AS c1,
         sum(CASE WHEN p.result = '1/2-1/2' THEN p.n ELSE 0 END) AS c2,
         sum(CASE WHEN p.result = CASE p.white_seat WHEN 1 THEN '0-1' ELSE '1-0' END THEN p.n ELSE 0 END) AS c3
  FROM played p JOIN engines e ON e.id = p.engine_id GROUP BY e.git_commit, p.run_id
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
