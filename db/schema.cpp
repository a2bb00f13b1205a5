#include "db/schema.h"

#include <chrono>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>

namespace arbiter::db::detail {

namespace {

// kMigrations[v] takes a database from user_version v to v + 1. Append only: released steps never
// change, because files in the field already went through them.
// A run_pairs trigger's statement, one for each row a change touches: `row` (OLD or NEW) names the
// game; its pair's bucket, counted from the games as they are when the trigger runs, is taken out of
// run_pairs (sign -1, before the change) or put back (sign +1, after it). `unless_same_pair`: the
// update's NEW side, which is skipped when the game stayed in the same pair (OLD's statement did it).
std::string pair_bucket_shift(const std::string& row, int sign, bool unless_same_pair) {
    const std::string lo = "min(" + row + ".white, " + row + ".black)",
                      hi = "max(" + row + ".white, " + row + ".black)";
    std::string sql =
        "  INSERT INTO run_pairs (run_id, lo, hi, bucket, pairs)\n"
        "    SELECT " +
        row + ".run_id, " + lo + ", " + hi +
        ", CASE WHEN count(*) = 2 THEN sum(CASE\n"
        "      WHEN g.result = '1/2-1/2' THEN 1 WHEN (g.result = '1-0') = (g.white = " +
        lo +
        ") THEN 2 ELSE 0 END)\n"
        "      ELSE -1 END, " +
        std::to_string(sign) + " FROM games g WHERE g.run_id = " + row + ".run_id AND g.pair_index = " + row +
        ".pair_index\n"
        "      AND min(g.white, g.black) = " +
        lo + " AND max(g.white, g.black) = " + hi +
        "\n"
        "      AND EXISTS (SELECT 1 FROM runs WHERE id = " +
        row + ".run_id)\n";
    if (unless_same_pair)
        sql +=
            "      AND (NEW.run_id, NEW.pair_index, min(NEW.white, NEW.black), max(NEW.white, NEW.black))\n"
            "        IS NOT (OLD.run_id, OLD.pair_index, min(OLD.white, OLD.black), max(OLD.white, OLD.black))\n";
    return sql +
           "    HAVING count(*) > 0 ON CONFLICT (run_id, lo, hi, bucket) DO UPDATE SET pairs = pairs + excluded.pairs;\n";
}

// run_pairs' six triggers: a game's pair leaves its bucket before an insert, delete or update and
// enters its new one after; an update moves the OLD pair and the NEW one (when they differ).
std::string pair_bucket_triggers() {
    const std::string moved_columns = " UPDATE OF run_id, pair_index, white, black, result ON games BEGIN\n";
    return "CREATE TRIGGER games_pair_entering BEFORE INSERT ON games BEGIN\n" + pair_bucket_shift("NEW", -1, false) +
           "END;\nCREATE TRIGGER games_pair_entered AFTER INSERT ON games BEGIN\n" +
           pair_bucket_shift("NEW", 1, false) +
           "END;\nCREATE TRIGGER games_pair_leaving BEFORE DELETE ON games BEGIN\n" +
           pair_bucket_shift("OLD", -1, false) + "END;\nCREATE TRIGGER games_pair_left AFTER DELETE ON games BEGIN\n" +
           pair_bucket_shift("OLD", 1, false) + "END;\nCREATE TRIGGER games_pair_moving BEFORE" + moved_columns +
           pair_bucket_shift("OLD", -1, false) + pair_bucket_shift("NEW", -1, true) +
           "END;\nCREATE TRIGGER games_pair_moved AFTER" + moved_columns + pair_bucket_shift("OLD", 1, false) +
           pair_bucket_shift("NEW", 1, true) + "END;\n";
}

// Built once, at start-up: v10's triggers are generated (pair_bucket_triggers).
const std::string kMigrations[] = {
    R"sql(
CREATE TABLE engines (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  command     TEXT NOT NULL DEFAULT '',
  protocol    TEXT NOT NULL DEFAULT 'uci',
  options     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
  git_commit  TEXT NOT NULL DEFAULT '',
  feature_set TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL,
  UNIQUE (name, git_commit, command, protocol, options, feature_set)
);
CREATE INDEX engines_by_commit ON engines (git_commit);

CREATE TABLE runs (
  id           INTEGER PRIMARY KEY,
  kind         TEXT NOT NULL
               CHECK (kind IN ('match', 'gauntlet', 'round-robin', 'epd', 'ladder', 'tune')),
  config_hash  TEXT NOT NULL UNIQUE,
  config       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(config)),
  time_control TEXT NOT NULL DEFAULT '',
  host         TEXT NOT NULL DEFAULT '',
  ladder       TEXT,
  shard_index  INTEGER NOT NULL DEFAULT 1,
  shard_count  INTEGER NOT NULL DEFAULT 1,
  pair_begin   INTEGER,
  pair_end     INTEGER,
  started_at   TEXT NOT NULL,
  finished_at  TEXT,
  status       TEXT NOT NULL DEFAULT 'running'
               CHECK (status IN ('running', 'finished', 'aborted', 'failed')),
  CHECK (shard_count >= 1 AND shard_index BETWEEN 0 AND shard_count),
  CHECK (pair_end >= pair_begin)
);
CREATE INDEX runs_by_ladder ON runs (ladder) WHERE ladder IS NOT NULL;

CREATE TABLE games (
  id              INTEGER PRIMARY KEY,
  run_id          INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  pair_index      INTEGER NOT NULL CHECK (pair_index >= 0),
  game_index      INTEGER NOT NULL CHECK (game_index >= 0),
  round           INTEGER NOT NULL DEFAULT 0,
  opening_id      TEXT NOT NULL DEFAULT '',
  opening_fen     TEXT NOT NULL DEFAULT '',
  white           TEXT NOT NULL,
  black           TEXT NOT NULL,
  white_engine_id INTEGER REFERENCES engines (id),
  black_engine_id INTEGER REFERENCES engines (id),
  result          TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
  termination     TEXT NOT NULL DEFAULT '',
  plies           INTEGER NOT NULL DEFAULT 0,
  started_at      TEXT NOT NULL,
  finished_at     TEXT NOT NULL,
  pgn             TEXT NOT NULL DEFAULT '',
  UNIQUE (run_id, pair_index, game_index)
);
-- Covering indexes: the rating aggregation and the pentanomial grouping read only index pages.
CREATE INDEX games_by_white ON games (white, black, run_id, pair_index, result);
CREATE INDEX games_by_black ON games (black, white);
CREATE INDEX games_by_run_players ON games (run_id, white, black, result);
CREATE INDEX games_by_white_engine ON games (white_engine_id);
CREATE INDEX games_by_black_engine ON games (black_engine_id);

-- Clustered on (game_id, ply): a game's moves are contiguous on disk and need no separate index.
CREATE TABLE moves (
  game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  ply        INTEGER NOT NULL CHECK (ply >= 0),
  uci        TEXT NOT NULL,
  san        TEXT NOT NULL DEFAULT '',
  time_ms    INTEGER,
  clock_ms   INTEGER,
  score_cp   INTEGER,
  score_mate INTEGER,
  depth      INTEGER,
  seldepth   INTEGER,
  nodes      INTEGER,
  pv         TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE epd_results (
  id                  INTEGER PRIMARY KEY,
  run_id              INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  suite               TEXT NOT NULL,
  position_id         TEXT NOT NULL,
  engine_id           INTEGER NOT NULL REFERENCES engines (id),
  engine              TEXT NOT NULL,
  fen                 TEXT NOT NULL DEFAULT '',
  expected_bm         TEXT NOT NULL DEFAULT '',
  expected_am         TEXT NOT NULL DEFAULT '',
  engine_move         TEXT NOT NULL DEFAULT '',
  solved              INTEGER NOT NULL CHECK (solved IN (0, 1)),
  time_to_solution_ms INTEGER,
  time_ms             INTEGER,
  depth               INTEGER,
  nodes               INTEGER,
  points              INTEGER,
  UNIQUE (run_id, suite, position_id, engine_id)
);
CREATE INDEX epd_by_engine ON epd_results (engine_id, suite);
CREATE INDEX epd_by_engine_name ON epd_results (engine, suite);

CREATE TABLE ratings (
  id          INTEGER PRIMARY KEY,
  run_id      INTEGER REFERENCES runs (id) ON DELETE CASCADE,
  ladder      TEXT,
  player      TEXT NOT NULL,
  engine_id   INTEGER REFERENCES engines (id),
  rating      REAL NOT NULL,
  error       REAL,
  games       INTEGER NOT NULL DEFAULT 0,
  score       REAL,
  computed_at TEXT NOT NULL,
  CHECK (run_id IS NOT NULL OR ladder IS NOT NULL)
);
CREATE INDEX ratings_by_run ON ratings (run_id, player);
CREATE INDEX ratings_by_ladder ON ratings (ladder, player, computed_at);
CREATE INDEX ratings_by_engine ON ratings (engine_id);
)sql",
    // v2: per-move nodes per second; the ladder's step metadata; the nightly's recorded baselines.
    R"sql(
ALTER TABLE moves ADD COLUMN nps INTEGER;

CREATE TABLE ladder_steps (
  ladder      TEXT NOT NULL,
  step_index  INTEGER NOT NULL CHECK (step_index >= 0),
  label       TEXT NOT NULL,
  category    TEXT NOT NULL DEFAULT '',
  step_date   TEXT NOT NULL DEFAULT '',
  rev         TEXT NOT NULL DEFAULT '',
  player      TEXT NOT NULL,
  engine_id   INTEGER REFERENCES engines (id),
  options     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
  PRIMARY KEY (ladder, step_index)
);

CREATE TABLE baselines (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  git_commit  TEXT NOT NULL,
  engine_id   INTEGER REFERENCES engines (id),
  run_id      INTEGER REFERENCES runs (id) ON DELETE SET NULL,
  recorded_at TEXT NOT NULL
);
CREATE INDEX baselines_by_name ON baselines (name, id);
)sql",
    // v3: the per-move figures fastchess's -pgnout can put in a move's comment (hashfull, tbhits, the
    // engine's own time for latency=, the lines match_line= kept), so a resumed run rewrites them.
    R"sql(
ALTER TABLE moves ADD COLUMN hashfull INTEGER;
ALTER TABLE moves ADD COLUMN tbhits INTEGER;
ALTER TABLE moves ADD COLUMN engine_time_ms INTEGER;
ALTER TABLE moves ADD COLUMN lines TEXT NOT NULL DEFAULT '';
)sql",
    // v4: `arbiter spsa`: a tuning run, its parameters, and per iteration the game pairs' results and
    // each parameter's theta before and after, its perturbation and the two engines' option values.
    R"sql(
