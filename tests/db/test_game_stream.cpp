// Streaming a run's games (for_each_game_of_run, count_games_of_run): what a resumed run reads
// one game at a time instead of all at once, in the order, pair range and offset it asks for.
#include <catch2/catch.hpp>

#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

struct Fixture {
    TempDir dir;
    Database db{dir.file("games.db")};
    RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":2}"));
    RunRecord other_run = db.find_or_create_run(dbtest::make_run("{\"games\":4}"));

    // Stored out of pair order, as concurrent games finish: pair 2, 0, 1 (two games each), with a
    // game of another run in between.
    Fixture() {
        for (const std::int64_t pair : {2, 0, 1}) {
            for (int game = 0; game < 2; ++game) {
                auto record = dbtest::make_game(run.id, pair, game, "a", "b", GameResult::draw, 4);
                record.pgn = "pgn of " + std::to_string(pair) + "." + std::to_string(game);
                db.insert_game(record);
            }
            db.insert_game(dbtest::make_game(other_run.id, pair, 0, "a", "b", GameResult::white_win, 2));
        }
    }

    // "pair.game" of each streamed game, with how many moves it came with.
    std::vector<std::string> streamed(const RunGamesQuery& query, std::size_t stop_after = 100) {
        std::vector<std::string> keys;
        db.for_each_game_of_run(query, [&](const GameRecord& game) {
            CHECK(game.run_id == run.id);
            CHECK(game.pgn == "pgn of " + std::to_string(game.pair_index) + "." + std::to_string(game.game_index));
            keys.push_back(std::to_string(game.pair_index) + "." + std::to_string(game.game_index) + "/" +
                           std::to_string(game.moves.size()));
            return keys.size() < stop_after;
        });
        return keys;
    }
};

}  // namespace

TEST_CASE("a run's games stream by pair and game, without moves unless asked", "[unit]") {
    Fixture f;
    RunGamesQuery query;
    query.run_id = f.run.id;
    CHECK(f.streamed(query) == std::vector<std::string>{"0.0/0", "0.1/0", "1.0/0", "1.1/0", "2.0/0", "2.1/0"});
    CHECK(f.db.count_games_of_run(query) == 6);
    query.with_moves = true;
    CHECK(f.streamed(query) == std::vector<std::string>{"0.0/4", "0.1/4", "1.0/4", "1.1/4", "2.0/4", "2.1/4"});
}

TEST_CASE("a run's games stream in storing order within a pair range, from an offset", "[unit]") {
    Fixture f;
    RunGamesQuery query;
    query.run_id = f.run.id;
    query.storing_order = true;
    CHECK(f.streamed(query) == std::vector<std::string>{"2.0/0", "2.1/0", "0.0/0", "0.1/0", "1.0/0", "1.1/0"});
    query.pair_begin = 1;
    CHECK(f.streamed(query) == std::vector<std::string>{"2.0/0", "2.1/0", "1.0/0", "1.1/0"});
    CHECK(f.db.count_games_of_run(query) == 4);
    query.pair_end = 2;
    CHECK(f.streamed(query) == std::vector<std::string>{"1.0/0", "1.1/0"});
    CHECK(f.db.count_games_of_run(query) == 2);
    query.pair_end = 3;
    query.skip = 3;
    CHECK(f.streamed(query) == std::vector<std::string>{"1.1/0"});
    query.skip = 4;
    CHECK(f.streamed(query).empty());
}

TEST_CASE("a stream stops when its sink says so, and the database stays usable", "[unit]") {
    Fixture f;
    RunGamesQuery query;
    query.run_id = f.run.id;
    CHECK(f.streamed(query, 2) == std::vector<std::string>{"0.0/0", "0.1/0"});
    // The statement was reset: the next stream and a write both work.
    CHECK(f.streamed(query, 1) == std::vector<std::string>{"0.0/0"});
    f.db.insert_game(dbtest::make_game(f.run.id, 3, 0, "a", "b", GameResult::draw, 1));
    CHECK(f.db.count_games_of_run(query) == 7);
}
