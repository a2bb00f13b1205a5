// Schema 3's per-move figures (hashfull, tbhits, the engine's own time, the lines -pgnout
// match_line= kept): stored and read back with the game, carried by merge, and a schema 2 file
// upgraded in place keeps its games, the new columns empty.
#include <catch2/catch.hpp>

#include "db/merge.h"
#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

GameRecord game_with_figures(std::int64_t run_id, std::int64_t pair) {
    GameRecord game = dbtest::make_game(run_id, pair, 0, "a", "b", GameResult::draw, 12);
    for (auto& move : game.moves) {
        if (!move.time_ms) continue;
        move.hashfull = 100 + move.ply;
        move.tbhits = 7 * move.ply;
        move.engine_time_ms = *move.time_ms - 2;
        move.lines = "info depth 3 pv e2e4\ninfo string ply " + std::to_string(move.ply);
    }
    return game;
}

void check_figures(const std::vector<MoveRecord>& moves) {
    REQUIRE(moves.size() == 12);
    CHECK_FALSE(moves[0].hashfull.has_value());  // a book move
    CHECK(moves[0].lines.empty());
    CHECK(moves[9].hashfull == 109);
    CHECK(moves[9].tbhits == 63);
    CHECK(moves[9].engine_time_ms == *moves[9].time_ms - 2);
    CHECK(moves[9].lines == "info depth 3 pv e2e4\ninfo string ply 9");
}

}  // namespace

TEST_CASE("a move's hashfull, tbhits, engine time and kept lines are stored and merged", "[unit]") {
    TempDir dir;
    const std::string shard_a = dir.file("a.db"), shard_b = dir.file("b.db"), merged = dir.file("m.db");
    for (const auto& [path, index] : {std::pair{shard_a, 1}, std::pair{shard_b, 2}}) {
        Database db(path);
        const RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":2}", index, 2, index - 1, index));
        db.insert_game(game_with_figures(run.id, index - 1));
        check_figures(db.moves_of_game(db.games_of_run(run.id).front().id));
    }
    merge(merged, {shard_a, shard_b});
    Database db(merged);
    const auto runs = db.list_runs();
    REQUIRE(runs.size() == 1);
    const auto games = db.games_of_run(runs.front().id);
    REQUIRE(games.size() == 2);
    for (const auto& game : games) check_figures(db.moves_of_game(game.id));
}

TEST_CASE("a version 2 database is upgraded to the current version and keeps its moves", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v2.db");
    std::int64_t run_id = 0;
    {
        Database db(path);
        const RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":1}"));
        db.insert_game(dbtest::make_game(run.id, 0, 0, "a", "b", GameResult::white_win, 12));
        run_id = run.id;
    }
    dbtest::back_to_schema_4(path);
    dbtest::raw_exec(path,
                     "ALTER TABLE moves DROP COLUMN lines; ALTER TABLE moves DROP COLUMN engine_time_ms; "
                     "ALTER TABLE moves DROP COLUMN tbhits; ALTER TABLE moves DROP COLUMN hashfull; "
                     "DROP TABLE spsa_steps; DROP TABLE spsa_iterations; DROP TABLE spsa_params; DROP TABLE spsa_runs; "
                     "PRAGMA user_version = 2");
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    const auto moves = db.moves_of_game(db.games_of_run(run_id).front().id);
    REQUIRE(moves.size() == 12);
    CHECK(moves[9].nps == 1000000 + 9);
    CHECK_FALSE(moves[9].hashfull.has_value());
    CHECK_FALSE(moves[9].engine_time_ms.has_value());
    CHECK(moves[9].lines.empty());
}