CREATE TABLE spsa_runs (
  id                  INTEGER PRIMARY KEY,
  name                TEXT NOT NULL UNIQUE,
  format              TEXT NOT NULL CHECK (format IN ('fishtest', 'openbench')),
  iterations          INTEGER NOT NULL CHECK (iterations >= 1),
  pairs_per_iteration INTEGER NOT NULL CHECK (pairs_per_iteration >= 1),
  alpha               REAL NOT NULL,
  gamma               REAL NOT NULL,
  a_ratio             REAL NOT NULL,
  seed                INTEGER NOT NULL,
  settings            TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
  created_at          TEXT NOT NULL
);

CREATE TABLE spsa_params (
  spsa_run_id INTEGER NOT NULL REFERENCES spsa_runs (id) ON DELETE CASCADE,
  param_index INTEGER NOT NULL CHECK (param_index >= 0),
  name        TEXT NOT NULL,
  is_float    INTEGER NOT NULL CHECK (is_float IN (0, 1)),
  start       REAL NOT NULL,
  min_value   REAL NOT NULL,
  max_value   REAL NOT NULL,
  c_end       REAL NOT NULL,
  r_end       REAL NOT NULL,
  PRIMARY KEY (spsa_run_id, param_index)
);

CREATE TABLE spsa_iterations (
  spsa_run_id  INTEGER NOT NULL REFERENCES spsa_runs (id) ON DELETE CASCADE,
  iteration    INTEGER NOT NULL CHECK (iteration >= 1),
  match_run_id INTEGER REFERENCES runs (id) ON DELETE SET NULL,
  wins         INTEGER NOT NULL DEFAULT 0,
  draws        INTEGER NOT NULL DEFAULT 0,
  losses       INTEGER NOT NULL DEFAULT 0,
  penta        TEXT NOT NULL DEFAULT '[0,0,0,0,0]' CHECK (json_valid(penta)),
  started_at   TEXT NOT NULL,
  finished_at  TEXT,
  PRIMARY KEY (spsa_run_id, iteration)
);

