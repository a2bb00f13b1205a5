// What the run pages add for `arbiter serve`: the runs list's status rule (interrupted, SPRT
// verdicts), its W-D-L, Elo and LLR meter; the run report's Elo chart, terminations, games page,
// engine settings and the command that resumes the run.
#include <catch2/catch.hpp>

#include <sstream>

#include <nlohmann/json.hpp>

#include "reports/render.h"
#include "reports/results_reports.h"
#include "reports/run_status.h"
#include "reports/runs_report.h"
#include "tests/reports/match_run_fixture.h"
#include "tests/support/temp_dir.h"
#include "tests/reports/rendered.h"

using namespace arbiter;

using arbiter::testing::rendered;

namespace {

struct TempDb {
    test_support::TempDir dir;
    std::string path = dir.file("pages.db");
};

db::EngineRecord engine(const std::string& name) {
    db::EngineRecord record;
    record.name = name;
    record.command = "/bin/" + name;
    return record;
}

nlohmann::json config_of(const nlohmann::json& extra = nlohmann::json::object()) {
    nlohmann::json config{
        {"engines",
         {{{"name", "new"}, {"cmd", "./tempo"}, {"args", {"--uci"}}, {"options", {{"Hash", 16}}}, {"nodes", 5000}},
          {{"name", "old"}, {"cmd", "/opt/old engine"}, {"nodes", 5000}}}},
        {"games", 2},
        {"rounds", 20},
        {"repeat", true},
        {"tournament", "round-robin"},
        {"engine_files", {"v2:aaaa", "v2:bbbb"}}};
    config.update(extra);
    return config;
}

nlohmann::json sprt_of(double elo0, double elo1) {
    return {{"sprt",
             {{"elo0", elo0},
              {"elo1", elo1},
              {"alpha", 0.05},
              {"beta", 0.05},
              {"model", "normalized"},
              {"trinomial", false}}}};
}

// A run stored as running since 10:00 on 2026-01-05 whose games (if any) took a minute each, the
// last finishing at `last_finish`.
std::int64_t store_running(db::Database& database, int games, const std::string& last_finish = "") {
    testing::MatchRunSpec spec{config_of({{"n", games}}), engine("new"), engine("old"), ""};
    spec.status = db::RunStatus::running;
    const std::int64_t run = testing::store_match_run(database, spec);
    for (int i = 0; i < games; ++i) {
        db::GameRecord game;
        game.run_id = run;
        game.pair_index = i / 2;
        game.game_index = i % 2;
        game.white = i % 2 == 0 ? "new" : "old";
        game.black = i % 2 == 0 ? "old" : "new";
        game.started_at = i + 1 == games ? "2026-01-05T10:59:00.000Z" : "2026-01-05T10:01:00.000Z";
        game.finished_at = i + 1 == games ? last_finish : "2026-01-05T10:02:00.000Z";
        database.insert_game(game);
    }
    return run;
}

const std::vector<std::string>& runs_row(const reports::Report& report, std::size_t row) {
    return report.sections.at(0).tables.at(0).rows.at(row);
}

std::string status_at(db::Database& database, const std::string& now) {
    return runs_row(reports::build_runs_report(database, {now}), 0).at(2);
}

}  // namespace

TEST_CASE("a run stored as running without games is interrupted 10 minutes after its start", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    store_running(database, 0);
    CHECK(status_at(database, "2026-01-05T10:09:59.000Z") == "running");
    CHECK(status_at(database, "2026-01-05T10:10:01.000Z") == "interrupted");
}

TEST_CASE("a run whose games take long is interrupted only after 20 of its median games", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    // Five games of one minute each: quiet 20 minutes (20 x 60 s), not 10, before it counts as dead.
    store_running(database, 5, "2026-01-05T11:00:00.000Z");
    CHECK(status_at(database, "2026-01-05T11:15:00.000Z") == "running");
    CHECK(status_at(database, "2026-01-05T11:20:01.000Z") == "interrupted");
}

TEST_CASE("the quiet limit is measured from the newest stored game, and parsed times are exact", "[unit]") {
    CHECK(*reports::seconds_between("2026-01-05T10:00:00.000Z", "2026-01-06T10:00:01.500Z") == Approx(86401.5));
    CHECK_FALSE(reports::seconds_between("yesterday", "2026-01-06T10:00:00Z").has_value());
    db::RunRecord run;
    run.started_at = "2026-01-05T10:00:00.000Z";
    db::RunActivity activity{"2026-01-05T12:00:00.000Z", {1.0, 1.0, 1.0}};
    CHECK_FALSE(reports::looks_interrupted(run, activity, "2026-01-05T12:09:00.000Z"));
    CHECK(reports::looks_interrupted(run, activity, "2026-01-05T12:11:00.000Z"));
    run.status = db::RunStatus::finished;
    CHECK_FALSE(reports::looks_interrupted(run, activity, "2026-02-05T12:11:00.000Z"));
}

