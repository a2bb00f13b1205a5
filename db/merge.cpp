// merge(): survey every input, refuse on overlaps, then copy input by input with INSERT ... SELECT
// through an attached database (the rows never pass through C++), into a temporary file that is
// renamed over the output at the end.
#include "db/merge.h"

#include <unistd.h>

#include <filesystem>
#include <map>

#include "db/database_impl.h"
#include "db/merge_check.h"
#include "db/schema.h"

namespace arbiter::db {

namespace fs = std::filesystem;

namespace detail {

namespace {

// Attaches a source database as schema "src" for the lifetime of the object.
class AttachedSource {
public:
    AttachedSource(Connection& conn, const std::string& source) : conn_(conn) {
        Statement attach(conn, "ATTACH DATABASE ?1 AS src", "attach merge input '" + source + "'");
        attach.bind(1, file_uri(source, reads_immutable(source)));  // an input on read-only media is only read
        attach.run();
    }
    ~AttachedSource() {
        try {
            conn_.exec("DETACH DATABASE src", "detach merge input");
        } catch (const DbError&) {
            // Only possible while a statement on src is still running, i.e. during unwinding; the
            // connection is closed right after a failed merge anyway.
        }
    }
    AttachedSource(const AttachedSource&) = delete;
    AttachedSource& operator=(const AttachedSource&) = delete;

private:
    Connection& conn_;
};

std::int64_t single_int(Connection& conn, std::string_view sql, std::string_view purpose) {
    Statement stmt(conn, sql, purpose);
    return stmt.step() ? stmt.int64(0) : 0;
}

// The output's tables (the current schema) and their columns that the attached source lacks; the copy
// names every column, so a missing one would fail it halfway, in a message about the temporary output.
constexpr const char* kMissingColumns = R"sql(
SELECT t.name, c.name, EXISTS (SELECT 1 FROM src.sqlite_schema s WHERE s.type = 'table' AND s.name = t.name)
FROM main.sqlite_schema t JOIN pragma_table_info(t.name, 'main') c
WHERE t.type = 'table' AND t.name NOT LIKE 'sqlite_%'
  AND c.name NOT IN (SELECT name FROM pragma_table_info(t.name, 'src'))
ORDER BY t.name, c.cid
)sql";

// Refuses, naming the source, a file that has the right version number but not the schema behind it.
void check_source_columns(Connection& conn, const std::string& source) {
    Statement missing(conn, kMissingColumns, "compare merge input's tables with the schema");
    std::string lacks;
    std::string last_table;
    while (missing.step()) {
        const std::string table = missing.text(0);
        const bool table_exists = missing.int64(2) != 0;
        if (table == last_table && !table_exists) continue;  // a missing table is said once
        lacks += lacks.empty() ? "" : "; ";
        lacks += table_exists ? "column " + table + "." + missing.text(1) : "table " + table;
        last_table = table;
    }
    if (lacks.empty()) return;
    throw DbError(ErrorKind::not_a_database, source, "merge",
                  "merge input '" + source + "' lacks " + lacks + " of arbiter's schema version " +
                      std::to_string(kSchemaVersion) +
                      ": it was not written by arbiter or was altered since; nothing was written");
}

void validate_source(Connection& conn, const std::string& source) {
    const auto app_id = single_int(conn, "PRAGMA src.application_id", "read merge input");
    const auto version = single_int(conn, "PRAGMA src.user_version", "read merge input");
    if (app_id != kApplicationId) {
        throw DbError(ErrorKind::not_a_database, source, "merge",
                      "merge input '" + source + "' is not an arbiter database");
    }
    if (version != kSchemaVersion) {
        const bool newer = version > kSchemaVersion;
        throw DbError(newer ? ErrorKind::schema_too_new : ErrorKind::schema_too_old, source, "merge",
                      "database " + source + " has schema version " + std::to_string(version) + ", this arbiter " +
                          (newer ? "knows up to " : "merges only version ") + std::to_string(kSchemaVersion) +
                          (newer ? "" : "; open it once with this arbiter"));
    }
    check_source_columns(conn, source);
}

// SQLite faults met while reading a source are about that source, not about the temporary output.
bool source_fault(const DbError& error) {
    switch (error.kind()) {
        case ErrorKind::not_a_database:
        case ErrorKind::corrupt:
        case ErrorKind::cannot_open:
        case ErrorKind::io: return error.sqlite_code() != 0;
        default: return false;
    }
}

// Called in a catch block: rethrows a fault SQLite met while reading `source` as an error about that
// input (SQLite reports it on the connection, whose file is the temporary output), anything else as is.
[[noreturn]] void blame_source(const DbError& error, const std::string& source, const std::string& doing) {
    if (!source_fault(error)) throw;
    throw make_error(source, "read merge input", error.sqlite_code(), doing + " (" + error.purpose() + ")");
}

SourceSurvey read_survey(Connection& conn, const std::string& source) {
    SourceSurvey survey{source, {}};
    std::map<std::int64_t, std::size_t> run_slot;
    Statement runs(conn,
                   "SELECT id, config_hash, shard_index, shard_count, pair_begin, pair_end FROM src.runs ORDER BY id",
                   "survey runs of merge input");
    while (runs.step()) {
        run_slot[runs.int64(0)] = survey.runs.size();
        survey.runs.push_back(
            SourceRun{runs.text(1), runs.int32(2), runs.int32(3), runs.opt_int64(4), runs.opt_int64(5), {}});
    }
    Statement pairs(conn, "SELECT DISTINCT run_id, pair_index FROM src.games ORDER BY run_id, pair_index",
                    "survey pairs of merge input");
    while (pairs.step()) survey.runs[run_slot.at(pairs.int64(0))].pairs.push_back(pairs.int64(1));
    return survey;
}

constexpr const char* kCopyEngines = R"sql(
CREATE TEMP TABLE IF NOT EXISTS engine_map (src_id INTEGER PRIMARY KEY, dst_id INTEGER NOT NULL);
CREATE TEMP TABLE IF NOT EXISTS run_map (src_id INTEGER PRIMARY KEY, dst_id INTEGER NOT NULL);
DELETE FROM temp.engine_map;
DELETE FROM temp.run_map;
INSERT INTO main.engines (name, command, protocol, options, git_commit, feature_set, created_at, commit_subject,
                          committed_at)
  SELECT name, command, protocol, options, git_commit, feature_set, created_at, commit_subject, committed_at
  FROM src.engines WHERE true
  ON CONFLICT (name, git_commit, command, protocol, options, feature_set) DO UPDATE SET
    commit_subject = CASE WHEN commit_subject = '' THEN excluded.commit_subject ELSE commit_subject END,
    committed_at = CASE WHEN committed_at = '' THEN excluded.committed_at ELSE committed_at END;
INSERT INTO temp.engine_map (src_id, dst_id)
  SELECT s.id, m.id FROM src.engines s JOIN main.engines m
    ON m.name = s.name AND m.command = s.command AND m.protocol = s.protocol AND m.options = s.options
   AND m.git_commit = s.git_commit AND m.feature_set = s.feature_set;
)sql";

// A run already in the output absorbs the input's run: the hull of the pair ranges (unknown stays
// unknown: scalar min/max return NULL on NULL), shard 0 once two different shards meet, the earliest
// start, and the least finished status.
constexpr const char* kCopyRuns = R"sql(
UPDATE main.runs AS m SET
  shard_index = CASE WHEN m.shard_index = s.shard_index AND m.shard_count = s.shard_count
                     THEN m.shard_index ELSE 0 END,
  shard_count = max(m.shard_count, s.shard_count),
  pair_begin = min(m.pair_begin, s.pair_begin),
  pair_end = max(m.pair_end, s.pair_end),
  host = CASE WHEN instr(',' || m.host || ',', ',' || s.host || ',') > 0 THEN m.host
              ELSE m.host || ',' || s.host END,
  started_at = min(m.started_at, s.started_at),
  finished_at = max(m.finished_at, s.finished_at),
  status = CASE WHEN 'failed' IN (m.status, s.status) THEN 'failed'
                WHEN 'aborted' IN (m.status, s.status) THEN 'aborted'
                WHEN 'running' IN (m.status, s.status) THEN 'running'
                ELSE 'finished' END
FROM src.runs AS s WHERE s.config_hash = m.config_hash;
INSERT INTO main.runs (kind, config_hash, config, time_control, host, ladder, shard_index, shard_count,
                       pair_begin, pair_end, started_at, finished_at, status)
  SELECT kind, config_hash, config, time_control, host, ladder, shard_index, shard_count,
         pair_begin, pair_end, started_at, finished_at, status
  FROM src.runs WHERE config_hash NOT IN (SELECT config_hash FROM main.runs);
INSERT INTO temp.run_map (src_id, dst_id)
  SELECT s.id, m.id FROM src.runs s JOIN main.runs m ON m.config_hash = s.config_hash;
)sql";

