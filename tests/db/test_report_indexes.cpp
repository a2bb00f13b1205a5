// Schema 10's indexes for the report pages, and the reads rewritten to use them: the same answers from
// a migrated file as from a schema 9 file read without them, and the per-game read of the SPRT chart.
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

std::int64_t add_engine(Database& db, const std::string& name, const std::string& commit) {
    EngineRecord engine;
    engine.name = name;
    engine.command = "/bin/" + name;
    engine.git_commit = commit;
    return db.upsert_engine(engine);
}

GameRecord game(std::int64_t run, std::int64_t pair, int index, const std::string& white, const std::string& black,
                GameResult result, std::optional<std::int64_t> white_id, std::optional<std::int64_t> black_id) {
    GameRecord g = dbtest::make_game(run, pair, index, white, black, result, 4);
    g.white_engine_id = white_id;
    g.black_engine_id = black_id;
    g.started_at = "2024-01-01T00:00:0" + std::to_string(index) + ".000Z";
    g.finished_at = "2024-01-01T00:01:0" + std::to_string(index + 2 * (pair % 3)) + ".000Z";
    // Endings vary with the game, so endings per player have several rows to count.
    g.termination = result == GameResult::draw ? "adjudication" : pair % 2 == 0 ? "checkmate" : "time forfeit";
    return g;
}

// Two runs of "new" (two commits) against "base", with complete and incomplete pairs, a pair whose
// games were stored out of pair order, and games whose engine ids are unknown.
void fill(const std::string& path) {
    Database db(path);
    const auto new1 = add_engine(db, "new", "c1"), new2 = add_engine(db, "new", "c2");
    const auto base = add_engine(db, "base", "b0"), other = add_engine(db, "other", "");
    RunRecord first = dbtest::make_run("{\"n\":1}");
    first.ladder = "lad";
    const auto r1 = db.find_or_create_run(first).id, r2 = db.find_or_create_run(dbtest::make_run("{\"n\":2}")).id;
    using enum GameResult;
    db.insert_games(
        {game(r1, 1, 0, "new", "base", white_win, new1, base), game(r1, 0, 0, "new", "base", draw, new1, base),
         game(r1, 0, 1, "base", "new", black_win, base, new1), game(r1, 1, 1, "base", "new", draw, base, new1),
         game(r1, 2, 0, "new", "base", black_win, new1, base),
         game(r1, 3, 0, "other", "new", white_win, std::nullopt, new1),
         game(r2, 0, 0, "new", "base", white_win, new2, base), game(r2, 0, 1, "base", "new", white_win, base, new2),
         game(r2, 1, 0, "base", "other", draw, base, other),
         game(r2, 1, 1, "other", "base", draw, other, std::nullopt)});
}

// Everything the rewritten reads return, as text, to compare whole answers.
std::string answers(Database& db) {
    std::string text;
    for (const auto& p : db.pair_results())
        text += p.white + "-" + p.black + ":" + std::to_string(p.white_wins) + std::to_string(p.draws) +
                std::to_string(p.black_wins) + " ";
    for (const auto& p : db.pair_results(ResultFilter{{1}, std::nullopt}))
        text += "r1 " + p.white + "-" + p.black + ":" + std::to_string(p.white_wins) + std::to_string(p.draws) +
                std::to_string(p.black_wins) + " ";
    for (const ResultFilter& filter : {ResultFilter{}, ResultFilter{{2}, std::nullopt}, ResultFilter{{}, "lad"}})
        for (const auto& s : db.pair_stats_by_run("new", "base", filter)) {
            text += "run" + std::to_string(s.run_id) + " " + std::to_string(s.wins) + std::to_string(s.draws) +
                    std::to_string(s.losses) + " [";
            for (const auto count : s.pentanomial) text += std::to_string(count);
            text += "] " + std::to_string(s.incomplete_pairs) + " ";
        }
    for (const std::int64_t run : {1, 2})
        for (const auto& engine : db.engines_of_run(run)) text += "e" + std::to_string(engine.id) + " ";
    for (const auto& c : db.latest_game_result_per_commit("new"))
        text += c.git_commit + "@" + std::to_string(c.run_id) + ":" + std::to_string(c.wins) + std::to_string(c.draws) +
                std::to_string(c.losses) + " ";
    for (const auto& t : db.ladder_game_times("lad"))
        text += "t" + std::to_string(t.games) + "/" + std::to_string(std::lround(t.seconds)) + " ";
    return text;
}

// The run pages' reads: endings per player, the newest games, the run's activity.
std::string run_page_answers(Database& db) {
    std::string text;
    for (const std::int64_t run : {1, 2}) {
        for (const auto& t : db.player_terminations_of_run(run))
            text += t.player + "/" + t.termination + ":" + std::to_string(t.games) + "-" + std::to_string(t.lost) + " ";
        for (const auto& game : db.newest_games_of_run(run, 1, 2)) text += "g" + std::to_string(game.id) + " ";
        text += "a" + std::to_string(db.run_activity(run, 3).recent_game_seconds.size()) + " ";
    }
    return text;
}

}  // namespace

