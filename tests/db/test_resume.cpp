// Runs: finding a run again by its config key, listing what is done, status, shards sharing one file.
#include <catch2/catch.hpp>

#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

TEST_CASE("config keys ignore key order and listed volatile fields", "[unit]") {
    const std::string a = make_config_key(RunKind::match, R"({"tc":"10+0.1","engines":["a","b"],"shard":"1/4"})");
    const std::string b =
        make_config_key(RunKind::match, R"({ "engines": ["a","b"], "tc": "10+0.1", "shard": "1/4" })");
    CHECK(a == b);
    CHECK(a.rfind("match:", 0) == 0);
    CHECK(make_config_key(RunKind::gauntlet, R"({"tc":"10+0.1","engines":["a","b"],"shard":"1/4"})") != a);
    CHECK(make_config_key(RunKind::match, R"({"tc":"10+0.2","engines":["a","b"],"shard":"1/4"})") != a);
    const std::string shard1 = make_config_key(RunKind::match, R"({"tc":"1","shard":"1/4"})", {"shard"});
    const std::string shard2 = make_config_key(RunKind::match, R"({"tc":"1","shard":"2/4"})", {"shard"});
    CHECK(shard1 == shard2);
    CHECK_THROWS_AS(make_config_key(RunKind::match, "{oops"), std::invalid_argument);
}

TEST_CASE("re-running the same config resumes the same run", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("resume.db");
    std::int64_t run_id = 0;
    {
        Database db(path);
        const RunRecord run = db.find_or_create_run(dbtest::make_run(R"({"engines":["a","b"],"games":20})"));
        run_id = run.id;
        CHECK(run.status == RunStatus::running);
        CHECK_FALSE(run.started_at.empty());
        for (int pair : {0, 1, 3}) {
            db.insert_game(dbtest::make_game(run.id, pair, 0, "a", "b", GameResult::white_win, 4));
            db.insert_game(dbtest::make_game(run.id, pair, 1, "b", "a", GameResult::draw, 4));
        }
        db.insert_game(dbtest::make_game(run.id, 2, 1, "b", "a", GameResult::draw, 4));
    }
    Database db(path);
    const RunRecord again = db.find_or_create_run(dbtest::make_run(R"({"games":20,"engines":["a","b"]})"));
    CHECK(again.id == run_id);
    const std::vector<GameKey> expected{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 0}, {3, 1}};
    CHECK(db.completed_games(run_id) == expected);
    CHECK(db.find_run(again.config_key)->id == run_id);
    CHECK_FALSE(db.find_run("match:nothing").has_value());

    const RunRecord different = db.find_or_create_run(dbtest::make_run(R"({"engines":["a","c"],"games":20})"));
    CHECK(different.id != run_id);
    CHECK(db.completed_games(different.id).empty());
    CHECK(db.list_runs().size() == 2);
}

TEST_CASE("run status and finish time", "[unit]") {
    TempDir dir;
    Database db(dir.file("status.db"));
    const RunRecord run = db.find_or_create_run(dbtest::make_run("{}"));
    db.set_run_status(run.id, RunStatus::finished);
    auto stored = db.run_by_id(run.id);
    REQUIRE(stored.has_value());
    CHECK(stored->status == RunStatus::finished);
    CHECK(stored->finished_at.has_value());
    db.set_run_status(run.id, RunStatus::running);
    stored = db.run_by_id(run.id);
    CHECK(stored->status == RunStatus::running);
    CHECK_FALSE(stored->finished_at.has_value());
    CHECK_THROWS_AS(db.set_run_status(run.id + 100, RunStatus::aborted), DbError);
}

TEST_CASE("a run keeps its descriptive fields", "[unit]") {
    TempDir dir;
    Database db(dir.file("fields.db"));
    RunRecord wanted = dbtest::make_run(R"({"x":1})", 2, 4, 50, 100);
    wanted.kind = RunKind::round_robin;
    wanted.ladder = "main";
    const RunRecord run = db.find_or_create_run(wanted);
    CHECK(run.kind == RunKind::round_robin);
    CHECK(run.ladder == std::optional<std::string>("main"));
    CHECK(run.shard_index == 2);
    CHECK(run.shard_count == 4);
    CHECK(run.pair_begin == 50);
    CHECK(run.pair_end == 100);
    CHECK(run.time_control == "10+0.1");
    CHECK(run.host == "testhost");
    CHECK(run.config_json == R"({"x":1})");
}

TEST_CASE("two shards writing into one file share the run, which widens", "[unit]") {
    TempDir dir;
    Database db(dir.file("shared.db"));
    const RunRecord first = db.find_or_create_run(dbtest::make_run(R"({"x":1})", 1, 2, 0, 50));
    const RunRecord second = db.find_or_create_run(dbtest::make_run(R"({"x":1})", 2, 2, 50, 100));
    CHECK(second.id == first.id);
    CHECK(second.shard_index == 0);
    CHECK(second.pair_begin == 0);
    CHECK(second.pair_end == 100);
    const RunRecord resumed = db.find_or_create_run(dbtest::make_run(R"({"x":1})", 1, 2, 0, 50));
    CHECK(resumed.id == first.id);
    CHECK(resumed.shard_index == 0);
    CHECK(resumed.pair_end == 100);
    const RunRecord third = db.find_or_create_run(dbtest::make_run(R"({"x":1})", 3, 3, 100, 150));
    CHECK(third.id == first.id);
    CHECK(third.shard_count == 3);
    CHECK(third.pair_begin == 0);
    CHECK(third.pair_end == 150);
}
