// arbiter_reports: charts, renderers and the report figures, checked against an independent fit.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "cli/report_command.h"
#include "db/merge.h"
#include "harness/stats/ratings.h"
#include "reports/commits_report.h"
#include "reports/feature_report.h"
#include "reports/render.h"
#include "reports/results_reports.h"
#include "reports/svg_chart.h"
#include "tests/reports/synthetic_ladder.h"

using namespace arbiter;

namespace {

using test_support::count_of;

// A database in a directory of its own, which takes its -wal and -shm files along when it goes.
struct TempDb {
    test_support::TempDir dir;
    std::filesystem::path path = dir.file("reports.db");
};

stats::RatingTable independent_fit(const testing::SyntheticLadder& ladder) {
    stats::PairMatrix matrix;
    for (const auto& step : testing::synthetic_games(ladder)) {
        for (const auto& r : step) {
            const double score = r.result == db::GameResult::white_win ? 1.0
                                 : r.result == db::GameResult::draw    ? 0.5
                                                                       : 0.0;
            for (int i = 0; i < r.count; ++i)
                matrix.add_game(matrix.add_player(r.white), matrix.add_player(r.black), score);
        }
    }
    stats::RatingOptions options;
    options.anchors[ladder.opponents[0]] = ladder.anchor;
    return stats::compute_ratings(matrix, options);
}

std::string rounded(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f", std::round(value));
    return buffer;
}

}  // namespace

TEST_CASE("point chart draws one circle and one error bar per value, gaps left out", "[unit]") {
    reports::Chart chart{"c1", "Elo", "Elo", reports::ChartKind::points_with_errors, {"s", {}}};
    chart.series.points = {
        {"a", 1500.0, 30.0}, {"b", std::nullopt, std::nullopt}, {"c", 1600.0, 20.0}, {"d", 1550.0, std::nullopt}};
    const std::string svg = reports::render_svg_chart(chart);
    CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"c1\""));
    CHECK(count_of(svg, "<circle class=\"point\"") == 3);
    CHECK(count_of(svg, "class=\"error-bar\"") == 2);
    CHECK(count_of(svg, "<rect") == 0);
    CHECK(svg.find("c: 1600 \xC2\xB1 20") != std::string::npos);  // the tooltip
}

TEST_CASE("bar chart marks negative bars and keeps zero on the axis", "[unit]") {
    reports::Chart chart{"c2", "Gain", "Elo", reports::ChartKind::bars, {"s", {}}};
    chart.series.points = {{"a", 50.0, 10.0}, {"b", -20.0, 15.0}, {"c", 5.0, std::nullopt}};
    const std::string svg = reports::render_svg_chart(chart);
    CHECK(count_of(svg, "<rect class=\"bar\"") == 2);
    CHECK(count_of(svg, "<rect class=\"bar negative\"") == 1);
    CHECK(svg.find(">0</text>") != std::string::npos);
    CHECK(svg.find("&lt;") == std::string::npos);
}