// Game ids are shifted past the output's largest id, so moves follow with the same shift and no map.
constexpr const char* kCopyGames = R"sql(
INSERT INTO main.games (id, run_id, pair_index, game_index, round, opening_id, opening_fen, white, black,
                        white_engine_id, black_engine_id, result, termination, plies, started_at,
                        finished_at, pgn)
  SELECT g.id + ?1, r.dst_id, g.pair_index, g.game_index, g.round, g.opening_id, g.opening_fen, g.white,
         g.black, we.dst_id, be.dst_id, g.result, g.termination, g.plies, g.started_at, g.finished_at, g.pgn
  FROM src.games g JOIN temp.run_map r ON r.src_id = g.run_id
  LEFT JOIN temp.engine_map we ON we.src_id = g.white_engine_id
  LEFT JOIN temp.engine_map be ON be.src_id = g.black_engine_id
  ORDER BY g.id
)sql";

constexpr const char* kCopyMoves = R"sql(
INSERT INTO main.game_moves (game_id, moves) SELECT game_id + ?1, moves FROM src.game_moves ORDER BY game_id
)sql";

constexpr const char* kCountMoves = "SELECT coalesce(sum(json_array_length(moves)), 0) FROM src.game_moves";

constexpr const char* kCopyEpd = R"sql(
INSERT INTO main.epd_results (run_id, suite, position_id, engine_id, engine, fen, expected_bm, expected_am,
                              engine_move, solved, time_to_solution_ms, time_ms, depth, nodes, points)
  SELECT r.dst_id, x.suite, x.position_id, e.dst_id, x.engine, x.fen, x.expected_bm, x.expected_am,
         x.engine_move, x.solved, x.time_to_solution_ms, x.time_ms, x.depth, x.nodes, x.points
  FROM src.epd_results x JOIN temp.run_map r ON r.src_id = x.run_id
  JOIN temp.engine_map e ON e.src_id = x.engine_id
  ORDER BY x.id
)sql";

