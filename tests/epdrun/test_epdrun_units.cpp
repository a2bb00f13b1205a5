// Pure parts of arbiter epd/ttd: flags, time-to-solution tracking, suite naming and scoring rules,
// engine spec resolution.
#include <catch2/catch.hpp>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "cli/epd_flags.h"
#include "harness/config/match_config.h"
#include "harness/epdrun/engine_setup.h"
#include "harness/epdrun/epd_summary.h"
#include "harness/epdrun/solution_tracker.h"
#include "harness/epdrun/suite.h"
#include "tests/epdrun/epdrun_test_support.h"

using namespace arbiter;
using namespace arbiter::epdrun;
using arbiter::cli::parse_epd_options;
using arbiter::cli::parse_ttd_options;
using Catch::Matchers::Contains;

namespace {

protocol::SearchInfo pv_line(const std::string& first_move, std::optional<int> time_ms,
                             std::optional<int> multipv = {}) {
    protocol::SearchInfo info;
    info.pv = {first_move, "a7a6"};
    if (time_ms) info.time = protocol::Millis(*time_ms);
    info.multipv = multipv;
    return info;
}

SolutionTracker tracker_for(const std::string& good) {
    return SolutionTracker([good](const std::string& move) { return move == good; });
}

}  // namespace

TEST_CASE("epd flags: values are checked and errors name the flag", "[unit]") {
    const auto options = parse_epd_options({"--engine", "stockfish", "--nodes=5000", "--concurrency", "2", "--json",
                                            "--first", "30", "--db", "x.db", "-git-commit", "abc"});
    CHECK(options.engine == "stockfish");
    CHECK(*options.limit.nodes == 5000);
    CHECK(options.concurrency == 2);
    CHECK(options.json);
    CHECK(*options.first == 30);
    CHECK(options.db == "x.db");
    CHECK(options.git_commit == "abc");
    CHECK(options.limit.describe() == "nodes=5000");

    CHECK_THROWS_WITH(parse_epd_options({"--engine", "sf", "--nodes", "lots"}),
                      Contains("--nodes") && Contains("lots"));
    CHECK_THROWS_WITH(parse_epd_options({"--engine", "sf", "--movetime", "0"}), Contains("--movetime"));
    CHECK_THROWS_WITH(parse_epd_options({"--engine", "sf", "--bogus", "1"}), Contains("--bogus"));
    CHECK_THROWS_WITH(parse_epd_options({"--nodes", "5"}), Contains("--engine"));
    CHECK_THROWS_WITH(parse_epd_options({"--engine", "sf", "--depth"}), Contains("--depth") && Contains("value"));
    CHECK_THROWS_WITH(parse_epd_options({"--engine", "sf", "--max-drop", "2"}), Contains("--git-commit"));
    CHECK(parse_epd_options({"--engine", "sf", "--git-commit", "c", "--max-drop", "2"}).compare_previous);
}

TEST_CASE("ttd flags: two engines, a position file and a depth are required", "[unit]") {
    const auto options = parse_ttd_options({"--engine", "a", "--engine", "b", "--positions", "p.epd", "--depth", "9"});
    CHECK(options.engines.size() == 2);
    CHECK(options.depth == 9);
    CHECK_THROWS_WITH(parse_ttd_options({"--engine", "a", "--positions", "p", "--depth", "3"}), Contains("--engine"));
    CHECK_THROWS_WITH(parse_ttd_options({"--engine", "a", "--engine", "b", "--depth", "3"}), Contains("--positions"));
    CHECK_THROWS_WITH(parse_ttd_options({"--engine", "a", "--engine", "b", "--positions", "p"}), Contains("--depth"));
}

TEST_CASE("time to solution: first moment the PV move became and stayed correct", "[unit]") {
    const auto go = protocol::Clock::now();
    SECTION("wrong, then right for good") {
        auto tracker = tracker_for("g3g6");
        tracker.on_go(go);
        tracker.on_info(pv_line("e2e4", 10), go);
        tracker.on_info(pv_line("g3g6", 120), go);
        tracker.on_info(pv_line("g3g6", 300), go);
        CHECK(tracker.time_to_solution("g3g6", 500) == 120);
    }
    SECTION("right, lost, found again: the later moment counts") {
        auto tracker = tracker_for("g3g6");
        tracker.on_go(go);
        tracker.on_info(pv_line("g3g6", 5), go);
        tracker.on_info(pv_line("e2e4", 50), go);
        tracker.on_info(pv_line("g3g6", 400), go);
        CHECK(tracker.time_to_solution("g3g6", 500) == 400);
    }
    SECTION("a wrong final move has no time to solution") {
        auto tracker = tracker_for("g3g6");
        tracker.on_go(go);
        tracker.on_info(pv_line("g3g6", 5), go);
        CHECK_FALSE(tracker.time_to_solution("e2e4", 500));
    }
    SECTION("no agreeing PV: solved only at the end") {
        auto tracker = tracker_for("g3g6");
        tracker.on_go(go);
        tracker.on_info(pv_line("e2e4", 5), go);
        CHECK(tracker.time_to_solution("g3g6", 777) == 777);
    }
    SECTION("secondary MultiPV lines and PV-less lines are ignored") {
        auto tracker = tracker_for("g3g6");
        tracker.on_go(go);
        tracker.on_info(pv_line("g3g6", 40, 1), go);
        tracker.on_info(pv_line("e2e4", 45, 2), go);
        protocol::SearchInfo currmove;
        currmove.currmove = "e2e4";
        tracker.on_info(currmove, go);
        CHECK(tracker.pv_lines() == 1);
        CHECK(tracker.time_to_solution("g3g6", 100) == 40);
    }
    SECTION("without the engine's time, arbiter's clock since go is used") {
        auto tracker = tracker_for("g3g6");
        tracker.on_go(go);
        tracker.on_info(pv_line("g3g6", std::nullopt), go + std::chrono::milliseconds(250));
        CHECK(tracker.time_to_solution("g3g6", 1000) == 250);
    }
}

