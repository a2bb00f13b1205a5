// "The seed beside ours" in `arbiter report features`: the seed's figures from the plan, ours, the
// difference of the improvements with the combined 95% error, and the steps beyond it. The seed's
// error comes from its quoted figure or from the two gauntlet records (MadChess 2.0 Builds 032 and
// 034 here: 22.71 and 21.86 by the formula of docs/statistics.md, so 31.51 for the improvement).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "reports/feature_report.h"
#include "reports/seed_comparison.h"
#include "tests/reports/synthetic_ladder.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;
using nlohmann::json;

namespace {

std::vector<reports::OurStepFigures> ours() {
    return {{"Base", "3/10", "2000 \xC2\xB1 30", "", std::nullopt, std::nullopt},
            {"Null move", "5/10", "2101 \xC2\xB1 30", "+101 \xC2\xB1 30", 101.42, 29.98},
            {"Tuning", "6/10", "2128 \xC2\xB1 30", "+27 \xC2\xB1 30", 27.38, 29.99},
            {"Hash move", "6/10", "2198 \xC2\xB1 30", "+70 \xC2\xB1 30", 70.32, 29.96},
            {"Staged", "6/10", "> 2200", "> +2", std::nullopt, std::nullopt}};
}

json plan() {
    return {{"ladder", "x"},
            {"seed",
             {{"source", "the seed's blog"},
              {"steps",
               {{{"date", "2014-12-24"}, {"rev", "032"}, {"wac", 225}, {"elo", 1904}, {"wdl", {233, 127, 440}}},
                {{"date", "2014-12-28"}, {"rev", "034"}, {"elo", 1950}, {"improvement", 46}, {"wdl", {271, 150, 379}}},
                {{"improvement", 47}, {"improvement_error95", 20}},
                {{"improvement", 44}, {"note", "Build 023 post"}},
                {{"improvement", 10}, {"improvement_error95", 20}}}}}}};
}

const reports::Table& table_of(const reports::Section& section) {
    REQUIRE(section.tables.size() == 1);
    return section.tables[0];
}

}  // namespace

TEST_CASE("seed beside ours: the difference, its combined error and the verdict per step", "[unit]") {
    const auto section = reports::seed_comparison_section(plan(), ours());
    REQUIRE(section);
    CHECK(section->heading == "The seed beside ours");
    const reports::Table& table = table_of(*section);
    CHECK(table.caption == "The seed beside ours: the seed's blog");
    REQUIRE(table.rows.size() == 5);
    CHECK(table.rows[0] == std::vector<std::string>{"Base", "2014-12-24", "032", "225", "1904", "", "3/10",
                                                    "2000 \xC2\xB1 30", "", "", ""});
    // 101.42 - 46 = +55.42; sqrt(31.51^2 + 29.98^2) = 43.50.
    CHECK(table.rows[1][5] == "+46 \xC2\xB1 32");
    CHECK(table.rows[1][9] == "+55 \xC2\xB1 43");
    CHECK(table.rows[1][10] == "yes");
    // Quoted ±20: 27.38 - 47 = -19.62 within sqrt(20^2 + 29.99^2) = 36.05.
    CHECK(table.rows[2][5] == "+47 \xC2\xB1 20");
    CHECK(table.rows[2][9] == "-20 \xC2\xB1 36");
    CHECK(table.rows[2][10] == "no");
    // No seed error: the difference alone; +26 is inside our ±29.96, so inside the combined error too.
    CHECK(table.rows[3][5] == "+44");
    CHECK(table.rows[3][9] == "+26");
    CHECK(table.rows[3][10] == "no (within our error alone)");
    // Our improvement is a floor: nothing to subtract.
    CHECK(table.rows[4][8] == "> +2");
    CHECK(table.rows[4][9].empty());
    const auto& paragraphs = section->paragraphs;
    REQUIRE(paragraphs.size() == 4);
    CHECK(
        paragraphs[1] ==
        "Beyond its error (ours \xE2\x88\x92 seed larger than the combined 95% error): step 2 (Null move, +55 \xC2\xB1 "
        "43).");
    CHECK(paragraphs[2].find("No seed error") == 0);
    CHECK(paragraphs[2].find("step 4 (Hash move)") != std::string::npos);
    CHECK(paragraphs[2].find("step 3") == std::string::npos);
    CHECK(paragraphs[3] == "Where the seed's figures come from: step 4 (Hash move): Build 023 post.");
}

TEST_CASE("seed beside ours: none without seed figures; a verdict sentence when none is beyond", "[unit]") {
    CHECK_FALSE(reports::seed_comparison_section(json{{"ladder", "x"}}, ours()));
    CHECK_FALSE(reports::seed_comparison_section(json(), ours()));
    json close = plan();
    close["seed"]["steps"][1]["improvement"] = 100;
    const auto section = reports::seed_comparison_section(close, ours());
    REQUIRE(section);
    CHECK(section->paragraphs[1] == "No step differs from the seed by more than the combined 95% error.");
    // Without the seed's error, a difference beyond our own error alone gets no verdict either way.
    json far = plan();
    far["seed"]["steps"][3]["improvement"] = 0;  // 70.32 - 0 > 29.96
    const auto unknown = reports::seed_comparison_section(far, ours());
    REQUIRE(unknown);
    CHECK(unknown->tables[0].rows[3][9] == "+70");
    CHECK(unknown->tables[0].rows[3][10].empty());
}

TEST_CASE("feature report: the seed beside ours from the newest plan, and the clock in the title", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    testing::SyntheticLadder ladder;
    ladder.time_control = "1.2+0.01";
    testing::write_synthetic_ladder(database, ladder);
    const reports::Report before = reports::build_feature_report(database, {});
    CHECK(before.title == "Feature ladder: synthetic at 1.2+0.01");
    for (const auto& section : before.sections) CHECK(section.heading != "The seed beside ours");
    db::RunRecord run;
    run.kind = db::RunKind::ladder;
    run.ladder = ladder.name;
    run.config_json =
        json{{"ladder", ladder.name},
             {"anchors", {{ladder.opponents[0], ladder.anchor}}},
             {"seed", {{"source", "blog"}, {"steps", {{{"rev", "058"}}, nullptr, {{"improvement", 119}}}}}}}
            .dump();
    database.find_or_create_run(run);
    const reports::Report after = reports::build_feature_report(database, {});
    REQUIRE(after.sections.size() >= 2);
    CHECK(after.sections[0].heading == "Steps");
    CHECK(after.sections[0].tables.size() == 1);
    REQUIRE(after.sections[1].heading == "The seed beside ours");
    const reports::Table& table = table_of(after.sections[1]);
    CHECK(table.rows.at(0).at(0) == ladder.labels[0]);
    CHECK(table.rows.at(0).at(2) == "058");
    CHECK(table.rows.at(2).at(5) == "+119");
    CHECK(table.rows.at(2).at(8) == after.sections[0].tables[0].rows.at(2).at(6));  // our improvement, as in Steps
}
