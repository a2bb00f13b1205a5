// The run, runs, opponents and commits reports on match runs written the way `arbiter match`
// stores them (tests/reports/match_run_fixture.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/report_command.h"
#include "harness/stats/sprt.h"
#include "reports/commits_report.h"
#include "reports/render.h"
#include "reports/results_reports.h"
#include "reports/run_engines.h"
#include "reports/feature_report.h"
#include "tests/reports/match_run_fixture.h"
#include "tests/reports/synthetic_ladder.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "tests/reports/rendered.h"

using namespace arbiter;

using arbiter::testing::rendered;

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
                          {"games", 2},
                          {"rounds", 3},
                          {"repeat", true},
                          {"tournament", "round-robin"}};
    config.update(extra);
    return config;
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

namespace {

const char* const kNewCommit = "ad0f15641d6b91a251fa634489d3879d4fe05402";

nlohmann::json sprt_config() {
    return two_engine_config({{"sprt",
                               {{"elo0", 0.0},
                                {"elo1", 10.0},
                                {"alpha", 0.05},
                                {"beta", 0.05},
                                {"model", "normalized"},
                                {"trinomial", false}}}});
}

db::EngineRecord built_new() {
    db::EngineRecord record = engine("new", kNewCommit);
    record.commit_subject = "Passed pawns (#12)";
    record.committed_at = "2026-01-03T09:00:00Z";
    return record;
}

bool has_note(const reports::Report& report, const std::string& text) {
    return std::find(report.notes.begin(), report.notes.end(), text) != report.notes.end();
}

}  // namespace

TEST_CASE("report run names the build= engine's commit and subject, the SPRT bounds and the node limit", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    nlohmann::json config = sprt_config();
    config["engines"][0]["build"] = kNewCommit;
    testing::store_match_run(database, {config, built_new(), engine("old"), "WDLDWW"});
    const reports::Report run = reports::build_run_report(database, 1);
    // Was "Time control: inf" (what a run without a clock stores), with no word of the SPRT's bounds.
    CHECK(has_note(run, "Limit: nodes=20000"));
    CHECK_FALSE(has_note(run, "Time control: inf"));
    CHECK(has_note(run,
                   "SPRT [0.00, 10.00] normalized, pentanomial, alpha 0.05, beta 0.05: H0 at LLR <= -2.94, "
                   "H1 at LLR >= 2.94"));
    const reports::Section& engines = run.sections.at(1);
    CHECK(engines.heading == "Engines");
    const auto& rows = engines.tables.at(0).rows;
    REQUIRE(rows.size() == 2);
    CHECK(rows[0] == std::vector<std::string>{"new", "ad0f15641d6b", "Passed pawns (#12)", "2026-01-03", "nodes=20000",
                                              "/bin/new", ""});
    CHECK(rows[1] == std::vector<std::string>{"old", "", "", "", "nodes=20000", "/bin/old", ""});
    CHECK_THAT(rendered(run, reports::Format::markdown),
               Catch::Contains("| new | ad0f15641d6b | Passed pawns (#12) | 2026-01-03 | nodes=20000 | /bin/new |  |"));
}

TEST_CASE("limits: per engine when they differ, the stored clock when there is one", "[unit]") {
    nlohmann::json config = two_engine_config();
    config["engines"][1] = {{"name", "old"}, {"tc", "10+0.1"}, {"depth", 12}};
    CHECK(reports::run_limit(config) == "new nodes=20000, old tc=10+0.1 depth=12");
    CHECK(reports::engine_limit({{"st", 0.5}, {"tc", "inf"}}) == "st=0.5");
    db::RunRecord clock;
    clock.time_control = "10+0.1";
    CHECK(reports::limit_note(clock, config) == "Time control: 10+0.1");
    db::RunRecord no_clock;
    no_clock.time_control = "inf";
    CHECK(reports::limit_note(no_clock, nlohmann::json::object()) == "Time control: inf");  // nothing better known
}