CREATE TABLE spsa_steps (
  spsa_run_id  INTEGER NOT NULL,
  iteration    INTEGER NOT NULL,
  param_index  INTEGER NOT NULL,
  theta_before REAL NOT NULL,
  flip         INTEGER NOT NULL CHECK (flip IN (-1, 1)),
  c            REAL NOT NULL,
  r            REAL NOT NULL,
  plus_value   REAL NOT NULL,
  minus_value  REAL NOT NULL,
  theta_after  REAL,
  PRIMARY KEY (spsa_run_id, iteration, param_index),
  FOREIGN KEY (spsa_run_id, iteration) REFERENCES spsa_iterations (spsa_run_id, iteration) ON DELETE CASCADE
);
)sql",
    // v5: a game's moves are one JSON text (game_moves, db/move_json.h) instead of a row each, and
    // `moves` becomes a view with the same columns, so every query reads them as before. A move's
    // array may stop after its last set field (a missing number reads NULL, a missing text ''). The
    // subquery's order puts each game's moves into its text by ply.
    R"sql(
CREATE TABLE game_moves (
  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  moves   TEXT NOT NULL
);
INSERT INTO game_moves (game_id, moves)
  SELECT game_id, '[' || group_concat(json_array(ply, uci, san, time_ms, clock_ms, score_cp, score_mate, depth,
                                                 seldepth, nodes, pv, nps, hashfull, tbhits, engine_time_ms, lines),
                                      ',') || ']'
  FROM (SELECT * FROM moves ORDER BY game_id, ply) GROUP BY game_id;
