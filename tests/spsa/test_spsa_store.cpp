// The spsa tables: a run, its parameters and iterations stored and read back as a report reads them.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "db/database.h"
#include "tests/db/db_test_util.h"
#include "tests/support/temp_dir.h"

using namespace arbiter::db;

namespace {

SpsaRunRecord sample_run() {
    SpsaRunRecord run;
    run.name = "lmr";
    run.format = "openbench";
    run.iterations = 20;
    run.pairs_per_iteration = 4;
    run.seed = -12345;  // a seed above 2^63 is stored as its two's complement
    run.settings_json = R"({"engines":[{"cmd":"tempo"}]})";
    return run;
}

std::vector<SpsaParamRecord> sample_params() {
    return {SpsaParamRecord{0, "LmrDivisor", false, 225, 100, 400, 12.5, 0.002},
            SpsaParamRecord{1, "Scale", true, 0.5, 0, 1, 0.05, 0.002}};
}

SpsaIterationRecord first_iteration() {
    SpsaIterationRecord it;
    it.iteration = 1;
    it.steps = {SpsaParamStep{0, 225, -1, 25.0, 0.0013, 200, 250, std::nullopt},
                SpsaParamStep{1, 0.5, 1, 0.1, 0.002, 0.6, 0.4, std::nullopt}};
    return it;
}

}  // namespace

TEST_CASE("an spsa run, its parameters and iterations read back whole", "[unit]") {
    test_support::TempDir dir;
    Database db(dir.file("spsa.db"));
    const SpsaRunRecord run = db.find_or_create_spsa_run(sample_run(), sample_params());
    CHECK(run.id > 0);
    CHECK(run.seed == -12345);
    CHECK_FALSE(run.created_at.empty());

    SpsaIterationRecord it = first_iteration();
    db.begin_spsa_iteration(run.id, it);
    auto data = db.spsa_run_data("lmr");
    REQUIRE(data);
    REQUIRE(data->iterations.size() == 1);
    CHECK_FALSE(data->iterations[0].finished_at);
    CHECK_FALSE(data->iterations[0].steps[0].theta_after);
    CHECK(data->time.games == 0);  // no games stored yet
    CHECK_FALSE(data->time.wall_seconds);

    it.wins = 3, it.draws = 4, it.losses = 1;
    it.pentanomial = {0, 1, 1, 1, 1};
    it.steps[0].theta_after = 224.9;
    it.steps[1].theta_after = 0.51;
    db.finish_spsa_iteration(run.id, it);

    data = db.spsa_run_data("lmr");
    REQUIRE(data);
    CHECK(data->run.format == "openbench");
    CHECK(data->run.iterations == 20);
    CHECK(data->run.pairs_per_iteration == 4);
    CHECK(data->run.alpha == 0.602);
    CHECK(data->run.gamma == 0.101);
    CHECK(data->run.a_ratio == 0.1);
    REQUIRE(data->params.size() == 2);
    CHECK(data->params[1].name == "Scale");
    CHECK(data->params[1].is_float);
    CHECK(data->params[0].min == 100);
    CHECK(data->params[0].max == 400);
    CHECK(data->params[0].c_end == 12.5);
    REQUIRE(data->iterations.size() == 1);
    const SpsaIterationRecord& back = data->iterations[0];
    CHECK(back.finished_at);
    CHECK(back.wins == 3);
    CHECK(back.draws == 4);
    CHECK(back.losses == 1);
    CHECK(back.pentanomial == std::array<std::int64_t, 5>{0, 1, 1, 1, 1});
    REQUIRE(back.steps.size() == 2);
    CHECK(back.steps[0].theta_before == 225);
    CHECK(back.steps[0].flip == -1);
    CHECK(back.steps[0].c == 25.0);
    CHECK(back.steps[0].r == 0.0013);
    CHECK(back.steps[0].plus_value == 200);
    CHECK(back.steps[0].minus_value == 250);
    CHECK(back.steps[0].theta_after == 224.9);
    CHECK(back.steps[1].theta_after == 0.51);
    CHECK(db.spsa_runs().size() == 1);
    CHECK_FALSE(db.spsa_run_data("other"));
}

TEST_CASE("an spsa run of the same name is found again, one with other settings is refused", "[unit]") {
    test_support::TempDir dir;
    Database db(dir.file("spsa.db"));
    const SpsaRunRecord first = db.find_or_create_spsa_run(sample_run(), sample_params());
    SpsaRunRecord again = sample_run();
    again.seed = 99;  // the stored seed stays the run's
    CHECK(db.find_or_create_spsa_run(again, sample_params()).seed == first.seed);

    SpsaRunRecord longer = sample_run();
    longer.iterations = 30;
    CHECK_THROWS_WITH(db.find_or_create_spsa_run(longer, sample_params()),
                      Catch::Contains("a run of that name is stored with --iterations 20"));
    auto params = sample_params();
    params[0].max = 500;
    CHECK_THROWS_WITH(db.find_or_create_spsa_run(sample_run(), params),
                      Catch::Contains("other values for parameter LmrDivisor"));
    CHECK(db.spsa_runs().size() == 1);
}

TEST_CASE("a version 3 database gains the spsa tables and keeps its runs", "[unit]") {
    test_support::TempDir dir;
    const std::string path = dir.file("v3.db");
    {
        Database db(path);
        db.find_or_create_run(RunRecord{});
    }
    dbtest::back_to_schema_4(path);
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &raw) == SQLITE_OK);
    REQUIRE(
        sqlite3_exec(raw,
                     "DROP TABLE spsa_steps; DROP TABLE spsa_iterations; DROP TABLE spsa_params; DROP TABLE spsa_runs; "
                     "PRAGMA user_version = 3",
                     nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    CHECK(db.has_table("spsa_runs"));
    CHECK(db.has_table("spsa_steps"));
    CHECK(db.list_runs().size() == 1);
    CHECK(db.find_or_create_spsa_run(sample_run(), sample_params()).id > 0);
}