constexpr const char* kCopyRatings = R"sql(
INSERT INTO main.ratings (run_id, ladder, player, engine_id, rating, error, games, score, computed_at)
  SELECT r.dst_id, x.ladder, x.player, e.dst_id, x.rating, x.error, x.games, x.score, x.computed_at
  FROM src.ratings x LEFT JOIN temp.run_map r ON r.src_id = x.run_id
  LEFT JOIN temp.engine_map e ON e.src_id = x.engine_id
  ORDER BY x.id
)sql";

// Every shard of a ladder writes the same step rows: the first input's row stands.
constexpr const char* kCopyLadderSteps = R"sql(
INSERT OR IGNORE INTO main.ladder_steps (ladder, step_index, label, category, step_date, rev, player, engine_id, options)
  SELECT x.ladder, x.step_index, x.label, x.category, x.step_date, x.rev, x.player, e.dst_id, x.options
  FROM src.ladder_steps x LEFT JOIN temp.engine_map e ON e.src_id = x.engine_id
  ORDER BY x.ladder, x.step_index
)sql";

// A step measured in two inputs under the same settings (two shards both measuring it): the first
// input's link stands, as for the step rows.
constexpr const char* kCopyLadderMeasurements = R"sql(
INSERT OR IGNORE INTO main.ladder_measurements (ladder, step_index, kind, settings, run_id)
  SELECT x.ladder, x.step_index, x.kind, x.settings, r.dst_id
  FROM src.ladder_measurements x JOIN temp.run_map r ON r.src_id = x.run_id
  ORDER BY x.ladder, x.step_index, x.kind, x.settings
)sql";