DROP TABLE moves;
CREATE VIEW moves AS
  SELECT g.game_id AS game_id,
         json_extract(m.value, '$[0]') AS ply,
         coalesce(json_extract(m.value, '$[1]'), '') AS uci,
         coalesce(json_extract(m.value, '$[2]'), '') AS san,
         json_extract(m.value, '$[3]') AS time_ms,
         json_extract(m.value, '$[4]') AS clock_ms,
         json_extract(m.value, '$[5]') AS score_cp,
         json_extract(m.value, '$[6]') AS score_mate,
         json_extract(m.value, '$[7]') AS depth,
         json_extract(m.value, '$[8]') AS seldepth,
         json_extract(m.value, '$[9]') AS nodes,
         coalesce(json_extract(m.value, '$[10]'), '') AS pv,
         json_extract(m.value, '$[11]') AS nps,
         json_extract(m.value, '$[12]') AS hashfull,
         json_extract(m.value, '$[13]') AS tbhits,
         json_extract(m.value, '$[14]') AS engine_time_ms,
         coalesce(json_extract(m.value, '$[15]'), '') AS lines
  FROM game_moves g, json_each(g.moves) m;
)sql",
    // v6: how a baseline was verified: 'bench' (built with its bench checked against its commit's
    // Bench: line), 'none' (recorded with --no-verify-bench or without a build), '' (recorded before
    // v6: unknown). A later run that verifies benches re-verifies a baseline that was not.
    R"sql(