TEST_CASE("schema 10's indexes change no answer: a schema 9 file read without them, then migrated", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v9.db");
    fill(path);
    std::string current, run_pages;
    {
        Database db(path);
        current = answers(db);
        run_pages = run_page_answers(db);
    }
    // Counted by hand from fill(): W/D/L, pentanomial and incomplete pairs per run, engine ids per run,
    // each commit's latest run, the ladder run's game seconds per pair of engine ids.
    CHECK(current ==
          "base-new:111 base-other:010 new-base:211 other-base:010 other-new:100 r1 base-new:011 r1 new-base:111 "
          "r1 other-new:100 run1 221 [00020] 1 run2 101 [00100] 0 run2 101 [00100] 0 run1 221 [00020] 1 e1 e3 e2 e3 "
          "e4 c1@1:222 c2@2:101 t1/60 t3/186 t2/122 ");
    dbtest::back_to_schema_9(path);
    OpenOptions read_only;
    read_only.read_only = true;
    {
        Database db(path, read_only);
        CHECK(answers(db) == current);
        CHECK(run_page_answers(db) == run_pages);
    }
    CHECK(dbtest::raw_count(path, "PRAGMA user_version") == 9);
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    CHECK(answers(db) == current);
    CHECK(run_page_answers(db) == run_pages);
    // Counted by hand from fill(): run 1's endings per player, games and losses.
    CHECK(run_pages.rfind("base/adjudication:2-0 base/checkmate:2-1 base/time forfeit:1-1 new/adjudication:2-0 "
                          "new/checkmate:2-1 new/time forfeit:2-1 other/time forfeit:1-0 ",
                          0) == 0);
    CHECK(dbtest::raw_count(path,
                            "SELECT count(*) FROM sqlite_schema WHERE name IN ('run_results', "
                            "'games_by_run_engines', 'games_by_white_engine_run', 'games_by_black_engine_run')") == 4);
}

TEST_CASE("a player's games of a run come in storing order with the player's points", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("order.db");
    fill(path);
    Database db(path);
    std::string text;
    for (const auto& g : db.player_games_of_run(1, "new", "base"))
        text +=
            std::to_string(g.game_id) + ":" + std::to_string(g.pair_index) + "/" + std::to_string(g.half_points) + " ";
    CHECK(text == "1:1/2 2:0/1 3:0/2 4:1/1 5:2/0 ");
    CHECK(db.player_games_of_run(1, "base", "new").front().half_points == 0);
    CHECK(db.player_games_of_run(2, "new", "new").empty());
}

TEST_CASE("run_results and run_pairs follow games inserted, changed and deleted, runs deleted with them", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("counts.db");
    fill(path);
    // What the triggers keep must equal a count of the games, whatever happened to them.
    const auto differences = [&](const std::string& counted, const std::string& kept) {
        return dbtest::raw_count(path, "SELECT (SELECT count(*) FROM (" + counted + " EXCEPT " + kept +
                                           ")) + (SELECT count(*) FROM (" + kept + " EXCEPT " + counted + "))");
    };
    const auto drift = [&] {
        const std::string pairs =
            "SELECT run_id, lo, hi, bucket, count(*) FROM (SELECT run_id, min(white, black) AS lo, max(white, black) "
            "AS hi, CASE WHEN count(*) = 2 THEN sum(CASE WHEN result = '1/2-1/2' THEN 1 WHEN (result = '1-0') = "
            "(white = min(white, black)) THEN 2 ELSE 0 END) ELSE -1 END AS bucket FROM games "
            "GROUP BY run_id, pair_index, lo, hi) GROUP BY 1, 2, 3, 4";
        return differences(
                   "SELECT run_id, white, black, result, termination, count(*) FROM games GROUP BY 1, 2, 3, 4, 5",
                   "SELECT * FROM run_results") +
               differences(pairs, "SELECT * FROM run_pairs WHERE pairs > 0");
    };
    CHECK(dbtest::raw_count(path, "SELECT sum(games) FROM run_results") == 10);
    CHECK(drift() == 0);
    dbtest::raw_exec(
        path,
        "UPDATE games SET result = '0-1' WHERE id = 2; UPDATE games SET white = 'x' WHERE id = 6; "
        "UPDATE games SET termination = 'time forfeit' WHERE id = 3; "
        "UPDATE games SET pair_index = 0, game_index = 2 WHERE id = 5; UPDATE games SET pair_index = 9 WHERE id = 4");
    CHECK(drift() == 0);
    dbtest::raw_exec(path,
                     "PRAGMA foreign_keys = ON; DELETE FROM games WHERE id IN (1, 7); DELETE FROM runs WHERE id = 2");
    CHECK(drift() == 0);
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM run_results WHERE run_id = 2") == 0);
    Database db(path);
    CHECK(db.count_games() == 5);
    CHECK(db.count_games(ResultFilter{{1}, std::nullopt}) == 5);
    const auto stats = db.pair_stats_by_run("base", "new");
    REQUIRE(stats.size() == 1);
    CHECK(stats[0].incomplete_pairs == 2);  // pair 0 holds three games now, pair 9 one
    CHECK((stats[0].wins == 2 && stats[0].draws == 1 && stats[0].losses == 1));
}