TEST_CASE("labels are escaped in SVG and HTML", "[unit]") {
    CHECK(reports::escape_xml("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;");
}

TEST_CASE("renderers agree on one table", "[unit]") {
    reports::Report report;
    report.title = "T";
    reports::Section section;
    section.tables.push_back({"cap", {"A", "B"}, {{"x|y", "1,5"}}, {false, true}});
    section.blocks.push_back("block line");
    report.sections.push_back(section);
    std::ostringstream md, csv, json, html;
    reports::render(report, reports::Format::markdown, md);
    reports::render(report, reports::Format::csv, csv);
    reports::render(report, reports::Format::json, json);
    reports::render(report, reports::Format::html, html);
    CHECK(md.str().find("| x\\|y | 1,5 |") != std::string::npos);
    CHECK(md.str().find("| --- | ---: |") != std::string::npos);
    CHECK(csv.str() == "A,B\nx|y,\"1,5\"\n");
    CHECK(nlohmann::json::parse(json.str())["sections"][0]["tables"][0]["rows"][0]["B"] == "1,5");
    CHECK(html.str().find("<td class=\"num\">1,5</td>") != std::string::npos);
    CHECK(html.str().find("@media print") != std::string::npos);
    CHECK(html.str().find("<script") == std::string::npos);
    CHECK_THROWS_WITH(reports::parse_format("pdf"), Catch::Contains("--format"));
}

TEST_CASE("feature report: ratings from the joint fit, improvement, WAC and Ordo blocks", "[unit]") {
    TempDb temp;
    testing::SyntheticLadder ladder;
    {
        db::Database database(temp.path.string());
        testing::write_synthetic_ladder(database, ladder);
    }
    db::OpenOptions read_only;
    read_only.read_only = true;
    db::Database database(temp.path.string(), read_only);
    const reports::Report report = reports::build_feature_report(database, {});
    const reports::Table& table = report.sections.at(0).tables.at(0);
    REQUIRE(table.columns ==
            std::vector<std::string>{"Feature", "Category", "Date", "Rev", "WAC", "Elo Rating", "Improvement"});
    REQUIRE(table.rows.size() == 3);

    const stats::RatingTable fit = independent_fit(ladder);
    for (std::size_t step = 0; step < 3; ++step) {
        const auto& row = table.rows[step];
        const auto& rating = fit.players[*fit.results.find(ladder.players[step])];
        CHECK(row[0] == ladder.labels[step]);
        CHECK(row[4] == std::to_string(ladder.wac_solved[step]) + "/10");
        CHECK(row[5] == rounded(rating.rating) + " \xC2\xB1 " + rounded(*rating.error95) + " (" +
                            std::to_string(rating.record.games()) + ")");
        if (step == 0) {
            CHECK(row[6].empty());
            continue;
        }
        const auto& previous = fit.players[*fit.results.find(ladder.players[step - 1])];
        const double gain = rating.rating - previous.rating;
        CHECK(row[6].starts_with((gain >= 0 ? "+" : "") + rounded(gain) + " \xC2\xB1 "));
    }
    CHECK(table.rows[0][2] == "2025-01-04");
    CHECK(std::regex_match(table.rows[1][2], std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}")));  // the day it ran

    const auto& charts = report.sections.at(0).charts;
    REQUIRE(charts.size() == 3);
    CHECK(charts[0].id == "ladder-elo");
    CHECK_FALSE(charts[1].series.points[0].value.has_value());  // no improvement for the first step
    CHECK(charts[2].series.points[2].value == 8.0);

    const auto& blocks = report.sections.at(1).blocks;
    REQUIRE(blocks.size() == 3);
    CHECK(blocks[1].starts_with("tempo 02 Eval " + rounded(fit.players[*fit.results.find("tempo 02 Eval")].rating) +
                                " : "));
    CHECK(blocks[1].find("tempo 01 Base") != std::string::npos);  // head to head line
}

TEST_CASE("feature report names the ladders when it cannot choose", "[unit]") {
    TempDb temp;
    db::Database database(temp.path.string());
    CHECK_THROWS_WITH(reports::build_feature_report(database, {}), Catch::Contains("holds no ladder"));
    testing::SyntheticLadder one;
    testing::write_synthetic_ladder(database, one);
    CHECK_THROWS_WITH(reports::build_feature_report(database, {std::string("other"), {}, "WAC"}),
                      Catch::Contains("no ladder 'other'") && Catch::Contains("synthetic"));
}

TEST_CASE("commits, run and opponents reports read the same games", "[unit]") {
    TempDb temp;
    testing::SyntheticLadder ladder;
    db::Database database(temp.path.string());
    testing::write_synthetic_ladder(database, ladder);

    const reports::Report opponents = reports::build_opponents_report(database, "tempo 02 Eval");
    const auto& rows = opponents.sections.at(0).tables.at(0).rows;
    REQUIRE(rows.size() == 4);  // anchor-a, floater, and the two neighbouring steps
    CHECK(rows[0][1] == "anchor-a");
    CHECK(rows[0][2] == "10");
    CHECK(rows[0][3] == "4");  // wins as white
    CHECK(rows[0][4] == "3");
    CHECK(rows[0][5] == "3");

    const reports::Report run = reports::build_run_report(database, 2);  // step 1's gauntlet (run 1 is the ladder's)
    CHECK(run.title == "Run 2");
    const auto& pairings = run.sections.at(0).tables.at(0).rows;
    REQUIRE(pairings.size() == 3);  // tempo 01 Base against anchor-a and floater, and anchor-a against floater
    CHECK(pairings[0][0] == "anchor-a");
    CHECK(pairings[0][1] == "floater");
    CHECK(pairings[0][2] == "4");
    CHECK_THROWS_WITH(reports::build_run_report(database, 999), Catch::Contains("no run 999"));

    const reports::Report commits = reports::build_commits_report(database, "tempo 01 Base", "wac");
    REQUIRE(commits.sections.at(0).tables.size() == 1);
    CHECK(commits.sections[0].tables[0].rows.at(0).back() == "3/10");  // "wac" finds the suite stored as WAC
}

TEST_CASE("report command: flags, formats and --out", "[unit]") {
    TempDb temp;
    {
        db::Database database(temp.path.string());
        testing::write_synthetic_ladder(database, testing::SyntheticLadder{});
    }
    std::ostringstream out, err;
    CHECK(cli::run_report_command({"features"}, out, err) == 2);
    CHECK(err.str().find("--db") != std::string::npos);
    CHECK(cli::run_report_command({"nonsense", "--db", temp.path.string()}, out, err) == 2);
    CHECK(cli::run_report_command({"features", "--db", "/nonexistent/x.db"}, out, err) == 1);
    const auto html = temp.path.string() + ".html";
    REQUIRE(cli::run_report_command({"features", "--db", temp.path.string(), "--format", "html", "--out", html}, out,
                                    err) == 0);
    const std::string page = test_support::read_text(html);
    CHECK(count_of(page, "<svg") == 3);
    CHECK(count_of(page, "<circle class=\"point\"") == 3);
    std::ostringstream csv;
    REQUIRE(cli::run_report_command({"features", "--db", temp.path.string(), "--format", "csv"}, csv, err) == 0);
    CHECK(csv.str().starts_with("Feature,Category,Date,Rev,WAC,Elo Rating,Improvement\n"));
}

TEST_CASE("merging shard databases keeps the ladder's steps, so the merged file reports", "[unit]") {
    TempDb shard, merged;
    {
        db::Database database(shard.path.string());
        testing::write_synthetic_ladder(database, testing::SyntheticLadder{});
    }
    db::merge(merged.path.string(), {shard.path.string()});
    db::Database database(merged.path.string());
    const auto steps = database.ladder_steps("synthetic");
    REQUIRE(steps.size() == 3);
    CHECK(steps[2].player == "tempo 03 Search");
    CHECK(steps[2].engine_id.has_value());
    CHECK(reports::build_feature_report(database, {}).sections.at(0).tables.at(0).rows.size() == 3);
}