ALTER TABLE baselines ADD COLUMN verification TEXT NOT NULL DEFAULT ''
  CHECK (verification IN ('', 'bench', 'none'));
)sql",
    // v7: what an engine's commit is, for reports that name it: the subject line and the committer
    // date (ISO-8601 UTC), read from the repository when a build= engine is prepared. Not part of the
    // engine's identity (the commit decides them); '' when unknown (engines stored before v7).
    R"sql(
ALTER TABLE engines ADD COLUMN commit_subject TEXT NOT NULL DEFAULT '';
ALTER TABLE engines ADD COLUMN committed_at TEXT NOT NULL DEFAULT '';
)sql",
    // v8: a ladder's measurements beside its games (#40): per step, the run that searched the
    // positions to a fixed depth (kind epd) and the fixed-node match against the previous step. The
    // runs keep runs.ladder NULL, so the ladder's joint fit, its budget and its WAC column never see
    // them; this table says which step and settings (the plan's JSON of them) each run measured.
    R"sql(
CREATE TABLE ladder_measurements (
  ladder     TEXT NOT NULL,
  step_index INTEGER NOT NULL CHECK (step_index >= 0),
  kind       TEXT NOT NULL CHECK (kind IN ('time_to_depth', 'fixed_nodes')),
  settings   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
  run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  PRIMARY KEY (ladder, step_index, kind, settings)
);
)sql",
    // v9: `arbiter bisect` (#41) stores what it has learnt beside its games, so a killed bisection
    // resumes where it stopped and the report reads it back. The identity (repository, good, bad and
    // every setting that decides games or decisions) finds the row again. A commit's row names the run
    // holding its games against the good build instead of copying their counts, so the counts have one
    // home; deleting that run leaves the commit unmeasured (SET NULL) rather than losing the bisection.
    // Positions count along the first-parent path: 0 is good, `commits` is bad.
    R"sql(
CREATE TABLE bisections (
  id          INTEGER PRIMARY KEY,
  identity    TEXT NOT NULL UNIQUE CHECK (json_valid(identity)),
  repo        TEXT NOT NULL,
  good        TEXT NOT NULL,
  bad         TEXT NOT NULL,
  commits     INTEGER NOT NULL CHECK (commits >= 1),
  started_at  TEXT NOT NULL,
  finished_at TEXT,
  verdict     TEXT NOT NULL DEFAULT 'running'
              CHECK (verdict IN ('running', 'named', 'range', 'not_confirmed', 'several_steps', 'budget')),
  first_bad   INTEGER,
  last_bad    INTEGER,
  levels      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(levels))
);