TEST_CASE("report run charts an SPRT's LLR, with its bounds, and its Elo over the games", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    // Pairs: WD (3/4), LD (1/4), WW (1), DD (1/2), WL (1/2)
    testing::store_match_run(database, {sprt_config(), engine("new"), engine("old"), "WDLDWWDDWL"});
    const reports::Report run = reports::build_run_report(database, 1);
    REQUIRE(run.sections.size() == 6);
    CHECK(run.sections[2].heading == "SPRT over games");
    const auto& charts = run.sections[2].charts;
    REQUIRE(charts.size() == 2);
    const reports::Chart& llr = charts[0];
    CHECK(llr.id == "sprt-llr");
    REQUIRE(llr.series.points.size() == 11);  // 0 games, then after each of the 10
    CHECK(*llr.series.points[0].value == 0.0);
    // After 4 games the pairs are WD and LD: the LLR of pentanomial [0, 1, 0, 1, 0].
    stats::SprtParameters normalized{0.0, 10.0, 0.05, 0.05, stats::EloModel::normalized};
    CHECK(*llr.series.points[4].value == Approx(stats::run_sprt(stats::PentaCounts{0, 1, 0, 1, 0}, normalized).llr));
    // The last point is the table's LLR.
    const double final_llr = stats::run_sprt(stats::PentaCounts{0, 1, 2, 1, 1}, normalized).llr;
    CHECK(*llr.series.points[10].value == Approx(final_llr));
    const reports::Chart& elo = charts[1];
    CHECK_FALSE(elo.series.points[1].value.has_value());  // one win: only a bound, not a point
    CHECK(*elo.series.points[10].value == Approx(stats::estimate_elo(stats::PentaCounts{0, 1, 2, 1, 1}).elo));
    const std::string html = rendered(run, reports::Format::html);
    CHECK_THAT(html, Catch::Contains("id=\"sprt-llr\"") && Catch::Contains("id=\"sprt-elo\"") &&
                         Catch::Contains(">H0 -2.94444<") && Catch::Contains(">H1 2.94444<"));
}

TEST_CASE("a long SPRT run is charted at about 400 points, its axis counting games", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    std::string results;
    for (int i = 0; i < 1000; ++i) results += "WDLDW"[i % 5];
    testing::store_match_run(database, {sprt_config(), engine("new"), engine("old"), results});
    const reports::Chart llr = reports::build_run_report(database, 1).sections.at(2).charts.at(0);
    CHECK(llr.x_step == 3.0);                        // 1000 games / 400 points, rounded up
    CHECK(llr.series.points.size() == 1 + 333 + 1);  // 0, every third game, and the last
    CHECK(llr.series.points.back().label == "1000 games");
}

TEST_CASE("report run shows the latest run without --run; report runs lists them all", "[unit]") {
    TempDb temp;
    {
        db::Database database(temp.path);
        nlohmann::json config = sprt_config();
        config["engines"][0]["build"] = kNewCommit;
        testing::store_match_run(database, {config, built_new(), engine("old"), "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"});
        testing::MatchRunSpec later{two_engine_config({{"rounds", 1}}), engine("a"), engine("b"), "DD"};
        later.config["engines"] = {{{"name", "a"}, {"depth", 8}}, {{"name", "b"}, {"depth", 8}}};
        later.started_at = "2026-01-06T10:00:00.000Z";
        later.status = db::RunStatus::running;
        testing::store_match_run(database, later);
    }
    std::ostringstream out, err;
    // Was exit 2, "arbiter report run needs a run id".
    REQUIRE(cli::run_report_command({"run", "--db", temp.path}, out, err) == 0);
    CHECK_THAT(out.str(), Catch::StartsWith("# Run 2\n") && Catch::Contains("The latest run (no --run given") &&
                              Catch::Contains("Limit: depth=8"));
    std::ostringstream runs;
    REQUIRE(cli::run_report_command({"runs", "--db", temp.path, "--format", "csv"}, runs, err) == 0);
    // The running run first; the SPRT's LLR with its bounds; W-D-L from the first engine's side.
    CHECK(runs.str() ==
          "Run,Kind,Status,Started,Engines,TC,Games,W-D-L,Elo \xC2\xB1,LLR,Commits\n"
          "2,match,running,2026-01-06 10:00,\"a, b\",depth=8,2/2,0-2-0,+0,,\n"
          "1,match,finished,2026-01-05 10:00,\"new, old\",nodes=20000,30/6,30-0-0,> +262,\"0.60 (-2.94, 2.94)\","
          "ad0f15641d6b (new)\n");
    for (const char* format : {"md", "json", "html"}) {
        std::ostringstream any;
        CHECK(cli::run_report_command({"runs", "--db", temp.path, "--format", format}, any, err) == 0);
        CHECK_THAT(any.str(), Catch::Contains("ad0f15641d6b (new)"));
    }
    test_support::TempDir empty_dir;
    { db::Database empty(empty_dir.file("empty.db")); }
    std::ostringstream none, none_err;
    CHECK(cli::run_report_command({"run", "--db", empty_dir.file("empty.db")}, none, none_err) == 1);
    CHECK_THAT(none_err.str(), Catch::Contains("no run in"));
}

