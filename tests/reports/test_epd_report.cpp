// `arbiter report epd`: an EPD run's answers, and two EPD runs compared position by position.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/report_command.h"
#include "reports/epd_report.h"
#include "reports/results_reports.h"
#include "tests/reports/match_run_fixture.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;

namespace {

struct TempDb {
    test_support::TempDir dir;
    std::string path = dir.file("epd.db");
};

struct Answer {
    std::string position;
    std::string move;
    bool solved;
};

std::int64_t store_epd_run(db::Database& database, const std::string& engine_name, const std::string& suite,
                           const std::vector<Answer>& answers) {
    db::RunRecord wanted;
    wanted.kind = db::RunKind::epd;
    wanted.config_json = nlohmann::json{{"engine", engine_name}, {"suite", suite}}.dump();
    wanted.time_control = "nodes=1000";
    const db::RunRecord run = database.find_or_create_run(wanted);
    db::EngineRecord engine;
    engine.name = engine_name;
    const std::int64_t engine_id = database.upsert_engine(engine);
    std::vector<db::EpdResultRecord> results;
    for (const Answer& answer : answers) {
        db::EpdResultRecord result;
        result.run_id = run.id;
        result.suite = suite;
        result.position_id = answer.position;
        result.engine_id = engine_id;
        result.expected_bm = "Qg6";
        result.expected_am = answer.position == "WAC.003" ? "Kh1" : "";
        result.engine_move = answer.move;
        result.solved = answer.solved;
        result.depth = 12;
        result.nodes = 1000;
        result.time_ms = 15;
        results.push_back(result);
    }
    database.insert_epd_results(results);
    database.set_run_status(run.id, db::RunStatus::finished);
    return run.id;
}

void store_two_runs(db::Database& database) {
    store_epd_run(database, "tempo-a", "wac",
                  {{"WAC.001", "Qg6", true}, {"WAC.002", "Rd1", false}, {"WAC.003", "Qg6", true}});
    store_epd_run(database, "tempo-b", "wac",
                  {{"WAC.001", "Qg6", true}, {"WAC.002", "Qg6", true}, {"WAC.003", "Kh1", false}});
}

}  // namespace

TEST_CASE("report epd lists an EPD run's answers position by position", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    store_two_runs(database);
    const reports::Report report = reports::build_epd_report(database, 1);
    CHECK(report.sections.at(0).tables.at(0).rows.at(0) ==
          std::vector<std::string>{"tempo-a", "wac", "3", "2", "66.7"});
    const reports::Table& answers = report.sections.at(1).tables.at(0);
    REQUIRE(answers.rows.size() == 3);
    CHECK(answers.rows[1] ==
          std::vector<std::string>{"WAC.002", "tempo-a", "wac", "bm Qg6", "Rd1", "no", "12", "1000", "15"});
    CHECK(answers.rows[2][3] == "bm Qg6; am Kh1");
}

TEST_CASE("report epd --against shows both runs' solved counts and the positions only one solved", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    store_two_runs(database);
    const reports::Report report = reports::build_epd_diff_report(database, 1, 2);
    const auto& tables = report.sections.at(0).tables;
    REQUIRE(tables.size() == 3);
    CHECK(tables[0].rows == std::vector<std::vector<std::string>>{{"1", "tempo-a", "wac", "3", "2", "66.7"},
                                                                  {"2", "tempo-b", "wac", "3", "2", "66.7"}});
    CHECK(tables[1].caption == "Solved by run 1 only");
    CHECK(tables[1].rows == std::vector<std::vector<std::string>>{{"wac", "WAC.003", "bm Qg6; am Kh1", "Qg6", "Kh1"}});
    CHECK(tables[2].rows == std::vector<std::vector<std::string>>{{"wac", "WAC.002", "bm Qg6", "Qg6", "Rd1"}});
}

TEST_CASE("report epd refuses runs that are not EPD runs and EPD runs without a common suite", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    store_two_runs(database);
    store_epd_run(database, "tempo-a", "sts", {{"STS.001", "e4", true}});
    db::EngineRecord a, b;
    a.name = "a";
    b.name = "b";
    testing::store_match_run(database, {nlohmann::json{{"engines", {"a", "b"}}}, a, b, "WD"});
    CHECK_THROWS_WITH(reports::build_epd_report(database, 4), Catch::Contains("run 4 is a match run, not an EPD run"));
    CHECK_THROWS_WITH(reports::build_epd_diff_report(database, 1, 4), Catch::Contains("not an EPD run"));
    CHECK_THROWS_WITH(reports::build_epd_diff_report(database, 1, 3),
                      Catch::Contains("runs 1 and 3 share no suite (1: wac; 3: sts)"));
    CHECK_THROWS_WITH(reports::build_epd_report(database, 9), Catch::Contains("no run 9"));
}

TEST_CASE("arbiter report epd --run ID [--against ID2] renders, and asks for --run", "[unit]") {
    TempDb temp;
    {
        db::Database database(temp.path);
        store_two_runs(database);
    }
    std::ostringstream out, err;
    REQUIRE(cli::run_report_command({"epd", "--db", temp.path, "--run", "1", "--format", "csv"}, out, err) == 0);
    CHECK_THAT(out.str(), Catch::Contains("WAC.002,tempo-a,wac,bm Qg6,Rd1,no,12,1000,15"));
    std::ostringstream diff;
    REQUIRE(cli::run_report_command({"epd", "--db", temp.path, "--run", "1", "--against", "2"}, diff, err) == 0);
    CHECK_THAT(diff.str(),
               Catch::StartsWith("# EPD run 1 against run 2\n") && Catch::Contains("**Solved by run 2 only**"));
    std::ostringstream missing, missing_err;
    CHECK(cli::run_report_command({"epd", "--db", temp.path}, missing, missing_err) == 2);
    CHECK_THAT(missing_err.str(), Catch::Contains("--run"));
    std::ostringstream misplaced, misplaced_err;
    CHECK(cli::run_report_command({"runs", "--db", temp.path, "--against", "2"}, misplaced, misplaced_err) == 2);
    CHECK_THAT(misplaced_err.str(), Catch::Contains("only arbiter report epd compares two runs"));
    std::ostringstream usage;
    CHECK(cli::run_report_command({"--help"}, usage, err) == 0);
    CHECK_THAT(usage.str(), Catch::Contains("arbiter report epd       --db FILE --run ID [--against ID2]"));
}

TEST_CASE("the run report of an EPD run still shows its summary", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    store_two_runs(database);
    const reports::Report run = reports::build_run_report(database, 2);
    CHECK(run.sections.at(0).heading == "EPD results");
    CHECK(run.sections.at(0).tables.at(0).rows.at(0) == std::vector<std::string>{"tempo-b", "wac", "3", "2", "66.7"});
}
