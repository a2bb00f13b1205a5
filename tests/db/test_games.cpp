// Writing and reading games, moves, engines, EPD results and ratings; atomicity of a game.
#include <catch2/catch.hpp>

#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

struct Fixture {
    TempDir dir;
    std::string path = dir.file("games.db");
    Database db{path};
    RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":1}"));
};

void check_same_moves(const std::vector<MoveRecord>& read, const std::vector<MoveRecord>& written) {
    REQUIRE(read.size() == written.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        INFO("ply " << i);
        CHECK(read[i].ply == written[i].ply);
        CHECK(read[i].uci == written[i].uci);
        CHECK(read[i].san == written[i].san);
        CHECK(read[i].time_ms == written[i].time_ms);
        CHECK(read[i].clock_ms == written[i].clock_ms);
        CHECK(read[i].score_cp == written[i].score_cp);
        CHECK(read[i].score_mate == written[i].score_mate);
        CHECK(read[i].depth == written[i].depth);
        CHECK(read[i].seldepth == written[i].seldepth);
        CHECK(read[i].nodes == written[i].nodes);
        CHECK(read[i].pv == written[i].pv);
    }
}

}  // namespace

TEST_CASE("a game and its moves read back as written", "[unit]") {
    Fixture f;
    const std::int64_t engine_id = f.db.upsert_engine({0, "tempo", "./tempo", "uci", "{\"Hash\":16}", "abc123", ""});
    auto game = dbtest::make_game(f.run.id, 3, 1, "tempo", "stockfish", GameResult::black_win);
    game.white_engine_id = engine_id;
    const std::int64_t id = f.db.insert_game(game);

    const auto read = f.db.game_by_id(id);
    REQUIRE(read.has_value());
    CHECK(read->run_id == f.run.id);
    CHECK(read->pair_index == 3);
    CHECK(read->game_index == 1);
    CHECK(read->round == game.round);
    CHECK(read->opening_id == game.opening_id);
    CHECK(read->opening_fen == game.opening_fen);
    CHECK(read->white == "tempo");
    CHECK(read->black == "stockfish");
    CHECK(read->white_engine_id == engine_id);
    CHECK_FALSE(read->black_engine_id.has_value());
    CHECK(read->result == GameResult::black_win);
    CHECK(read->termination == game.termination);
    CHECK(read->plies == 80);
    CHECK(read->started_at == game.started_at);
    CHECK(read->pgn == game.pgn);
    check_same_moves(read->moves, game.moves);
    CHECK(f.db.moves_of_game(id).size() == 80);
    CHECK(dbtest::raw_count(f.path, "SELECT count(*) FROM games WHERE result = '0-1' AND white = 'tempo'") == 1);

    const auto listed = f.db.games_of_run(f.run.id);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].moves.empty());
}

TEST_CASE("the same game slot cannot be stored twice", "[unit]") {
    Fixture f;
    f.db.insert_game(dbtest::make_game(f.run.id, 5, 0, "a", "b", GameResult::white_win));
    try {
        f.db.insert_game(dbtest::make_game(f.run.id, 5, 0, "a", "b", GameResult::draw));
        FAIL("duplicate accepted");
    } catch (const DbError& error) {
        CHECK(error.kind() == ErrorKind::constraint);
        CHECK(std::string(error.what()).find("run " + std::to_string(f.run.id) + ", pair 5, game 0") !=
              std::string::npos);
    }
    CHECK(f.db.count_games() == 1);
    CHECK(dbtest::raw_count(f.path, "SELECT count(*) FROM moves") == 80);
}

TEST_CASE("a failure in the middle of a game's moves leaves nothing behind", "[unit]") {
    Fixture f;
    f.db.insert_game(dbtest::make_game(f.run.id, 0, 0, "a", "b", GameResult::draw));

    SECTION("the database fails after the game's row, while storing its moves") {
        // A trigger stands in for any failure (I/O, crash of the statement) once the game row is written.
        dbtest::raw_exec(f.path,
                         "CREATE TRIGGER fail_mid_game BEFORE INSERT ON game_moves "
                         "BEGIN SELECT RAISE(ABORT, 'simulated failure'); END;");
        CHECK_THROWS_AS(f.db.insert_game(dbtest::make_game(f.run.id, 1, 0, "a", "b", GameResult::draw)), DbError);
        dbtest::raw_exec(f.path, "DROP TRIGGER fail_mid_game");
    }
    SECTION("a bad move record (repeated ply) is rejected") {
        auto game = dbtest::make_game(f.run.id, 1, 0, "a", "b", GameResult::draw);
        game.moves[60].ply = 59;
        CHECK_THROWS_AS(f.db.insert_game(game), DbError);
    }
    SECTION("a batch fails as a whole") {
        std::vector<GameRecord> batch{dbtest::make_game(f.run.id, 1, 0, "a", "b", GameResult::draw),
                                      dbtest::make_game(f.run.id, 0, 0, "a", "b", GameResult::draw)};
        CHECK_THROWS_AS(f.db.insert_games(batch), DbError);
    }
    CHECK(f.db.count_games() == 1);
    CHECK(dbtest::raw_count(f.path, "SELECT count(*) FROM moves") == 80);
    // The handle is still usable afterwards: no transaction was left open.
    f.db.insert_game(dbtest::make_game(f.run.id, 1, 0, "a", "b", GameResult::draw));
    CHECK(f.db.count_games() == 2);
}

