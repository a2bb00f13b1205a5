#pragma once
// Helpers shared by the arbiter_db tests: the scratch directory, realistic records, raw SQLite access for
// setting up situations the public API refuses to create (foreign files, newer versions, failing triggers).

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "db/database.h"

namespace dbtest {

namespace fs = std::filesystem;

using TempDir = test_support::TempDir;

// Runs body in a child process as nobody and returns its result (-1 if it did not exit, 126 if root
// could not be dropped): root ignores file permissions, so tests of them must not run as root.
inline int run_unprivileged(const std::function<int()>& body) {
    test_support::ChildSpec nobody;
    nobody.drop_root = true;
    nobody.body = body;
    return test_support::run(nobody).exit_code;
}

inline void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

// Runs SQL on a file through SQLite directly, bypassing arbiter_db's checks.
inline void raw_exec(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        throw std::runtime_error("raw open failed: " + path);
    }
    char* message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    const std::string text = message != nullptr ? message : "";
    sqlite3_free(message);
    sqlite3_close(db);
    if (rc != SQLITE_OK) throw std::runtime_error("raw exec failed: " + text);
}

// Takes a current file back to schema 10, whose ladder_measurements took no 'speed' kind.
inline void back_to_schema_10(const std::string& path) {
    raw_exec(path,
             "CREATE TABLE m10 (ladder TEXT NOT NULL, step_index INTEGER NOT NULL CHECK (step_index >= 0), "
             "kind TEXT NOT NULL CHECK (kind IN ('time_to_depth', 'fixed_nodes')), "
             "settings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)), "
             "run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE, "
             "PRIMARY KEY (ladder, step_index, kind, settings)); "
             "INSERT INTO m10 SELECT * FROM ladder_measurements; DROP TABLE ladder_measurements; "
             "ALTER TABLE m10 RENAME TO ladder_measurements; PRAGMA user_version = 10");
}

// Takes a current file back to schema 9, whose games had single-column indexes on the engine ids and
// none of schema 10's table and indexes for the report pages.
inline void back_to_schema_9(const std::string& path) {
    back_to_schema_10(path);
    raw_exec(path,
             "DROP TRIGGER games_counted; DROP TRIGGER games_uncounted; DROP TRIGGER games_recounted; "
             "DROP TRIGGER games_pair_entering; DROP TRIGGER games_pair_entered; DROP TRIGGER games_pair_leaving; "
             "DROP TRIGGER games_pair_left; DROP TRIGGER games_pair_moving; DROP TRIGGER games_pair_moved; "
             "DROP TABLE run_results; DROP TABLE run_pairs; DROP INDEX games_by_run; DROP INDEX games_by_run_engines; "
             "DROP INDEX games_by_white_engine_run; DROP INDEX games_by_black_engine_run; "
             "CREATE INDEX games_by_white_engine ON games (white_engine_id); "
             "CREATE INDEX games_by_black_engine ON games (black_engine_id); PRAGMA user_version = 9");
}

// Takes a current file back to schema 8, which had no bisection tables.
inline void back_to_schema_8(const std::string& path) {
    back_to_schema_9(path);
    raw_exec(path, "DROP TABLE bisection_commits; DROP TABLE bisections; PRAGMA user_version = 8");
}

// Takes a current file back to schema 7, which had no ladder_measurements.
inline void back_to_schema_7(const std::string& path) {
    back_to_schema_8(path);
    raw_exec(path, "DROP TABLE ladder_measurements; PRAGMA user_version = 7");
}

// Takes a current file back to schema 6, whose engines had no commit subject and date.
inline void back_to_schema_6(const std::string& path) {
    back_to_schema_7(path);
    raw_exec(path,
             "ALTER TABLE engines DROP COLUMN commit_subject; ALTER TABLE engines DROP COLUMN committed_at; "
             "PRAGMA user_version = 6");
}

// Takes a current file back to schema 4, whose moves were rows of a table, as a file from that
// release would be: the tests of older versions start from here.
inline void back_to_schema_4(const std::string& path) {
    back_to_schema_6(path);
    raw_exec(path,
             "ALTER TABLE baselines DROP COLUMN verification; "  // v6
             "CREATE TABLE moves_v4 (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE, "
             "ply INTEGER NOT NULL CHECK (ply >= 0), uci TEXT NOT NULL, san TEXT NOT NULL DEFAULT '', "
             "time_ms INTEGER, clock_ms INTEGER, score_cp INTEGER, score_mate INTEGER, depth INTEGER, "
             "seldepth INTEGER, nodes INTEGER, pv TEXT NOT NULL DEFAULT '', nps INTEGER, hashfull INTEGER, "
             "tbhits INTEGER, engine_time_ms INTEGER, lines TEXT NOT NULL DEFAULT '', PRIMARY KEY (game_id, ply)) "
             "WITHOUT ROWID; "
             "INSERT INTO moves_v4 SELECT * FROM moves; DROP VIEW moves; DROP TABLE game_moves; "
             "ALTER TABLE moves_v4 RENAME TO moves; PRAGMA user_version = 4");
}

inline long long raw_count(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* stmt = nullptr;
    long long value = -1;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
        value = sqlite3_column_int64(stmt, 0);
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
}

inline arbiter::db::RunRecord make_run(const std::string& config_json, int shard_index = 1, int shard_count = 1,
                                       std::int64_t pair_begin = 0, std::int64_t pair_end = 100) {
    arbiter::db::RunRecord run;
    run.kind = arbiter::db::RunKind::match;
    run.config_json = config_json;
    run.time_control = "10+0.1";
    run.host = "testhost";
    run.shard_index = shard_index;
    run.shard_count = shard_count;
    run.pair_begin = pair_begin;
    run.pair_end = pair_end;
    return run;
}

// A game with realistic field sizes; every field is derived from (pair, game) so reads can be checked.
inline arbiter::db::GameRecord make_game(std::int64_t run_id, std::int64_t pair, int game_in_pair,
                                         const std::string& white, const std::string& black,
                                         arbiter::db::GameResult result, int plies = 80) {
    arbiter::db::GameRecord game;
    game.run_id = run_id;
    game.pair_index = pair;
    game.game_index = game_in_pair;
    game.round = static_cast<int>(pair * 2 + game_in_pair + 1);
    game.opening_id = "8moves_v3:" + std::to_string(pair);
    game.opening_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    game.white = white;
    game.black = black;
    game.result = result;
    game.termination = "adjudication";
    game.plies = plies;
    game.started_at = "2024-05-01T12:00:00.000Z";
    game.finished_at = "2024-05-01T12:01:00.000Z";
    game.pgn = "[Event \"test\"]\n1. e4 e5 2. Nf3 Nc6 *";
    for (int ply = 0; ply < plies; ++ply) {
        static const std::string kUci[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"};
        static const std::string kSan[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"};
        arbiter::db::MoveRecord move;
        move.ply = ply;
        move.uci = kUci[ply % 8];
        move.san = kSan[ply % 8];
        if (ply >= 8) {  // the first plies are book moves: no search data
            move.time_ms = 100 + ply;
            move.clock_ms = 10000 - ply * 50;
            if (ply % 17 == 0) {
                move.score_mate = 5;
            } else {
                move.score_cp = 20 - ply;
            }
            move.depth = 12;
            move.seldepth = 18;
            move.nodes = 123456 + ply;
            move.nps = 1000000 + ply;
            move.pv = "e2e4 e7e5 g1f3 b8c6";
        }
        game.moves.push_back(move);
    }
    return game;
}

}  // namespace dbtest