TEST_CASE("a decided SPRT names its hypothesis as the status, but not over an aborted run", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    std::string won, lost_games;
    for (int i = 0; i < 20; ++i) won += "WWWD", lost_games += "LLLD";
    testing::store_match_run(database, {config_of(sprt_of(0, 50)), engine("new"), engine("old"), won});
    testing::MatchRunSpec lost{config_of(sprt_of(0, 50)), engine("new"), engine("old"), lost_games};
    lost.config["n"] = 2;
    lost.started_at = "2026-01-04T10:00:00.000Z";
    testing::store_match_run(database, lost);
    testing::MatchRunSpec aborted{config_of(sprt_of(0, 50)), engine("new"), engine("old"), won};
    aborted.config["n"] = 3;
    aborted.started_at = "2026-01-03T10:00:00.000Z";
    aborted.status = db::RunStatus::aborted;
    testing::store_match_run(database, aborted);
    const reports::Report report = reports::build_runs_report(database, {"2026-01-06T00:00:00.000Z"});
    CHECK(runs_row(report, 0).at(2) == "H1 accepted");
    CHECK(runs_row(report, 1).at(2) == "H0 accepted");
    CHECK(runs_row(report, 2).at(2) == "aborted");
}

TEST_CASE("runs list: live runs first, newest first, W-D-L and Elo of a pairing, an LLR meter and links", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    testing::MatchRunSpec old_sprt{config_of(sprt_of(0, 10)), engine("new"), engine("old"), "WDLDWWDDWL"};
    old_sprt.started_at = "2026-01-01T10:00:00.000Z";
    testing::store_match_run(database, old_sprt);
    testing::MatchRunSpec plain{config_of({{"n", 1}}), engine("new"), engine("old"), "WDWD"};
    plain.started_at = "2026-01-02T10:00:00.000Z";
    testing::store_match_run(database, plain);
    testing::MatchRunSpec live{config_of({{"n", 2}}), engine("new"), engine("old"), "LL"};
    live.started_at = "2025-12-01T10:00:00.000Z";  // older, but its games are being stored now
    live.status = db::RunStatus::running;
    testing::store_match_run(database, live);
    const reports::Report report = reports::build_runs_report(database);
    const reports::Table& table = report.sections.at(0).tables.at(0);
    REQUIRE(table.rows.size() == 3);
    CHECK(table.rows[0][0] == "3");
    CHECK(table.rows[0][2] == "running");
    CHECK(table.rows[0][6] == "2/40");
    CHECK(table.rows[0][7] == "0-0-2");
    CHECK(table.rows[1][0] == "2");
    CHECK(table.rows[1][7] == "2-2-0");
    CHECK(table.rows[1][9].empty());  // no SPRT: no LLR
    CHECK(table.rows[2][0] == "1");
    CHECK(table.rows[2][5] == "nodes=5000");
    CHECK(table.rows[2][7] == "4-4-2");
    const stats::SprtResult sprt =
        stats::run_sprt(stats::PentaCounts{0, 1, 2, 1, 1}, {0.0, 10.0, 0.05, 0.05, stats::EloModel::normalized});
    REQUIRE(table.meter_column == std::size_t{9});
    REQUIRE(table.meters.size() == 3);
    CHECK_FALSE(table.meters[0].has_value());
    REQUIRE(table.meters[2].has_value());
    CHECK(table.meters[2]->value == Approx(sprt.llr));
    CHECK(table.meters[2]->low == Approx(-2.944).epsilon(1e-3));
    CHECK_THAT(table.rows[2][9], Catch::EndsWith(" (-2.94, 2.94)"));
    CHECK(table.links.at(2).at(0) == "runs/1");
    const std::string html = rendered(report, reports::Format::html);
    CHECK_THAT(html, Catch::Contains("<a href=\"runs/1\">1</a>") && Catch::Contains("<svg class=\"meter\""));
}