TEST_CASE("suite names come from the ids' prefix, else the file name", "[unit]") {
    auto record = [](const std::string& id) {
        epd::EpdRecord r;
        r.id = id;
        return r;
    };
    CHECK(suite_name({record("WAC.001"), record("WAC.300")}, "/x/wac.epd") == "WAC");
    CHECK(suite_name({record("STS(v1.0) Undermine.001")}, "a.epd") == "STS(v1.0) Undermine");
    CHECK(suite_name({record("WAC.001"), record("ECM.002")}, "/x/mixed.epd") == "mixed");
    CHECK(suite_name({record("")}, "/x/plain.epd") == "plain");
}

TEST_CASE("scoring rules: bm, am-only and c0-only positions", "[unit]") {
    epdrun_test::ScratchDir dir;
    const std::string path = dir.write("rules.epd",
                                       "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"T.1\";\n"
                                       "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Ra7; id \"T.2\";\n"
                                       "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - c0 \"Ra8#=10, Ra7=4\"; id \"T.2\";\n");
    const Suite suite = load_suite(path);
    REQUIRE(suite.positions.size() == 3);
    CHECK(suite.name == "T");
    CHECK(suite.positions[2].position_id == "line 3");  // repeated id
    const chess::Position pos(suite.positions[0].record.fen);
    const auto mate = chess::parse_san(pos, "Ra8#");
    const auto quiet = chess::parse_san(pos, "Ra7");
    const auto pawn = chess::parse_san(pos, "h3");
    CHECK(solves(suite.positions[0].record, mate));
    CHECK_FALSE(solves(suite.positions[0].record, quiet));
    CHECK(solves(suite.positions[1].record, mate));
    CHECK(solves(suite.positions[1].record, pawn));
    CHECK_FALSE(solves(suite.positions[1].record, quiet));
    CHECK(solves(suite.positions[2].record, mate));
    CHECK_FALSE(solves(suite.positions[2].record, quiet));
    CHECK(points_for(suite.positions[2].record, quiet) == 4);
    CHECK(points_for(suite.positions[2].record, pawn) == 0);
    CHECK_FALSE(points_for(suite.positions[0].record, mate));
    CHECK(max_points(suite.positions[2].record) == 10);
    CHECK_FALSE(solves(suite.positions[0].record, chess::Move::none()));
}

TEST_CASE("suite loading: malformed lines and unscorable positions name file and line", "[unit]") {
    epdrun_test::ScratchDir dir;
    const std::string bad = dir.write("bad.epd",
                                      "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"T.1\";\n"
                                      "# a comment\n"
                                      "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Qh5; id \"T.2\";\n");
    CHECK_THROWS_WITH(load_suite(bad), Contains(bad + ":3"));
    const std::string empty_expectation = dir.write("none.epd", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - id \"T.1\";\n");
    CHECK_THROWS_WITH(load_suite(empty_expectation),
                      Contains(empty_expectation + ":1") && Contains("nothing to score"));
    CHECK_THROWS_WITH(load_suite(dir.file("missing.epd")), Contains("missing.epd"));
}

TEST_CASE("engine specs: catalogue names and key=value lists", "[unit]") {
    const auto catalogued = resolve_engine_text("stockfish", "--engine");
    CHECK(catalogued.cmd == "/usr/games/stockfish");
    const auto spec = resolve_engine_text("cmd=/bin/true option.Threads=1 option.Hash=16 name=x", "--engine");
    CHECK(spec.cmd == "/bin/true");
    CHECK(options_text(spec) == "Threads=1 Hash=16");
    const auto record = to_engine_record(spec, "x", "deadbeef");
    CHECK(record.options_json == R"({"Hash":"16","Threads":"1"})");
    CHECK(record.git_commit == "deadbeef");
    CHECK(record.command == "/bin/true");
    CHECK_THROWS_WITH(resolve_engine_text("no-such-engine", "--engine"), Contains("no-such-engine"));
    CHECK_THROWS_WITH(resolve_engine_text("cmd=x tc=40/60", "--engine"), Contains("--engine tc"));
    CHECK_THROWS_WITH(resolve_engine_text("cmd=x bogus=1", "--engine"), Contains("bogus"));
}

TEST_CASE("stable hash is FNV-1a", "[unit]") {
    CHECK(stable_hash("") == "cbf29ce484222325");
    CHECK(stable_hash("a") == "af63dc4c8601ec8c");
}

TEST_CASE("default suite is the project's WAC copy", "[unit]") {
    const Suite suite = load_suite(default_suite_path());
    CHECK(suite.name == "WAC");
    CHECK(suite.positions.size() == 300);
}

TEST_CASE("a search-only suite takes positions with nothing to score: the bench set for time to depth", "[unit]") {
    epdrun_test::ScratchDir dir;
    const std::string unscored = dir.write("t.epd", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - id \"T.1\";\n");
    const Suite suite = load_suite(unscored, SuiteUse::search_only);
    REQUIRE(suite.positions.size() == 1);
    CHECK(suite.positions[0].position_id == "T.1");
    const Suite bench = load_suite(bundled_suite_path("bench.epd", "give another file"), SuiteUse::search_only);
    CHECK(bench.name == "bench");
    CHECK(bench.positions.size() == 46);
    CHECK_THROWS_WITH(bundled_suite_path("nosuch.epd", "give another file"),
                      Contains("nosuch.epd not found") && Contains("give another file"));
}