CREATE TABLE bisection_commits (
  bisection INTEGER NOT NULL REFERENCES bisections (id) ON DELETE CASCADE,
  position  INTEGER NOT NULL CHECK (position >= 0),
  sha       TEXT NOT NULL,
  subject   TEXT NOT NULL DEFAULT '',
  state     TEXT NOT NULL CHECK (state IN ('pending', 'built', 'skipped')),
  reason    TEXT NOT NULL DEFAULT '',
  bench     TEXT NOT NULL DEFAULT '',
  run_id    INTEGER REFERENCES runs (id) ON DELETE SET NULL,
  PRIMARY KEY (bisection, position)
);
)sql",
    // v10: what `arbiter serve`'s pages read on a million games without visiting every game. run_results
    // counts each run's games per (white, black, result, termination), kept by triggers as games come
    // and go, so games per run, results per pairing and endings per player cost a few rows instead of
    // a pass over 600,000 games. games_by_run (run_id alone, the rowid after it) walks a run's newest
    // games without sorting its ids.
    // run_pairs counts each run's opening pairs per pairing (lo < hi by name) and pentanomial bucket
    // (lo's half-points of a pair of two games; -1: a pair of another size), kept by triggers that take
    // a pair's bucket out before a change to its games and put its new one in after (rows may reach 0;
    // games deleted with their run change nothing: the run's rows are gone with it).
    // games_by_run_engines: which engine builds a run's games name (engines_of_run seeks each distinct
    // id), with the times, so the CPU time of a ladder's, SPSA run's or bisection's games is summed from
    // the index. Per engine build its runs and results (the commits page), which supersede the indexes
    // on the engine ids alone.
    std::string(R"sql(
CREATE TABLE run_results (
  run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  white       TEXT NOT NULL,
  black       TEXT NOT NULL,
  result      TEXT NOT NULL,
  termination TEXT NOT NULL,
  games       INTEGER NOT NULL CHECK (games >= 1),
  PRIMARY KEY (run_id, white, black, result, termination)
) WITHOUT ROWID;
INSERT INTO run_results (run_id, white, black, result, termination, games)
  SELECT run_id, white, black, result, termination, count(*) FROM games GROUP BY run_id, white, black, result, termination;
CREATE TRIGGER games_counted AFTER INSERT ON games BEGIN
  INSERT INTO run_results (run_id, white, black, result, termination, games)
    VALUES (NEW.run_id, NEW.white, NEW.black, NEW.result, NEW.termination, 1)
    ON CONFLICT (run_id, white, black, result, termination) DO UPDATE SET games = games + 1;
END;
CREATE TRIGGER games_uncounted AFTER DELETE ON games BEGIN
  DELETE FROM run_results WHERE run_id = OLD.run_id AND white = OLD.white AND black = OLD.black
    AND result = OLD.result AND termination = OLD.termination AND games = 1;
  UPDATE run_results SET games = games - 1 WHERE run_id = OLD.run_id AND white = OLD.white AND black = OLD.black
    AND result = OLD.result AND termination = OLD.termination;
END;
CREATE TRIGGER games_recounted AFTER UPDATE OF run_id, white, black, result, termination ON games BEGIN
  DELETE FROM run_results WHERE run_id = OLD.run_id AND white = OLD.white AND black = OLD.black
    AND result = OLD.result AND termination = OLD.termination AND games = 1;
  UPDATE run_results SET games = games - 1 WHERE run_id = OLD.run_id AND white = OLD.white AND black = OLD.black
    AND result = OLD.result AND termination = OLD.termination;
  INSERT INTO run_results (run_id, white, black, result, termination, games)
    VALUES (NEW.run_id, NEW.white, NEW.black, NEW.result, NEW.termination, 1)
    ON CONFLICT (run_id, white, black, result, termination) DO UPDATE SET games = games + 1;
END;
CREATE TABLE run_pairs (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  lo     TEXT NOT NULL,
  hi     TEXT NOT NULL,
  bucket INTEGER NOT NULL CHECK (bucket BETWEEN -1 AND 4),
  pairs  INTEGER NOT NULL,
  PRIMARY KEY (run_id, lo, hi, bucket)
) WITHOUT ROWID;
INSERT INTO run_pairs (run_id, lo, hi, bucket, pairs)
  SELECT run_id, lo, hi, bucket, count(*) FROM (
    SELECT run_id, min(white, black) AS lo, max(white, black) AS hi, CASE WHEN count(*) = 2 THEN sum(CASE
      WHEN result = '1/2-1/2' THEN 1 WHEN (result = '1-0') = (white = min(white, black)) THEN 2 ELSE 0 END)
      ELSE -1 END AS bucket
    FROM games GROUP BY run_id, pair_index, lo, hi)
  GROUP BY run_id, lo, hi, bucket;
)sql") + pair_bucket_triggers() +
        R"sql(CREATE INDEX games_by_run ON games (run_id);