TEST_CASE("games without names are rejected before touching the file", "[unit]") {
    Fixture f;
    auto game = dbtest::make_game(f.run.id, 0, 0, "", "b", GameResult::draw);
    try {
        f.db.insert_game(game);
        FAIL("nameless game accepted");
    } catch (const DbError& error) {
        CHECK(error.kind() == ErrorKind::invalid_argument);
    }
    CHECK(f.db.count_games() == 0);
}

TEST_CASE("engines are deduplicated by identity", "[unit]") {
    Fixture f;
    const auto a = f.db.upsert_engine({0, "tempo", "./tempo", "uci", "{\"Hash\":16,\"Threads\":1}", "c1", "nnue"});
    const auto same =
        f.db.upsert_engine({0, "tempo", "./tempo", "uci", "{ \"Threads\": 1, \"Hash\": 16 }", "c1", "nnue"});
    const auto other_commit =
        f.db.upsert_engine({0, "tempo", "./tempo", "uci", "{\"Hash\":16,\"Threads\":1}", "c2", "nnue"});
    CHECK(a == same);
    CHECK(a != other_commit);
    CHECK(f.db.list_engines().size() == 2);
    const auto stored = f.db.engine_by_id(other_commit);
    REQUIRE(stored.has_value());
    CHECK(stored->git_commit == "c2");
    CHECK(stored->options_json == "{\"Hash\":16,\"Threads\":1}");
    CHECK_THROWS_AS(f.db.upsert_engine({0, "bad", "", "uci", "{not json", "", ""}), DbError);
}

TEST_CASE("EPD results and ratings round-trip", "[unit]") {
    Fixture f;
    RunRecord epd_run = dbtest::make_run("{\"suite\":\"wac\"}");
    epd_run.kind = RunKind::epd;
    epd_run = f.db.find_or_create_run(epd_run);
    const auto engine = f.db.upsert_engine({0, "tempo", "./tempo", "uci", "{}", "abc", ""});
    EpdResultRecord solved;
    solved.run_id = epd_run.id;
    solved.suite = "wac";
    solved.position_id = "WAC.001";
    solved.engine_id = engine;
    solved.fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -";
    solved.expected_bm = "Qg6";
    solved.engine_move = "Qg6";
    solved.solved = true;
    solved.time_to_solution_ms = 12;
    solved.depth = 7;
    solved.nodes = 4000;
    solved.points = 10;
    EpdResultRecord missed = solved;
    missed.position_id = "WAC.002";
    missed.engine_move = "Rxb2";
    missed.solved = false;
    missed.time_to_solution_ms.reset();
    missed.points = 0;
    f.db.insert_epd_results({solved, missed});

    const auto results = f.db.epd_results_of_run(epd_run.id);
    REQUIRE(results.size() == 2);
    CHECK(results[0].engine == "tempo");  // filled from the engines table
    CHECK(results[0].solved);
    CHECK(results[0].time_to_solution_ms == 12);
    CHECK_FALSE(results[1].solved);
    CHECK_FALSE(results[1].time_to_solution_ms.has_value());
    CHECK(f.db.completed_epd_positions(epd_run.id, engine, "wac") == std::vector<std::string>{"WAC.001", "WAC.002"});
    CHECK_THROWS_AS(f.db.insert_epd_results({solved}), DbError);  // same position twice

    RatingRecord rating;
    rating.run_id = f.run.id;
    rating.player = "tempo";
    rating.engine_id = engine;
    rating.rating = 12.5;
    rating.error = 8.0;
    rating.games = 200;
    rating.score = 0.52;
    RatingRecord ladder_rating = rating;
    ladder_rating.run_id.reset();
    ladder_rating.ladder = "main";
    f.db.insert_ratings({rating, ladder_rating});
    const auto by_run = f.db.ratings_of_run(f.run.id);
    REQUIRE(by_run.size() == 1);
    CHECK(by_run[0].rating == Approx(12.5));
    CHECK(by_run[0].error == Approx(8.0));
    REQUIRE(f.db.ratings_of_ladder("main").size() == 1);
    RatingRecord orphan = rating;
    orphan.run_id.reset();
    CHECK_THROWS_AS(f.db.insert_ratings({orphan}), DbError);  // neither run nor ladder
}

TEST_CASE("export streams games with their moves", "[unit]") {
    Fixture f;
    const RunRecord other = f.db.find_or_create_run(dbtest::make_run("{\"games\":2}"));
    for (int pair = 0; pair < 3; ++pair)
        f.db.insert_game(dbtest::make_game(f.run.id, pair, 0, "a", "b", GameResult::draw, 10));
    f.db.insert_game(dbtest::make_game(other.id, 0, 0, "a", "b", GameResult::draw, 10));
    int seen = 0;
    f.db.export_games(ResultFilter{{f.run.id}, std::nullopt}, [&](const GameRecord& game) {
        CHECK(game.run_id == f.run.id);
        CHECK(game.moves.size() == 10);
        CHECK(game.pgn.find("[Event") == 0);
        ++seen;
    });
    CHECK(seen == 3);
    CHECK(f.db.count_games() == 4);
    CHECK(f.db.count_games(ResultFilter{{other.id}, std::nullopt}) == 1);
}