TEST_CASE("a run of one pairing without an SPRT gets its Elo charted over the games", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    testing::store_match_run(database, {config_of(), engine("new"), engine("old"), "WDLDWWDDWL"});
    const reports::Report run = reports::build_run_report(database, 1);
    const reports::Section& elo = run.sections.at(2);
    CHECK(elo.heading == "Elo over games");
    REQUIRE(elo.charts.size() == 1);
    CHECK(elo.charts[0].id == "pairing-elo");
    REQUIRE(elo.charts[0].series.points.size() == 11);
    CHECK(*elo.charts[0].series.points[10].value == Approx(stats::estimate_elo(stats::PentaCounts{0, 1, 2, 1, 1}).elo));
}

TEST_CASE("report run counts forfeits per engine and how the games ended", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    const std::int64_t run = testing::store_match_run(database, {config_of(), engine("new"), engine("old"), ""});
    const std::vector<std::pair<db::GameResult, std::string>> endings = {
        {db::GameResult::black_win, "time-forfeit"},   // new (white) lost on time
        {db::GameResult::white_win, "disconnection"},  // new (black) crashed
        {db::GameResult::white_win, "illegal-move"},   // old (black) moved illegally
        {db::GameResult::draw, "threefold"},          {db::GameResult::white_win, "checkmate"},
    };
    for (std::size_t i = 0; i < endings.size(); ++i) {
        db::GameRecord game;
        game.run_id = run;
        game.pair_index = static_cast<std::int64_t>(i / 2);
        game.game_index = static_cast<int>(i % 2);
        game.white = i % 2 == 0 ? "new" : "old";
        game.black = i % 2 == 0 ? "old" : "new";
        game.result = endings[i].first;
        game.termination = endings[i].second;
        database.insert_game(game);
    }
    const reports::Report report = reports::build_run_report(database, run);
    const reports::Section* section = nullptr;
    for (const auto& candidate : report.sections)
        if (candidate.heading == "Terminations") section = &candidate;
    REQUIRE(section != nullptr);
    REQUIRE(section->tables.size() == 2);
    // Engine, Games, Lost on time, Crashes / disconnects, No answer, Illegal moves
    CHECK(section->tables[0].rows ==
          std::vector<std::vector<std::string>>{{"new", "5", "1", "1", "0", "0"}, {"old", "5", "0", "0", "0", "1"}});
    CHECK(section->tables[1].rows == std::vector<std::vector<std::string>>{{"checkmate", "1", "20.0"},
                                                                           {"disconnection", "1", "20.0"},
                                                                           {"illegal-move", "1", "20.0"},
                                                                           {"threefold", "1", "20.0"},
                                                                           {"time-forfeit", "1", "20.0"}});
}

TEST_CASE("report run lists a page of the newest games, linked to their PGN, and says how many are left out",
          "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    testing::store_match_run(database, {config_of(), engine("new"), engine("old"), std::string(250, 'D')});
    const auto games_of = [](const reports::Report& report) -> const reports::Section& {
        for (const auto& section : report.sections)
            if (section.heading == "Games") return section;
        FAIL("no Games section");
        return report.sections.front();
    };
    const reports::Report first = reports::build_run_report(database, 1);
    const reports::Section& listed = games_of(first);
    const reports::Table& table = listed.tables.at(0);
    REQUIRE(table.rows.size() == 100);
    CHECK(table.rows[0][0] == "1");
    CHECK(table.rows[0][1] == "250");  // the newest game first
    CHECK(table.rows[0][4] == "1/2-1/2");
    CHECK(table.rows[0][6] == "30");
    CHECK(table.links.at(0).at(1) == "games/250.pgn");
    CHECK(listed.paragraphs.at(0) ==
          "The newest games 1 to 100 of 250 are listed, newest first; 150 games are not listed.");
    reports::RunReportOptions page;
    page.games = {200, 100};
    const reports::Report second = reports::build_run_report(database, 1, page);
    const reports::Section& last = games_of(second);
    REQUIRE(last.tables.at(0).rows.size() == 50);
    CHECK(last.tables[0].rows[0][0] == "201");
    CHECK(last.tables[0].rows[49][1] == "1");
    CHECK(last.paragraphs.at(0) ==
          "The newest games 201 to 250 of 250 are listed, newest first; 200 games are not listed.");
}