// A bisection is one command's search on one machine, found again by its identity. An input's
// bisection whose identity the output lacks comes over whole, its commits pointing at the merged
// runs; one the output already has keeps the output's rows (the first input's, as for ladder steps),
// since the commit rows of two copies of a search that went on separately would not fit together.
// Without this, merging into an existing OUT would drop the bisections OUT held: it is an input too.
constexpr const char* kCopyBisections = R"sql(
CREATE TEMP TABLE IF NOT EXISTS new_bisections (identity TEXT PRIMARY KEY);
DELETE FROM temp.new_bisections;
INSERT INTO temp.new_bisections (identity)
  SELECT identity FROM src.bisections WHERE identity NOT IN (SELECT identity FROM main.bisections);
INSERT INTO main.bisections (identity, repo, good, bad, commits, started_at, finished_at, verdict, first_bad,
                             last_bad, levels)
  SELECT identity, repo, good, bad, commits, started_at, finished_at, verdict, first_bad, last_bad, levels
  FROM src.bisections WHERE identity IN (SELECT identity FROM temp.new_bisections)
  ORDER BY id;
INSERT INTO main.bisection_commits (bisection, position, sha, subject, state, reason, bench, run_id)
  SELECT m.id, c.position, c.sha, c.subject, c.state, c.reason, c.bench, r.dst_id
  FROM src.bisection_commits c JOIN src.bisections s ON s.id = c.bisection
  JOIN temp.new_bisections n ON n.identity = s.identity
  JOIN main.bisections m ON m.identity = s.identity
  LEFT JOIN temp.run_map r ON r.src_id = c.run_id
  ORDER BY m.id, c.position;
)sql";

std::int64_t run_counted(Connection& conn, const char* sql, std::string_view purpose,
                         std::optional<std::int64_t> offset = std::nullopt) {
    Statement stmt(conn, sql, purpose);
    if (offset) stmt.bind(1, *offset);
    stmt.run();
    return conn.changes();
}

void copy_rows(Connection& conn, const std::string& source, MergeSummary& summary) {
    const std::string purpose = "merge '" + source + "'";
    conn.exec(kCopyEngines, purpose + ": engines");
    conn.exec(kCopyRuns, purpose + ": runs");
    const std::int64_t offset = single_int(conn, "SELECT coalesce(max(id), 0) FROM main.games", purpose);
    summary.games += run_counted(conn, kCopyGames, purpose + ": games", offset);
    run_counted(conn, kCopyMoves, purpose + ": moves", offset);
    summary.moves += single_int(conn, kCountMoves, purpose + ": count moves");
    try {
        summary.epd_results += run_counted(conn, kCopyEpd, purpose + ": EPD results");
    } catch (const DbError& error) {
        if (error.kind() != ErrorKind::constraint) throw;
        throw DbError(ErrorKind::merge_conflict, source, purpose,
                      "merge input '" + source +
                          "' repeats EPD results (same run, suite, position and engine) "
                          "already taken from an earlier input: " +
                          error.what());
    }
    summary.ratings += run_counted(conn, kCopyRatings, purpose + ": ratings");
    conn.exec(kCopyLadderSteps, purpose + ": ladder steps");
    conn.exec(kCopyLadderMeasurements, purpose + ": ladder measurements");
    conn.exec(kCopyBisections, purpose + ": bisections");
}

}  // namespace

struct MergeWriter {
    static SourceSurvey survey(Database& out, const std::string& source, bool check_source_pages) {
        Connection& conn = out.impl_->conn;
        try {
            AttachedSource attached(conn, source);
            validate_source(conn, source);
            if (check_source_pages) check_pages(conn, "src", source);
            return read_survey(conn, source);
        } catch (const DbError& error) {
            blame_source(error, source, "while surveying it for the merge");
        }
    }

    static void copy(Database& out, const std::string& source, MergeSummary& summary) {
        Database::Impl& impl = *out.impl_;
        AttachedSource attached(impl.conn, source);
        MergeSummary added;
        try {
            impl.write("merge '" + source + "'", [&] {
                added = MergeSummary{};  // a retried transaction counts afresh
                copy_rows(impl.conn, source, added);
            });
        } catch (const DbError& error) {
            blame_source(error, source, "while copying its rows");
        }
        summary.games += added.games;
        summary.moves += added.moves;
        summary.epd_results += added.epd_results;
        summary.ratings += added.ratings;
    }
};

}  // namespace detail

