// The feature report's WAC per step (#40 item 5): with the plan's WAC limit, every run of that limit
// (a timed WAC's repeated runs: their mean and range) and the answers' average depth; without it, as
// published before, the step's newest run and no depth column.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "reports/feature_report.h"
#include "reports/ladder_wac.h"
#include "tests/reports/synthetic_ladder.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;
using nlohmann::json;

namespace {

db::LadderEpdScore score(std::int64_t run, const std::string& engine, std::int64_t solved, const std::string& limit,
                         std::optional<double> depth) {
    return db::LadderEpdScore{run, engine, "WAC", 300, solved, "2026-01-01T00:00:00Z", limit, depth};
}

const std::vector<db::LadderEpdScore> kScores{
    score(1, "a", 240, "movetime=30", 9.0), score(2, "a", 250, "movetime=300", 11.0),
    score(3, "a", 254, "movetime=300", 12.0), score(4, "a", 249, "movetime=300", 13.0),
    score(5, "b", 200, "movetime=30", std::nullopt)};

}  // namespace

TEST_CASE("ladder WAC: the runs of the plan's limit, their mean, range and average depth", "[unit]") {
    const json plan = {{"wac", {{"movetime_ms", 300}, {"runs", 3}, {"limit", "movetime=300"}}}};
    CHECK(reports::shows_wac_depth(plan));
    const auto figures = reports::ladder_wac(kScores, plan);
    REQUIRE(figures.count("a") == 1);
    const reports::WacFigures& a = figures.at("a");
    CHECK(a.solved == std::vector<std::int64_t>{250, 254, 249});  // the movetime=30 run is not the plan's
    CHECK(reports::wac_cell(a) ==
          "251.0/300 (249\xE2\x80\x93"
          "254)");
    CHECK(reports::wac_depth_cell(a) == "12.0");
    CHECK(figures.count("b") == 0);  // measured under other settings only
    CHECK(reports::wac_note(plan) ==
          "WAC: 300 ms per position, 3 runs (solved: their mean and range); WAC depth: the answers' average depth");
    const json nodes = {{"wac", {{"nodes", 100000}, {"runs", 1}, {"limit", "nodes=100000"}}}};
    CHECK(reports::wac_note(nodes) == "WAC: 100000 nodes per position; WAC depth: the answers' average depth");
}

TEST_CASE("ladder WAC: a plan without a limit shows the newest run, as published", "[unit]") {
    const json plan = {{"wac", {{"movetime_ms", 30}, {"positions", 50}}}};
    CHECK_FALSE(reports::shows_wac_depth(plan));
    const auto figures = reports::ladder_wac(kScores, plan);
    CHECK(reports::wac_cell(figures.at("a")) == "249/300");
    CHECK(reports::wac_cell(figures.at("b")) == "200/300");
    CHECK(reports::wac_note(plan) == "WAC: 30 ms per position, first 50 positions");
}

TEST_CASE("feature report: the Steps table gains WAC depth when the plan names its WAC limit", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    testing::SyntheticLadder ladder;  // its WAC runs are stored at nodes=1000
    testing::write_synthetic_ladder(database, ladder);
    const auto steps = [&] { return reports::build_feature_report(database, {}).sections.at(0).tables.at(0); };
    CHECK(steps().columns ==
          std::vector<std::string>{"Feature", "Category", "Date", "Rev", "WAC", "Elo Rating", "Improvement"});
    db::RunRecord run;
    run.kind = db::RunKind::ladder;
    run.ladder = ladder.name;
    run.config_json = json{{"ladder", ladder.name},
                           {"anchors", {{ladder.opponents[0], ladder.anchor}}},
                           {"wac", {{"nodes", 1000}, {"runs", 1}, {"limit", "nodes=1000"}}}}
                          .dump();
    database.find_or_create_run(run);
    const reports::Table table = steps();
    CHECK(table.columns == std::vector<std::string>{"Feature", "Category", "Date", "Rev", "WAC", "WAC depth",
                                                    "Elo Rating", "Improvement"});
    CHECK(table.rows.at(1).at(4) == "5/10");
    CHECK(table.rows.at(1).at(5).empty());  // the synthetic answers report no depth
}