TEST_CASE("report commits dates rows by commit date and leaves out a chart without data", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    // The later commit was tested first: by run date it came first, dated by its run.
    db::EngineRecord later_commit = engine("tempo", "bbbbbbbbbbbb");
    later_commit.committed_at = "2026-01-10T12:00:00Z";
    db::EngineRecord earlier_commit = engine("tempo", "aaaaaaaaaaaa");
    earlier_commit.committed_at = "2026-01-05T12:00:00Z";
    db::EngineRecord undated = engine("tempo", "cccccccccccc");
    testing::store_match_run(
        database, {two_engine_config({{"n", 1}}), later_commit, engine("sf"), "WL", "2026-02-01T10:00:00.000Z"});
    testing::store_match_run(
        database, {two_engine_config({{"n", 2}}), earlier_commit, engine("sf"), "WD", "2026-02-02T10:00:00.000Z"});
    testing::store_match_run(database,
                             {two_engine_config({{"n", 3}}), undated, engine("sf"), "DD", "2026-01-07T10:00:00.000Z"});
    const reports::Report report = reports::build_commits_report(database, "tempo", "wac");
    const auto& rows = report.sections.at(0).tables.at(0).rows;
    REQUIRE(rows.size() == 3);
    CHECK(rows[0][0] == "aaaaaaaa");
    CHECK(rows[0][1] == "2026-01-05");
    CHECK(rows[1][0] == "cccccccc");
    CHECK(rows[1][1] == "2026-01-07 (run)");
    CHECK(rows[2][0] == "bbbbbbbb");
    CHECK(rows[2][1] == "2026-01-10");
    // No WAC results: the WAC chart used to be drawn with empty axes.
    REQUIRE(report.sections[0].charts.size() == 1);
    CHECK(report.sections[0].charts[0].id == "commits-elo");
    const std::string html = rendered(report, reports::Format::html);
    CHECK(test_support::count_of(html, "<svg") == 1);
}

TEST_CASE("feature report: a step at 100% shows its floor and its improvement's, marked", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    using db::GameResult;
    testing::SyntheticLadder ladder;
    const auto& p = ladder.players;
    const std::string a = "anchor-a", f = "floater";
    ladder.games = {
        {{p[0], a, GameResult::white_win, 3},
         {a, p[0], GameResult::white_win, 4},
         {p[0], f, GameResult::draw, 4},
         {a, f, GameResult::white_win, 3},
         {f, a, GameResult::white_win, 1}},
        {{p[1], a, GameResult::white_win, 4},
         {a, p[1], GameResult::white_win, 3},
         {p[1], f, GameResult::draw, 4},
         {p[1], p[0], GameResult::white_win, 2},
         {p[0], p[1], GameResult::white_win, 1}},
        {{p[2], a, GameResult::white_win, 5},
         {f, p[2], GameResult::black_win, 5},
         {p[2], p[1], GameResult::white_win, 4}},
    };
    testing::write_synthetic_ladder(database, ladder);
    const reports::Report report = reports::build_feature_report(database, {});
    const auto& rows = report.sections.at(0).tables.at(0).rows;
    REQUIRE(rows.size() == 3);
    // Was "2702 (14)" and "+450 ± ..."-like cells with no mark: finite numbers the games do not give.
    CHECK_THAT(rows[2][5], Catch::StartsWith("> ") && Catch::EndsWith(" (14)"));
    CHECK_THAT(rows[2][6], Catch::StartsWith("> +"));
    CHECK(rows[1][6].find('>') == std::string::npos);
    bool cost_table_seen = false;
    for (const auto& section : report.sections)
        for (const auto& table : section.tables)
            if (table.caption == "Games and CPU-hours per step") {
                CHECK_THAT(table.rows.at(2).at(2), Catch::StartsWith("> +"));
                cost_table_seen = true;
            }
    CHECK(cost_table_seen);
    const auto& elo_chart = report.sections[0].charts.at(0);
    CHECK(elo_chart.series.points[2].bound == ">");
    CHECK_FALSE(elo_chart.series.points[2].error.has_value());
}

TEST_CASE("HTML leaves out a chart without a single value", "[unit]") {
    reports::Report report;
    reports::Section section;
    section.charts.push_back({"empty",
                              "Nothing yet",
                              "Elo",
                              reports::ChartKind::points_with_errors,
                              {"Elo", {{"a", std::nullopt, std::nullopt}, {"b", std::nullopt, std::nullopt}}}});
    section.charts.push_back(
        {"one", "One value", "Elo", reports::ChartKind::points_with_errors, {"Elo", {{"a", 5.0, std::nullopt}}}});
    report.sections.push_back(section);
    const std::string html = rendered(report, reports::Format::html);
    CHECK(test_support::count_of(html, "<svg") == 1);
    CHECK_THAT(html, Catch::Contains("id=\"one\"") && !Catch::Contains("id=\"empty\""));
}