namespace {

DbError usage_error(const std::string& path, const std::string& message) {
    return DbError(ErrorKind::invalid_argument, path, "merge", message);
}

// The same file under two names: one path through a symlink, "./x.db" and "x.db", or two hard links.
bool same_file(const std::string& a, const std::string& b) {
    std::error_code missing;
    if (fs::equivalent(a, b, missing)) return true;
    return fs::weakly_canonical(a) == fs::weakly_canonical(b);  // the output may not exist yet
}

void check_paths(const std::string& out_path, const std::vector<std::string>& in_paths) {
    if (in_paths.empty()) throw usage_error(out_path, "merge into '" + out_path + "': no input databases given");
    std::vector<std::string> seen{out_path};
    for (const std::string& input : in_paths) {
        if (!fs::is_regular_file(input)) {
            throw DbError(ErrorKind::cannot_open, input, "merge",
                          "merge input '" + input + "' does not exist or is not a regular file");
        }
        for (const std::string& earlier : seen) {
            if (!same_file(input, earlier)) continue;
            throw usage_error(input, "merge input '" + input + "' is the same file as " +
                                         (earlier == out_path ? "the output '" : "the input '") + earlier +
                                         "' (each database may appear once, and the output is never an input)");
        }
        seen.push_back(input);
    }
}

void remove_database_files(const std::string& path) {
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ignored);
}

void ensure_not_in_use(const std::string& out_path) {
    // A closed WAL database has no -wal file; one left behind means another process has it open.
    if (fs::exists(out_path + "-wal")) {
        throw DbError(ErrorKind::busy, out_path, "merge",
                      "merge output '" + out_path + "' is open in another process; stop it and retry");
    }
}

// sources[0 .. uncounted) are the existing output's own contents: copied, but not reported as added.
MergeSummary build(const std::string& tmp_path, const std::string& out_path, const std::vector<std::string>& sources,
                   std::size_t uncounted, bool check_pages) {
    Database out(tmp_path);
    std::vector<detail::SourceSurvey> surveys;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        // An existing output was checked when it was opened, just before.
        const bool check_source = check_pages && i >= uncounted;
        surveys.push_back(detail::MergeWriter::survey(out, sources[i], check_source));
    }
    const std::vector<std::string> conflicts = detail::find_merge_conflicts(surveys);
    if (!conflicts.empty()) {
        std::string message = "merge into '" + out_path + "' refused, nothing was written:";
        for (const std::string& conflict : conflicts) message += "\n  " + conflict;
        throw DbError(ErrorKind::merge_conflict, out_path, "merge", message);
    }
    MergeSummary summary;
    MergeSummary existing;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        detail::MergeWriter::copy(out, sources[i], i < uncounted ? existing : summary);
    }
    summary.runs = static_cast<std::int64_t>(out.list_runs().size());
    return summary;  // closing `out` checkpoints the WAL into the file and removes it
}

}  // namespace

MergeSummary merge(const std::string& out_path, const std::vector<std::string>& in_paths, bool check_pages) {
    check_paths(out_path, in_paths);
    std::vector<std::string> sources;
    if (fs::exists(out_path)) {
        OpenOptions validate;
        validate.check_pages = check_pages;
        { Database existing(out_path, validate); }  // validates it and folds its WAL into the file
        ensure_not_in_use(out_path);
        sources.push_back(out_path);
    }
    sources.insert(sources.end(), in_paths.begin(), in_paths.end());
    const std::string tmp_path = out_path + ".merging-" + std::to_string(::getpid());
    remove_database_files(tmp_path);
    try {
        MergeSummary summary = build(tmp_path, out_path, sources, sources.size() - in_paths.size(), check_pages);
        summary.inputs = static_cast<std::int64_t>(in_paths.size());
        ensure_not_in_use(out_path);
        fs::rename(tmp_path, out_path);
        return summary;
    } catch (...) {
        remove_database_files(tmp_path);
        throw;
    }
}

}  // namespace arbiter::db