TEST_CASE("report run shows each engine's command and options, and the command that resumes the run", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    testing::store_match_run(database, {config_of(), engine("new"), engine("old"), "WD"});
    const reports::Report report = reports::build_run_report(database, 1);
    const reports::Table& engines = report.sections.at(1).tables.at(0);
    CHECK(engines.rows.at(0).at(5) == "./tempo --uci");
    CHECK(engines.rows.at(0).at(6) == "Hash=16");
    CHECK(engines.rows.at(1).at(5) == "/opt/old engine");
    const reports::Section& reproduce = report.sections.back();
    CHECK(reproduce.heading == "Reproduce");
    REQUIRE(reproduce.blocks.size() == 1);
    const std::string& block = reproduce.blocks[0];
    CHECK_THAT(block, Catch::StartsWith("cat > run-1.json <<'EOF'\n{\n"));
    CHECK_THAT(block, Catch::EndsWith("\nEOF\narbiter match -config run-1.json --db " + temp.path + " --resume 1\n"));
    // The config file holds the stored config without the identity's engine hashes.
    const std::string json = block.substr(block.find('{'), block.find("\nEOF") - block.find('{'));
    nlohmann::json expected = config_of();
    expected.erase("engine_files");
    CHECK(nlohmann::json::parse(json) == expected);
    CHECK_THAT(reproduce.paragraphs.at(0), Catch::Contains("rebuilt from the run's stored config"));
}

TEST_CASE("the reproduce command quotes a database path with spaces and names a shard", "[unit]") {
    test_support::TempDir dir;
    const std::string path = dir.file("my runs 'a'.db");
    db::Database database(path);
    testing::store_match_run(database, {config_of(), engine("new"), engine("old"), "WD"});
    const std::string block = reports::build_run_report(database, 1).sections.back().blocks.at(0);
    std::string quoted = path;
    quoted.replace(quoted.find("'a'"), 3, "'\\''a'\\''");
    CHECK_THAT(block, Catch::Contains("--db '" + quoted + "' --resume 1"));
}

TEST_CASE("a ladder's own run lives as long as its steps' runs store games; an EPD run is never interrupted",
          "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    // Runs of ladder "lad", running since `started_at`.
    const auto ladder_part = [&](db::RunKind kind, const std::string& config, const std::string& started_at) {
        db::RunRecord run;
        run.kind = kind;
        run.config_json = config;
        run.ladder = "lad";
        run.started_at = started_at;
        return database.find_or_create_run(run).id;
    };
    const std::int64_t ladder_id = ladder_part(db::RunKind::ladder, "{\"ladder\":\"lad\"}", "2026-01-05T09:00:00.000Z");
    ladder_part(db::RunKind::epd, "{\"suite\":\"wac\"}", "2026-01-05T09:00:00.000Z");
    // A step's gauntlet whose last game finished at 11:00.
    const std::int64_t step_id = ladder_part(db::RunKind::gauntlet, "{\"step\":1}", "2026-01-05T10:00:00.000Z");
    for (int i = 0; i < 2; ++i) {
        db::GameRecord game;
        game.run_id = step_id;
        game.game_index = i;
        game.white = i == 0 ? "new" : "old";
        game.black = i == 0 ? "old" : "new";
        game.started_at = "2026-01-05T10:58:00.000Z";
        game.finished_at = "2026-01-05T11:00:00.000Z";
        database.insert_game(game);
    }
    const auto status_of = [&](std::int64_t id, const std::string& now) {
        const reports::Report report = reports::build_runs_report(database, {now});
        for (const auto& row : report.sections.at(0).tables.at(0).rows)
            if (row.at(0) == std::to_string(id)) return row.at(2);
        return std::string("no row");
    };
    // The step's games took 2 minutes: quiet for 20 of them (40 min) after its last game is the limit.
    CHECK(status_of(ladder_id, "2026-01-05T11:39:00.000Z") == "running");      // 2 h 39 after its own start
    CHECK(status_of(ladder_id, "2026-01-05T11:41:00.000Z") == "interrupted");  // 41 min after its step's game
    CHECK(status_of(2, "2026-01-06T11:11:00.000Z") == "running");              // an EPD run: no rule
}

TEST_CASE("a run's page states the status the runs list shows, and the stored one when they differ", "[unit]") {
    TempDb temp;
    db::Database database(temp.path);
    const std::int64_t run = store_running(database, 0);
    reports::RunReportOptions options;
    options.now = "2026-01-05T10:09:59.000Z";
    CHECK_THAT(reports::build_run_report(database, run, options).notes.at(0),
               Catch::StartsWith("Kind match, status running, started"));
    options.now = "2026-01-05T10:10:01.000Z";
    CHECK_THAT(reports::build_run_report(database, run, options).notes.at(0),
               Catch::StartsWith("Kind match, status interrupted (stored as running), started"));
}
