// Aggregates for ratings and reports: per-pair results, per-run pentanomial, results over commits.
#include <catch2/catch.hpp>

#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

void add_pair(Database& db, std::int64_t run, std::int64_t pair, const std::string& a, const std::string& b,
              GameResult first, GameResult second) {
    db.insert_game(dbtest::make_game(run, pair, 0, a, b, first, 2));
    db.insert_game(dbtest::make_game(run, pair, 1, b, a, second, 2));
}

}  // namespace

TEST_CASE("results aggregate per (white, black) pair, with filters", "[unit]") {
    TempDir dir;
    Database db(dir.file("pairs.db"));
    RunRecord ladder_run = dbtest::make_run(R"({"r":2})");
    ladder_run.ladder = "main";
    const auto r1 = db.find_or_create_run(dbtest::make_run(R"({"r":1})")).id;
    const auto r2 = db.find_or_create_run(ladder_run).id;
    add_pair(db, r1, 0, "a", "b", GameResult::white_win, GameResult::draw);       // a-b 1-0, b-a =
    add_pair(db, r1, 1, "a", "b", GameResult::black_win, GameResult::white_win);  // a-b 0-1, b-a 1-0
    add_pair(db, r2, 0, "a", "c", GameResult::draw, GameResult::draw);

    const auto all = db.pair_results();
    REQUIRE(all.size() == 4);
    CHECK(all[0].white == "a");
    CHECK(all[0].black == "b");
    CHECK(all[0].white_wins == 1);
    CHECK(all[0].draws == 0);
    CHECK(all[0].black_wins == 1);
    CHECK(all[1].white == "a");
    CHECK(all[1].black == "c");
    CHECK(all[1].draws == 1);
    CHECK(all[2].white == "b");
    CHECK(all[2].black == "a");
    CHECK(all[2].white_wins == 1);
    CHECK(all[2].draws == 1);

    CHECK(db.pair_results(ResultFilter{{r1}, std::nullopt}).size() == 2);
    CHECK(db.pair_results(ResultFilter{{r1, r2}, std::nullopt}).size() == 4);
    const auto ladder = db.pair_results(ResultFilter{{}, std::string("main")});
    REQUIRE(ladder.size() == 2);
    CHECK(ladder[0].black == "c");
    CHECK(db.pair_results(ResultFilter{{r1}, std::string("main")}).empty());
}

TEST_CASE("per-run W/D/L and pentanomial counts from engine A's side", "[unit]") {
    TempDir dir;
    Database db(dir.file("penta.db"));
    const auto r1 = db.find_or_create_run(dbtest::make_run(R"({"r":1})")).id;
    const auto r2 = db.find_or_create_run(dbtest::make_run(R"({"r":2})")).id;
    // Pair points for A:  WW = 2, WD = 1.5, WL = 1, DD = 1, LD = 0.5, LL = 0.
    add_pair(db, r1, 0, "A", "B", GameResult::white_win, GameResult::black_win);      // A wins twice: WW
    add_pair(db, r1, 1, "A", "B", GameResult::white_win, GameResult::draw);           // WD
    add_pair(db, r1, 2, "B", "A", GameResult::white_win, GameResult::white_win);      // B first: L then W → WL
    add_pair(db, r1, 3, "A", "B", GameResult::draw, GameResult::draw);                // DD
    add_pair(db, r1, 4, "A", "B", GameResult::black_win, GameResult::draw);           // LD
    add_pair(db, r1, 5, "A", "B", GameResult::black_win, GameResult::white_win);      // LL
    db.insert_game(dbtest::make_game(r1, 6, 0, "A", "B", GameResult::white_win, 2));  // incomplete pair
    add_pair(db, r1, 7, "A", "C", GameResult::white_win, GameResult::black_win);      // other opponent: ignored
    add_pair(db, r2, 0, "A", "B", GameResult::draw, GameResult::draw);

    const auto stats = db.pair_stats_by_run("A", "B");
    REQUIRE(stats.size() == 2);
    const RunPairStats& first = stats[0];
    CHECK(first.run_id == r1);
    CHECK(first.wins == 5);
    CHECK(first.draws == 4);
    CHECK(first.losses == 4);
    CHECK(first.pentanomial == std::array<std::int64_t, 5>{1, 1, 2, 1, 1});
    CHECK(first.incomplete_pairs == 1);
    CHECK(stats[1].run_id == r2);
    CHECK(stats[1].pentanomial == std::array<std::int64_t, 5>{0, 0, 1, 0, 0});

    const auto mirrored = db.pair_stats_by_run("B", "A", ResultFilter{{r1}, std::nullopt});
    REQUIRE(mirrored.size() == 1);
    CHECK(mirrored[0].wins == 4);
    CHECK(mirrored[0].losses == 5);
    CHECK(mirrored[0].pentanomial == std::array<std::int64_t, 5>{1, 1, 2, 1, 1});
}

