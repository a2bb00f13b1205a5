// arbiter ladder --record-plan: a ladder file that gained seed figures after its games were played
// puts its plan into the database without a game, so the report (which reads the database only)
// shows them; anything that would change the games or their fit is refused.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/ladder_command.h"
#include "db/database.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;
using Catch::Matchers::Contains;

namespace {

std::string ladder_file(const std::string& seed, const std::string& opponent = "hoichess") {
    return R"({"name": "rp", "description": "d", "steps": [
                {"id": "A", "feature": "a", "category": "Baseline", "options": {"Features": "none"}},
                {"id": "B", "feature": "b", "category": "Search", "options": {"Features": "all"})" +
           seed + R"(}], "gauntlet": {"opponents": [{"conf": ")" + opponent + R"("}]}})";
}

struct Outcome {
    int code;
    std::string out, err;
};

Outcome record(const std::string& file, const std::string& db) {
    std::ostringstream out, err;
    const int code = cli::run_ladder_command({file, "--db", db, "--smoke", "--record-plan"}, out, err);
    return {code, out.str(), err.str()};
}

// The ladder as played: its plan stored as a finished ladder run, as `arbiter ladder` leaves it.
void store_played_plan(const std::string& file, const std::string& db_path) {
    ladder::PlanOptions smoke;
    smoke.smoke = true;
    const ladder::LadderPlan plan = ladder::make_plan(ladder::load_ladder_config(file), smoke);
    db::Database database(db_path);
    db::RunRecord run;
    run.kind = db::RunKind::ladder;
    run.config_json = ladder::plan_json(plan).dump();
    run.time_control = plan.time_control;
    run.ladder = plan.ladder;
    database.set_run_status(database.find_or_create_run(run).id, db::RunStatus::finished);
}

std::vector<db::RunRecord> ladder_runs(const std::string& db_path) {
    db::Database database(db_path);
    std::vector<db::RunRecord> runs;
    for (const auto& run : database.runs_of_ladder("rp-smoke"))
        if (run.kind == db::RunKind::ladder) runs.push_back(run);
    return runs;
}

}  // namespace

TEST_CASE("ladder --record-plan: the file's new seed figures become the newest plan, no game played", "[unit]") {
    test_support::TempDir dir;
    const std::string db = dir.file("rp.db");
    const std::string played = dir.write("played.json", ladder_file(""));
    const std::string seeded =
        dir.write("seeded.json", ladder_file(R"(, "seed": {"improvement": 46, "wdl": [1, 2, 3]})"));

    // Nothing played yet under this name (or under other flags): refused, nothing written.
    const Outcome none = record(seeded, db);
    CHECK(none.code == 2);
    CHECK_THAT(none.err, Contains("holds no ladder rp-smoke"));

    store_played_plan(played, db);
    const Outcome done = record(seeded, db);
    INFO(done.err);
    REQUIRE(done.code == 0);
    CHECK_THAT(done.out, Contains("plan recorded as run 2"));
    const auto runs = ladder_runs(db);
    REQUIRE(runs.size() == 2);
    const auto plan = nlohmann::json::parse(runs[1].config_json);
    CHECK(plan["seed"]["steps"][1]["improvement"] == 46.0);
    CHECK(plan["seed"]["steps"][1]["wdl"] == nlohmann::json::array({1, 2, 3}));
    CHECK(runs[1].status == db::RunStatus::finished);                // the status of the plan it follows
    CHECK(db::Database(db).runs_of_ladder("rp-smoke").size() == 2);  // no gauntlet, no WAC run

    // Again: the same plan, the same run.
    CHECK(record(seeded, db).code == 0);
    CHECK(ladder_runs(db).size() == 2);
}

TEST_CASE("ladder --record-plan refuses a plan that would change the games or their fit", "[unit]") {
    test_support::TempDir dir;
    const std::string db = dir.file("rp.db");
    store_played_plan(dir.write("played.json", ladder_file("")), db);
    const Outcome other = record(dir.write("other.json", ladder_file("", "phalanx")), db);
    CHECK(other.code == 2);
    CHECK_THAT(other.err, Contains("differs from the one played in"));
    CHECK_THAT(other.err, Contains("opponents"));
    CHECK(ladder_runs(db).size() == 1);
}

TEST_CASE("ladder: a bad seed key is exit 2 naming the file and the key, before anything is written", "[unit]") {
    test_support::TempDir dir;
    const std::string file = dir.write("bad.json", ladder_file(R"(, "seed": {"wdl": [305, 170]})"));
    std::ostringstream out, err;
    CHECK(cli::run_ladder_command({file, "--db", dir.file("x.db"), "--smoke"}, out, err) == 2);
    CHECK_THAT(err.str(), Contains(file + ": steps[1].seed.wdl: expected [wins, draws, losses]"));
    CHECK_FALSE(std::filesystem::exists(dir.file("x.db")));
}
