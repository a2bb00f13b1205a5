// The run, runs, opponents and commits reports on match runs written the way `arbiter match`
// stores them (tests/reports/match_run_fixture.h).
#include <catch2/catch.hpp>

#include <sstream>

#include <nlohmann/json.hpp>

#include "reports/render.h"
#include "reports/results_reports.h"
#include "tests/reports/match_run_fixture.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;

namespace {

struct TempDb {
    test_support::TempDir dir;
    std::string path = dir.file("runs.db");
};

db::EngineRecord engine(const std::string& name, const std::string& commit = "") {
    db::EngineRecord record;
    record.name = name;
    record.command = "/bin/" + name;
    record.git_commit = commit;
    return record;
}

nlohmann::json two_engine_config(const nlohmann::json& extra = nlohmann::json::object()) {
    nlohmann::json config{{"engines", {{{"name", "new"}, {"nodes", 20000}}, {{"name", "old"}, {"nodes", 20000}}}},
                          {"games", 2}, {"rounds", 3}, {"repeat", true}, {"tournament", "round-robin"}};
    config.update(extra);
    return config;
}

std::string rendered(const reports::Report& report, reports::Format format) {
    std::ostringstream out;
    reports::render(report, format, out);
    return out.str();
}

}  // namespace

TEST_CASE("a perfect score's Elo is a marked 95% bound in the run and opponents reports", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    // Three pairs, all won: the pentanomial floor elo(0.05^(1/3)) = -93.6 (docs/statistics.md).
    // The cells said "+1200" and the chart drew 1199.8 with no error bar before.
    testing::store_match_run(database, {two_engine_config(), engine("new"), engine("old"), "WWWWWW"});
    const reports::Report run = reports::build_run_report(database, 1);
    const auto& row = run.sections.at(0).tables.at(0).rows.at(0);
    CHECK(row.at(7) == "> -94");
    const reports::Report opponents = reports::build_opponents_report(database, "old");
    CHECK(opponents.sections.at(0).tables.at(0).rows.at(0).at(7) == "< +94");
    const nlohmann::json json = nlohmann::json::parse(rendered(opponents, reports::Format::json));
    const auto& point = json["sections"][0]["charts"][0]["points"][0];
    CHECK(point["bound"] == "<");
    CHECK(point["error"].is_null());
    CHECK(point["value"].get<double>() == Approx(93.6466482696567));
    CHECK_THAT(rendered(opponents, reports::Format::html), Catch::Contains("new: &lt; 93.6</title>"));
}