TEST_CASE("latest results per git commit", "[unit]") {
    TempDir dir;
    Database db(dir.file("commits.db"));
    const auto c1 = db.upsert_engine({0, "tempo", "./tempo", "uci", "{}", "c1", ""});
    const auto c2 = db.upsert_engine({0, "tempo", "./tempo", "uci", "{}", "c2", ""});
    const auto opponent = db.upsert_engine({0, "sf", "stockfish", "uci", "{}", "", ""});

    auto run_at = [&](const std::string& config, const std::string& started, RunKind kind = RunKind::match) {
        RunRecord run = dbtest::make_run(config);
        run.kind = kind;
        run.started_at = started;
        return db.find_or_create_run(run).id;
    };
    const auto old_run = run_at(R"({"n":1})", "2024-01-01T00:00:00.000Z");
    const auto new_run = run_at(R"({"n":2})", "2024-02-01T00:00:00.000Z");
    const auto c2_run = run_at(R"({"n":3})", "2024-03-01T00:00:00.000Z");
    auto play = [&](std::int64_t run, std::int64_t pair, std::int64_t tempo_id, GameResult as_white) {
        auto game = dbtest::make_game(run, pair, 0, "tempo", "sf", as_white, 2);
        game.white_engine_id = tempo_id;
        game.black_engine_id = opponent;
        db.insert_game(game);
        auto back = dbtest::make_game(run, pair, 1, "sf", "tempo", GameResult::white_win, 2);
        back.white_engine_id = opponent;
        back.black_engine_id = tempo_id;
        db.insert_game(back);  // tempo loses with black
    };
    play(old_run, 0, c1, GameResult::white_win);
    play(new_run, 0, c1, GameResult::draw);
    play(c2_run, 0, c2, GameResult::white_win);
    play(c2_run, 1, c2, GameResult::white_win);

    const auto games = db.latest_game_result_per_commit("tempo");
    REQUIRE(games.size() == 2);
    CHECK(games[0].git_commit == "c1");
    CHECK(games[0].run_id == new_run);  // the older run of c1 is superseded
    CHECK(games[0].wins == 0);
    CHECK(games[0].draws == 1);
    CHECK(games[0].losses == 1);
    CHECK(games[1].git_commit == "c2");
    CHECK(games[1].wins == 2);
    CHECK(games[1].losses == 2);

    const auto epd_old = run_at(R"({"epd":1})", "2024-01-05T00:00:00.000Z", RunKind::epd);
    const auto epd_new = run_at(R"({"epd":2})", "2024-01-06T00:00:00.000Z", RunKind::epd);
    auto solve = [&](std::int64_t run, const std::string& position, bool solved) {
        EpdResultRecord result;
        result.run_id = run;
        result.suite = "wac";
        result.position_id = position;
        result.engine_id = c1;
        result.solved = solved;
        result.points = solved ? 10 : 0;
        db.insert_epd_results({result});
    };
    solve(epd_old, "WAC.001", false);
    solve(epd_new, "WAC.001", true);
    solve(epd_new, "WAC.002", true);
    solve(epd_new, "WAC.003", false);
    const auto epd = db.latest_epd_result_per_commit("tempo", "wac");
    REQUIRE(epd.size() == 1);
    CHECK(epd[0].run_id == epd_new);
    CHECK(epd[0].positions == 3);
    CHECK(epd[0].solved == 2);
    CHECK(epd[0].points == 20);
    CHECK(db.latest_epd_result_per_commit("tempo", "sts").empty());
}