CREATE INDEX games_by_run_engines ON games (run_id, white_engine_id, black_engine_id, started_at, finished_at);
CREATE INDEX games_by_white_engine_run ON games (white_engine_id, run_id, result);
CREATE INDEX games_by_black_engine_run ON games (black_engine_id, run_id, result);
DROP INDEX games_by_white_engine;
DROP INDEX games_by_black_engine;
)sql",
    // v11: a third ladder measurement (#40), the speed of node-limited searches: nodes per second from
    // searches long enough to time, which the time-to-depth searches of a strong step are not (0.2 s
    // for 46 positions at depth 8). SQLite cannot change a CHECK in place, so the table is rebuilt.
    R"sql(
CREATE TABLE ladder_measurements_v11 (
  ladder     TEXT NOT NULL,
  step_index INTEGER NOT NULL CHECK (step_index >= 0),
  kind       TEXT NOT NULL CHECK (kind IN ('time_to_depth', 'fixed_nodes', 'speed')),
  settings   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
  run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  PRIMARY KEY (ladder, step_index, kind, settings)
);
INSERT INTO ladder_measurements_v11 (ladder, step_index, kind, settings, run_id)
  SELECT ladder, step_index, kind, settings, run_id FROM ladder_measurements;
DROP TABLE ladder_measurements;
ALTER TABLE ladder_measurements_v11 RENAME TO ladder_measurements;
)sql",
};

static_assert(std::size(kMigrations) == kSchemaVersion, "one migration per schema version");

std::int64_t single_int(Connection& conn, std::string_view sql, std::string_view purpose) {
    Statement stmt(conn, sql, purpose);
    return stmt.step() ? stmt.int64(0) : 0;
}

DbError not_ours(const std::string& path, const std::string& why) {
    return DbError(ErrorKind::not_a_database, path, "check file",
                   "'" + path + "' is an SQLite file but not an arbiter database (" + why + ")");
}

// Everything here only reads, so a file we refuse stays byte-for-byte as it was. The three facts are
// read by one statement, so they come from one snapshot: read one by one, another connection's
// migration could commit in between and make a brand-new file look like someone else's database.
int check_compatible(Connection& conn) {
    Statement facts(conn,
                    "SELECT (SELECT user_version FROM pragma_user_version),"
                    " (SELECT application_id FROM pragma_application_id),"
                    " (SELECT count(*) FROM sqlite_schema)",
                    "read schema version, application id and tables");
    if (!facts.step()) throw not_ours(conn.path(), "its header cannot be read");
    const int version = static_cast<int>(facts.int64(0));
    const auto app_id = facts.int64(1);
    const auto tables = facts.int64(2);
    if (app_id != 0 && app_id != kApplicationId) {
        throw not_ours(conn.path(), "application_id " + std::to_string(app_id));
    }
    if (version > kSchemaVersion) {
        throw DbError(ErrorKind::schema_too_new, conn.path(), "check schema version",
                      "database " + conn.path() + " has schema version " + std::to_string(version) +
                          ", this arbiter knows up to " + std::to_string(kSchemaVersion) +
                          "; use a newer arbiter (the file was not modified)");
    }
    if (app_id == 0 && (version != 0 || tables != 0)) {
        throw not_ours(conn.path(), "it has tables but no arbiter schema marker");
    }
    return version;
}

