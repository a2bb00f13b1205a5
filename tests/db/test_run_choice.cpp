// Runs of one identity (Database::open_run): the latest resumed unless done, later runs keyed "#N",
// a run asked for by id, always a new one; shards of one run in one file and in files merged later.
#include <catch2/catch.hpp>

#include "db/merge.h"
#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

RunRecord whole_run(const std::string& config_json) {
    RunRecord run = dbtest::make_run(config_json);
    run.pair_begin.reset();
    run.pair_end.reset();
    return run;
}

RunChoice choice(RunChoice::Mode mode, std::int64_t selection_games, std::int64_t run_id = 0) {
    RunChoice result;
    result.mode = mode;
    result.selection_games = selection_games;
    result.run_id = run_id;
    return result;
}

void store_pairs(Database& db, std::int64_t run_id, std::int64_t first, std::int64_t end) {
    for (std::int64_t pair = first; pair < end; ++pair)
        for (int game = 0; game < 2; ++game)
            db.insert_game(dbtest::make_game(run_id, pair, game, "a", "b", GameResult::draw));
}

}  // namespace

TEST_CASE("an unfinished run of the identity is resumed, a finished one gets a successor keyed #2", "[unit]") {
    TempDir dir;
    Database db(dir.file("runs.db"));
    const RunRecord wanted = whole_run(R"({"games":4})");
    const auto unless_done = choice(RunChoice::Mode::unless_done, 4);

    const OpenedRun first = db.open_run(wanted, unless_done);
    CHECK(first.created);
    CHECK(first.run.config_key == make_config_key(RunKind::match, R"({"games":4})"));
    store_pairs(db, first.run.id, 0, 1);
    db.set_run_status(first.run.id, RunStatus::aborted);

    const OpenedRun resumed = db.open_run(wanted, unless_done);
    CHECK_FALSE(resumed.created);
    CHECK(resumed.run.id == first.run.id);
    CHECK(resumed.games_stored == 2);

    db.set_run_status(first.run.id, RunStatus::finished);  // e.g. an SPRT that decided early
    const OpenedRun second = db.open_run(wanted, unless_done);
    CHECK(second.created);
    CHECK(second.run.id != first.run.id);
    CHECK(second.games_stored == 0);
    CHECK(second.run.config_key == first.run.config_key + "#2");
    CHECK(run_identity_key(second.run.config_key) == first.run.config_key);
    // The latest run is the one a later re-run finds.
    CHECK(db.open_run(wanted, unless_done).run.id == second.run.id);
    db.set_run_status(second.run.id, RunStatus::finished);
    CHECK(db.open_run(wanted, unless_done).run.config_key == first.run.config_key + "#3");
}

TEST_CASE("latest, a run by id, and fresh choose as asked whatever the status", "[unit]") {
    TempDir dir;
    Database db(dir.file("runs.db"));
    const RunRecord wanted = whole_run(R"({"games":4})");
    const OpenedRun first = db.open_run(wanted, choice(RunChoice::Mode::unless_done, 4));
    db.set_run_status(first.run.id, RunStatus::finished);

    CHECK(db.open_run(wanted, choice(RunChoice::Mode::latest, 4)).run.id == first.run.id);
    CHECK(db.open_run(wanted, choice(RunChoice::Mode::run_id, 4, first.run.id)).run.id == first.run.id);
    const OpenedRun fresh = db.open_run(wanted, choice(RunChoice::Mode::fresh, 4));
    CHECK(fresh.created);
    CHECK(fresh.run.id != first.run.id);
    // fresh also over a run that is not finished
    CHECK(db.open_run(wanted, choice(RunChoice::Mode::fresh, 4)).run.id != fresh.run.id);
    CHECK(db.list_runs().size() == 3);
    CHECK_THROWS_AS(db.open_run(wanted, choice(RunChoice::Mode::run_id, 4, 99)), DbError);
}

TEST_CASE("a shard joins a run another shard finished; a finished shard re-run starts a new run", "[unit]") {
    TempDir dir;
    Database db(dir.file("shards.db"));
    const RunRecord shard1 = dbtest::make_run(R"({"games":8})", 1, 2, 0, 2);
    const RunRecord shard2 = dbtest::make_run(R"({"games":8})", 2, 2, 2, 4);
    const auto four_games = choice(RunChoice::Mode::unless_done, 4);

    const OpenedRun one = db.open_run(shard1, four_games);
    store_pairs(db, one.run.id, 0, 2);
    db.set_run_status(one.run.id, RunStatus::finished);

    const OpenedRun two = db.open_run(shard2, four_games);
    CHECK_FALSE(two.created);
    CHECK(two.run.id == one.run.id);
    CHECK(two.games_stored == 0);
    CHECK(two.run.shard_index == 0);
    store_pairs(db, two.run.id, 2, 4);
    db.set_run_status(two.run.id, RunStatus::finished);

    // A whole-run command after both shards: the run is complete, so a new one.
    CHECK(db.open_run(whole_run(R"({"games":8})"), choice(RunChoice::Mode::unless_done, 8)).created);
}

TEST_CASE("a run finished over some pairs (--pairs) is continued by a command wanting all", "[unit]") {
    TempDir dir;
    Database db(dir.file("pairs.db"));
    const OpenedRun part =
        db.open_run(dbtest::make_run(R"({"games":8})", 1, 1, 0, 1), choice(RunChoice::Mode::unless_done, 2));
    store_pairs(db, part.run.id, 0, 1);
    db.set_run_status(part.run.id, RunStatus::finished);
    const OpenedRun all = db.open_run(whole_run(R"({"games":8})"), choice(RunChoice::Mode::unless_done, 8));
    CHECK_FALSE(all.created);
    CHECK(all.run.id == part.run.id);
    CHECK(all.games_stored == 2);
}

TEST_CASE("shard files whose runs have several generations merge generation by generation", "[unit]") {
    TempDir dir;
    for (int shard = 1; shard <= 2; ++shard) {
        Database db(dir.file("shard" + std::to_string(shard) + ".db"));
        const RunRecord wanted = dbtest::make_run(R"({"games":4})", shard, 2, 2 * (shard - 1), 2 * shard);
        for (int generation = 0; generation < 2; ++generation) {
            const OpenedRun opened = db.open_run(wanted, choice(RunChoice::Mode::unless_done, 4));
            REQUIRE(opened.created);
            store_pairs(db, opened.run.id, 2 * (shard - 1), 2 * shard);
            db.set_run_status(opened.run.id, RunStatus::finished);
        }
    }
    merge(dir.file("merged.db"), {dir.file("shard1.db"), dir.file("shard2.db")});
    Database merged(dir.file("merged.db"));
    const auto runs = merged.list_runs();
    REQUIRE(runs.size() == 2);
    for (const RunRecord& run : runs) {
        CHECK(run.shard_index == 0);
        CHECK(merged.games_of_run(run.id).size() == 8);
    }
}
