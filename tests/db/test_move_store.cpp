// A game's moves are one JSON text per game (schema 5): what goes in comes out field by field, the
// rules of the former moves table still hold, and files of schema 4 are migrated or read as they are.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "db/database.h"
#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

void check_same_moves(const std::vector<MoveRecord>& actual, const std::vector<MoveRecord>& expected) {
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        INFO("move " << i);
        const MoveRecord& a = actual[i];
        const MoveRecord& e = expected[i];
        CHECK(a.ply == e.ply);
        CHECK(a.uci == e.uci);
        CHECK(a.san == e.san);
        CHECK(a.time_ms == e.time_ms);
        CHECK(a.clock_ms == e.clock_ms);
        CHECK(a.score_cp == e.score_cp);
        CHECK(a.score_mate == e.score_mate);
        CHECK(a.depth == e.depth);
        CHECK(a.seldepth == e.seldepth);
        CHECK(a.nodes == e.nodes);
        CHECK(a.nps == e.nps);
        CHECK(a.pv == e.pv);
        CHECK(a.hashfull == e.hashfull);
        CHECK(a.tbhits == e.tbhits);
        CHECK(a.engine_time_ms == e.engine_time_ms);
        CHECK(a.lines == e.lines);
    }
}

// Texts an engine or a PGN could put in a record, and numbers at their limits.
GameRecord awkward_game(std::int64_t run_id) {
    GameRecord game = dbtest::make_game(run_id, 0, 0, "a", "b", GameResult::draw, 12);
    game.moves[9].pv = "e2e4 \"quoted\" back\\slash\ttab\nnewline \x01\x1f caf\xc3\xa9 \x7f not UTF-8 \xff\xfe";
    game.moves[9].lines = "info depth 1 score cp 5\ninfo string \"}]\" and [\"{\"";
    game.moves[10].nodes = std::numeric_limits<std::int64_t>::max();
    game.moves[10].nps = 0;
    game.moves[10].score_cp.reset();
    game.moves[10].score_mate = -3;
    game.moves[10].hashfull = 1000;
    game.moves[10].tbhits = std::numeric_limits<std::int64_t>::min();
    game.moves[10].engine_time_ms = 7;
    game.moves[11].san = "";
    return game;
}

}  // namespace

TEST_CASE("moves read back as stored: escaped texts, limits of the numbers, unset values", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("moves.db");
    Database db(path);
    const RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":1}"));
    const GameRecord game = awkward_game(run.id);
    const std::int64_t id = db.insert_game(game);
    check_same_moves(db.moves_of_game(id), game.moves);
    // Through the view, numbers are SQL integers and unset ones NULL, as the table's columns were.
    CHECK(dbtest::raw_count(path,
                            "SELECT count(*) FROM moves WHERE typeof(ply) = 'integer' AND typeof(uci) = 'text'") == 12);
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM moves WHERE depth IS NULL") == 8);
    CHECK(dbtest::raw_count(path, "SELECT nodes = 9223372036854775807 FROM moves WHERE ply = 10") == 1);
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM game_moves") == 1);
    // A book move's array stops at its SAN; the view still gives its texts as '' and numbers as NULL.
    CHECK(dbtest::raw_count(path, "SELECT json_array_length(moves, '$[0]') FROM game_moves") == 3);
    CHECK(dbtest::raw_count(path,
                            "SELECT count(*) FROM moves WHERE ply < 8 AND pv = '' AND lines = '' AND "
                            "nodes IS NULL AND time_ms IS NULL") == 8);
}

TEST_CASE("plies of a stored game start at 0 or later and increase", "[unit]") {
    TempDir dir;
    Database db(dir.file("plies.db"));
    const RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":1}"));
    GameRecord game = dbtest::make_game(run.id, 0, 0, "a", "b", GameResult::draw, 6);
    SECTION("a repeated ply") { game.moves[4].ply = 3; }
    SECTION("a ply going back") { game.moves[5].ply = 2; }
    SECTION("a negative first ply") { game.moves[0].ply = -1; }
    try {
        db.insert_game(game);
        FAIL("stored a game whose plies do not increase");
    } catch (const DbError& error) {
        CHECK(error.kind() == ErrorKind::constraint);
        CHECK_THAT(error.what(), Catch::Contains("plies must start at 0 or later and increase"));
    }
    CHECK(db.count_games() == 0);
}

TEST_CASE("a version 4 file's move rows become one text per game and read back the same", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v4.db");
    std::vector<std::vector<MoveRecord>> expected;
    std::vector<std::int64_t> ids;
    {
        Database db(path);
        const RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":3}"));
        ids.push_back(db.insert_game(awkward_game(run.id)));
        ids.push_back(db.insert_game(dbtest::make_game(run.id, 1, 0, "a", "b", GameResult::white_win, 80)));
        ids.push_back(db.insert_game(dbtest::make_game(run.id, 1, 1, "b", "a", GameResult::black_win, 0)));
        for (const std::int64_t id : ids) expected.push_back(db.moves_of_game(id));
    }
    dbtest::back_to_schema_4(path);
    REQUIRE(dbtest::raw_count(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'moves' AND type = 'table'") == 1);
    REQUIRE(dbtest::raw_count(path, "SELECT count(*) FROM moves") == 92);

    SECTION("a read-only open reads it as it is") {
        const std::string before = test_support::read_text(path);
        OpenOptions read_only;
        read_only.read_only = true;
        {
            Database db(path, read_only);
            CHECK(db.schema_version() == 4);
            for (std::size_t i = 0; i < ids.size(); ++i) check_same_moves(db.moves_of_game(ids[i]), expected[i]);
        }
        CHECK(test_support::read_text(path) == before);
    }
    SECTION("a read-write open migrates it") {
        Database db(path);
        CHECK(db.schema_version() == kSchemaVersion);
        CHECK(db.integrity_ok());
        for (std::size_t i = 0; i < ids.size(); ++i) check_same_moves(db.moves_of_game(ids[i]), expected[i]);
        CHECK(dbtest::raw_count(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'moves' AND type = 'view'") ==
              1);
        // The game without moves had no rows to group, so it has no text; the view gives it none either way.
        CHECK(dbtest::raw_count(path, "SELECT count(*) FROM game_moves") == 2);
        CHECK(dbtest::raw_count(path, "SELECT count(*) FROM moves") == 92);
    }
}

TEST_CASE("a schema 3 file is refused by a read-only open and left as it was", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v3.db");
    { Database db(path); }
    dbtest::back_to_schema_4(path);
    dbtest::raw_exec(path,
                     "DROP TABLE spsa_steps; DROP TABLE spsa_iterations; DROP TABLE spsa_params; DROP TABLE spsa_runs; "
                     "PRAGMA user_version = 3");
    const std::string before = test_support::read_text(path);
    OpenOptions read_only;
    read_only.read_only = true;
    try {
        Database db(path, read_only);
        FAIL("opened a schema 3 file read-only");
    } catch (const DbError& error) {
        CHECK(error.kind() == ErrorKind::schema_too_old);
        CHECK_THAT(error.what(), Catch::Contains("has schema version 3 and needs migration"));
    }
    CHECK(test_support::read_text(path) == before);
}