void enable_wal(Connection& conn, int deadline_ms) {
    {
        // Scoped: an unfinished statement counts as an open transaction and would block the switch.
        Statement query(conn, "PRAGMA journal_mode", "read journal mode");
        if (query.step() && query.text(0) == "wal") return;
    }
    // Switching to WAL needs a moment of exclusive access; another process opening the same new file
    // at the same time makes it fail with SQLITE_BUSY, so retry until the deadline.
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        try {
            Statement set(conn, "PRAGMA journal_mode = WAL", "switch to WAL journal");
            set.run();
            return;
        } catch (const DbError& error) {
            const auto waited = std::chrono::steady_clock::now() - start;
            if (error.kind() != ErrorKind::busy || waited > std::chrono::milliseconds(deadline_ms)) throw;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
}

void migrate(Connection& conn, WriteRetry& retry, int from_version) {
    for (int from = from_version; from < kSchemaVersion; ++from) {
        const std::string purpose = "migrate to schema " + std::to_string(from + 1);
        retry.run(conn, purpose, [&] {
            // Another process may have migrated while we waited for the write lock.
            if (read_user_version(conn) != from) return;
            conn.exec(kMigrations[from], purpose);
            conn.exec("PRAGMA application_id = " + std::to_string(kApplicationId), purpose);
            conn.exec("PRAGMA user_version = " + std::to_string(from + 1), purpose);
        });
    }
}

}  // namespace

void check_pages(Connection& conn, const std::string& schema, const std::string& path) {
    constexpr int kReportedProblems = 3;
    Statement check(conn, "PRAGMA " + schema + ".quick_check(" + std::to_string(kReportedProblems) + ")",
                    "check every page (quick_check)");
    std::string problems;
    const auto note = [&](const std::string& problem) { problems += (problems.empty() ? "" : "; ") + problem; };
    try {
        while (check.step()) {
            std::istringstream lines(check.text(0));  // a row may hold several lines
            for (std::string line; std::getline(lines, line);) {
                if (line == "ok") return;
                if (line.rfind("*** in database ", 0) != 0) note(line);  // that names the schema, not the file
            }
        }
    } catch (const DbError& error) {
        // Some damage stops the check itself (SQLITE_CORRUPT) after the problems it already listed.
        if (error.kind() != ErrorKind::corrupt && error.kind() != ErrorKind::not_a_database) throw;
        note("the check stopped on a malformed page (SQLite code " + std::to_string(error.sqlite_code()) + ")");
    }
    throw DbError(ErrorKind::corrupt, path, "check every page",
                  "database '" + path + "' is damaged (PRAGMA quick_check: " + problems +
                      "); it was left as it is. Restore it from a backup (the sqlite3 shell's .recover command "
                      "salvages what is readable)");
}

int read_user_version(Connection& conn) {
    return static_cast<int>(single_int(conn, "PRAGMA user_version", "read schema version"));
}

void prepare_database(Connection& conn, WriteRetry& retry, const OpenOptions& options) {
    const int version = check_compatible(conn);
    if (options.check_pages) check_pages(conn, "main", conn.path());
    conn.exec("PRAGMA foreign_keys = ON", "enable foreign keys");
    if (options.read_only) {
        if (version < kOldestReadableVersion) {
            throw DbError(ErrorKind::schema_too_old, conn.path(), "check schema version",
                          "database " + conn.path() + " has schema version " + std::to_string(version) +
                              " and needs migration to " + std::to_string(kSchemaVersion) +
                              ", which a read-only open cannot do; open it once read-write");
        }
        return;
    }
    if (options.max_pages) {
        conn.exec("PRAGMA max_page_count = " + std::to_string(*options.max_pages), "set size limit");
    }
    enable_wal(conn, options.write_deadline_ms);
    // NORMAL in WAL mode: commits are atomic and survive a process crash; only an OS crash or power loss
    // can drop the last few commits, never corrupt the file. FULL would fsync every game.
    conn.exec("PRAGMA synchronous = NORMAL", "set synchronous mode");
    // Checkpoint every 8192 pages (32 MiB of WAL) instead of 1000: each checkpoint ends in an fsync, and
    // a stream of small per-game transactions would otherwise pay one every ~100 games.
    conn.exec("PRAGMA wal_autocheckpoint = 8192", "set checkpoint interval");
    migrate(conn, retry, version);
}

ConnectionOptions connection_options(const OpenOptions& options) {
    ConnectionOptions result;
    result.read_only = options.read_only;
    result.create = options.create;
    result.busy_timeout_ms = options.busy_timeout_ms;
    return result;
}

}  // namespace arbiter::db::detail
