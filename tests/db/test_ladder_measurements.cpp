// ladder_measurements (schema 8): which run measured which step of a ladder under which settings;
// replaced when the step is measured again, empty from an older file, carried through a merge.
#include <catch2/catch.hpp>

#include "db/merge.h"
#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

constexpr const char* kDepthFour = R"({"depth":4,"positions":""})";

std::int64_t epd_run(Database& db, const std::string& config) {
    RunRecord run;
    run.kind = RunKind::epd;
    run.config_json = config;
    return db.find_or_create_run(run).id;
}

LadderMeasurementRecord measured(std::int64_t run_id, int step, const std::string& settings = kDepthFour) {
    return LadderMeasurementRecord{"lad", step, MeasurementKind::time_to_depth, settings, run_id};
}

}  // namespace

TEST_CASE("ladder measurements: linked, replaced per step and settings, read in step order", "[unit]") {
    TempDir dir;
    Database db(dir.file("m.db"));
    const auto first = epd_run(db, R"({"n":1})"), second = epd_run(db, R"({"n":2})"), third = epd_run(db, R"({"n":3})");
    db.link_ladder_measurement(measured(first, 1));
    db.link_ladder_measurement(measured(second, 0));
    db.link_ladder_measurement(
        LadderMeasurementRecord{"lad", 1, MeasurementKind::fixed_nodes, R"({"nodes":100})", third});
    db.link_ladder_measurement(measured(third, 1, R"({"positions":"","depth":6})"));  // other settings: kept apart
    db.link_ladder_measurement(measured(third, 0));                                   // the same: replaces run `second`
    const auto rows = db.ladder_measurements("lad");
    REQUIRE(rows.size() == 4);
    CHECK(rows[0].step_index == 0);
    CHECK(rows[0].run_id == third);
    CHECK(rows[1].kind == MeasurementKind::fixed_nodes);
    CHECK(rows[2].settings_json == R"({"depth":4,"positions":""})");
    CHECK(rows[2].run_id == first);
    CHECK(rows[3].settings_json == R"({"depth":6,"positions":""})");  // stored canonical: keys sorted
    CHECK(db.runs_of_ladder("lad").empty());                          // the runs stay out of the ladder's fit
    CHECK(db.ladder_measurements("other").empty());
    CHECK_THROWS_AS(db.link_ladder_measurement(measured(9999, 2)), DbError);  // no such run
    CHECK_THROWS_AS(db.link_ladder_measurement(measured(first, 2, "{oops")), DbError);
}

TEST_CASE("ladder measurements: a schema 7 file reads none read-only and gains the table read-write", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v7.db");
    { Database db(path); }
    dbtest::back_to_schema_7(path);
    OpenOptions read_only;
    read_only.read_only = true;
    {
        Database db(path, read_only);
        CHECK(db.schema_version() == 7);
        CHECK(db.ladder_measurements("lad").empty());
    }
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    db.link_ladder_measurement(measured(epd_run(db, "{}"), 0));
    CHECK(db.ladder_measurements("lad").size() == 1);
}

TEST_CASE("ladder measurements: a schema 10 file keeps its links and takes speed runs once migrated", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v10.db");
    std::int64_t run = 0;
    {
        Database db(path);
        run = epd_run(db, R"({"n":1})");
        db.link_ladder_measurement(measured(run, 0));
    }
    dbtest::back_to_schema_10(path);
    // Schema 10 refuses the kind: what the migration is for.
    CHECK_THROWS(dbtest::raw_exec(
        path, "INSERT INTO ladder_measurements VALUES ('lad', 1, 'speed', '{}', " + std::to_string(run) + ")"));
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    db.link_ladder_measurement(LadderMeasurementRecord{"lad", 0, MeasurementKind::speed, R"({"nodes":1000})", run});
    const auto rows = db.ladder_measurements("lad");
    REQUIRE(rows.size() == 2);  // one step's rows, by kind's name
    CHECK(rows[0].kind == MeasurementKind::speed);
    CHECK(rows[0].settings_json == R"({"nodes":1000})");
    CHECK(rows[1].kind == MeasurementKind::time_to_depth);  // kept through the rebuild
    CHECK(rows[1].run_id == run);
    CHECK(to_string(MeasurementKind::speed) == "speed");
    CHECK(parse_measurement_kind("speed") == MeasurementKind::speed);
    // Deleting the run still takes its links with it (the rebuilt table kept its foreign key).
    dbtest::raw_exec(path, "PRAGMA foreign_keys = ON; DELETE FROM runs WHERE id = " + std::to_string(run));
    CHECK(Database(path).ladder_measurements("lad").empty());
}

TEST_CASE("ladder measurements: a merge carries the links to the merged runs", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("a.db"), b = dir.file("b.db"), out = dir.file("out.db");
    {
        Database db(a);
        epd_run(db, R"({"filler":1})");  // the runs get other ids in the output
        db.link_ladder_measurement(measured(epd_run(db, R"({"n":1})"), 0));
    }
    {
        Database db(b);
        db.link_ladder_measurement(measured(epd_run(db, R"({"n":2})"), 1));
        db.link_ladder_measurement(measured(epd_run(db, R"({"n":3})"), 0));  // the first input's link of step 0 stands
    }
    merge(out, {b, a});
    Database db(out);
    const auto rows = db.ladder_measurements("lad");
    REQUIRE(rows.size() == 2);
    const auto config_of = [&](std::int64_t run) { return db.run_by_id(run)->config_json; };
    CHECK(config_of(rows[0].run_id) == R"({"n":3})");
    CHECK(config_of(rows[1].run_id) == R"({"n":2})");
}
