// `arbiter epd` end to end, in-process (and through the real binary when the tree has one):
// malformed suites, c0 points, resume, engine failures and the per-commit comparison.
#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/epdrun/epd_compare.h"
#include "tests/epdrun/epdrun_test_support.h"
#include "tests/support/child.h"

using namespace epdrun_test;
using Catch::Matchers::Contains;

namespace {

const std::string kStockfish = std::string("cmd=") + STOCKFISH_BIN + " option.Hash=16 option.Threads=1";

std::size_t stored_rows(const std::string& db_path) {
    arbiter::db::Database db(db_path);
    std::size_t rows = 0;
    for (const auto& run : db.list_runs()) rows += db.epd_results_of_run(run.id).size();
    return rows;
}

}  // namespace

TEST_CASE("epd: a malformed suite line is an error naming file and line", "[epd]") {
    ScratchDir dir;
    const std::string suite = dir.write("broken.epd",
                                        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"B.1\";\n"
                                        "\n"
                                        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra9; id \"B.2\";\n");
    const auto run =
        run_epd({"--engine", "cmd=/bin/false", "--suite", suite, "--nodes", "1000", "--db", dir.file("x.db")});
    CHECK(run.code == 2);
    CHECK_THAT(run.err, Contains(suite + ":3:"));
    CHECK_FALSE(std::filesystem::exists(dir.file("x.db")));  // nothing was started or stored

    const auto bad_flag = run_epd({"--engine", "cmd=/bin/false", "--suite", suite, "--nodes", "many"});
    CHECK(bad_flag.code == 2);
    CHECK_THAT(bad_flag.err, Contains("--nodes"));
    const auto no_limit = run_epd({"--engine", "cmd=/bin/false", "--suite", suite});
    CHECK(no_limit.code == 2);
    CHECK_THAT(no_limit.err, Contains("--movetime"));
    const auto xboard_nodes = run_epd({"--engine", "cmd=/bin/false proto=xboard", "--suite", suite, "--nodes", "10"});
    CHECK(xboard_nodes.code == 2);
    CHECK_THAT(xboard_nodes.err, Contains("--nodes"));
}

TEST_CASE("epd: the real arbiter binary reports a malformed suite line", "[epd][binary]") {
#ifdef ARBITER_BIN
    if (!std::filesystem::exists(ARBITER_BIN)) {
        WARN("arbiter binary not built; skipped");
        return;
    }
    ScratchDir dir;
    const std::string suite = dir.write("broken.epd", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Zz9; id \"B.1\";\n");
    test_support::ChildSpec epd{
        .program = ARBITER_BIN,
        .args = {"epd", "--engine", "cmd=/bin/false", "--nodes", "1000", "--db", dir.file("x.db"), "--suite", suite}};
    epd.err = test_support::Stream::into_stdout();
    const auto run = test_support::run(epd);
    if (run.out.find("unknown command") != std::string::npos) {
        WARN("this arbiter binary has no epd command yet; skipped");
        return;
    }
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.out, Contains(suite + ":1:"));
#else
    WARN("no arbiter target in this tree; skipped");
#endif
}

TEST_CASE("epd: c0 points of the played move on an STS-like suite", "[epd]") {
    if (!stockfish_available()) {
        WARN("stockfish not installed; skipped");
        return;
    }
    ScratchDir dir;
    // Mates in one the engine cannot miss. The point lists deliberately disagree with bm on the
    // last two positions: points follow the move played, not whether it solved the position.
    const std::string suite =
        dir.write("mini_sts.epd",
                  "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; c0 \"Ra8#=10, Ra7=3\"; id \"MINI.001\";\n"
                  "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - bm Ra1#; c0 \"Ra1#=10, Ra2=6\"; id \"MINI.002\";\n"
                  "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - bm Rb8#; c0 \"Rb8#=4, Rb7=10\"; id \"MINI.003\";\n"
                  "6k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - c0 \"Rc8#=2, Rc7=10\"; id \"MINI.004\";\n");
    const auto run =
        run_epd({"--engine", kStockfish, "--suite", suite, "--depth", "6", "--db", dir.file("sts.db"), "--json"});
    REQUIRE(run.code == 0);
    const auto json = nlohmann::json::parse(run.out);
    CHECK(json["suite"] == "MINI");
    CHECK(json["points"] == 10 + 10 + 4 + 2);
    CHECK(json["max_points"] == 40);
    CHECK(json["solved"] == 3);  // MINI.004 has only points, and the mate is not worth the most
    CHECK(json["failures"] == nlohmann::json::array({"MINI.004"}));

    const auto text = run_epd({"--engine", kStockfish, "--suite", suite, "--depth", "6", "--db", dir.file("sts.db")});
    CHECK_THAT(text.out, Contains("MINI: 3/4 solved"));
    CHECK_THAT(text.out, Contains("points: 26/40"));
    CHECK_THAT(text.out, Contains("MINI.004"));
}

TEST_CASE("epd: a second run of the same command resumes and adds nothing", "[epd]") {
    if (!stockfish_available()) {
        WARN("stockfish not installed; skipped");
        return;
    }
    ScratchDir dir;
    const std::string db = dir.file("resume.db");
    const std::vector<std::string> args{"--engine", kStockfish, "--nodes", "20000", "--first", "4", "--db", db};
    const auto first = run_epd(args);
    REQUIRE(first.code == 0);
    CHECK_THAT(first.out, Contains("WAC: "));
    CHECK(stored_rows(db) == 4);

    const auto second = run_epd(args);
    CHECK(second.code == 0);
    CHECK_THAT(second.out, Contains("resuming: 4 answers already stored, 0 to go"));
    CHECK(stored_rows(db) == 4);
    // Same summary line both times: the stored answers count.
    const auto summary = [](const std::string& out) {
        return out.substr(out.find("WAC: "), out.find('\n', out.find("WAC: ")) - out.find("WAC: "));
    };
    CHECK(summary(first.out) == summary(second.out));

    auto more = args;
    more[5] = "6";  // --first 6: the same run, two positions to go
    const auto third = run_epd(more);
    CHECK(third.code == 0);
    CHECK_THAT(third.out, Contains("resuming: 4 answers already stored, 2 to go"));
    CHECK(stored_rows(db) == 6);
}

TEST_CASE("epd: an engine that dies is reported, not stored, and fails the run", "[epd]") {
    ScratchDir dir;
    const std::string engine = dir.write("crasher.sh", kCrashingEngine, true);
    const std::string db = dir.file("crash.db");
    const auto run = run_epd({"--engine", "cmd=" + engine, "--nodes", "1000", "--first", "2", "--db", db});
    CHECK(run.code == 1);
    CHECK_THAT(run.out, Contains("ERROR"));
    CHECK_THAT(run.out, Contains("not answered (2)"));
    CHECK(stored_rows(db) == 0);
}

TEST_CASE("epd: comparison with the previous commit flags a drop beyond --max-drop", "[epd]") {
    if (!stockfish_available()) {
        WARN("stockfish not installed; skipped");
        return;
    }
    ScratchDir dir;
    const std::string db = dir.file("commits.db");
    const std::string nullmover = dir.write("nullmover.sh", kNullMoveEngine, true);
    auto args_for = [&](const std::string& engine, const std::string& commit) {
        return std::vector<std::string>{"--engine", engine,    "--engine-name", "candidate", "--git-commit",
                                        commit,     "--nodes", "20000",         "--first",   "5",
                                        "--db",     db,        "--max-drop",    "2"};
    };
    const auto good = run_epd(args_for(kStockfish, "aaaa"));
    REQUIRE(good.code == 0);
    CHECK_THAT(good.out, Contains("no previous scored commit"));

    const auto bad = run_epd(args_for("cmd=" + nullmover, "bbbb"));
    CHECK(bad.code == 3);
    CHECK_THAT(bad.out, Contains("WAC: 0/5 solved"));
    CHECK_THAT(bad.out, Contains("previous commit aaaa"));
    CHECK_THAT(bad.out, Contains("REGRESSION"));

    // A different limit is not comparable: no baseline, no regression.
    auto other_limit = args_for("cmd=" + nullmover, "cccc");
    other_limit[7] = "30000";
    const auto incomparable = run_epd(other_limit);
    CHECK(incomparable.code == 0);
    CHECK_THAT(incomparable.out, Contains("nothing to compare"));
}

TEST_CASE("epd comparison: common positions of the previous comparable commit", "[epd][db]") {
    using namespace arbiter;
    ScratchDir dir;
    db::Database database(dir.file("cmp.db"));
    auto add_run = [&](const std::string& commit, const std::string& config, const std::vector<bool>& solved) {
        db::EngineRecord engine;
        engine.name = "tempo";
        engine.git_commit = commit;
        const auto engine_id = database.upsert_engine(engine);
        db::RunRecord run;
        run.kind = db::RunKind::epd;
        run.config_json = config;
        const auto run_id = database.find_or_create_run(run).id;
        std::vector<db::EpdResultRecord> rows;
        for (std::size_t i = 0; i < solved.size(); ++i) {
            db::EpdResultRecord row;
            row.run_id = run_id;
            row.engine_id = engine_id;
            row.suite = "WAC";
            row.position_id = "WAC.00" + std::to_string(i + 1);
            row.solved = solved[i];
            rows.push_back(row);
        }
        database.insert_epd_results(rows);
        return run_id;
    };
    const std::string same = R"({"suite":{"hash":"h"},"limit":{"nodes":1},"engine":"x"})";
    add_run("c1", same, {true, true, true, true});
    add_run("c2", R"({"suite":{"hash":"h"},"limit":{"nodes":2}})", {false, false});
    const auto current =
        add_run("c3", R"({"suite":{"hash":"h"},"limit":{"nodes":1},"engine":"y"})", {true, false, false});
    const auto mine = database.epd_results_of_run(current);
    const auto comparison = epdrun::compare_with_previous_commit(database, "tempo", "WAC", "c3", current, mine);
    REQUIRE(comparison);
    CHECK(comparison->previous_commit == "c1");  // c2 used another limit
    CHECK(comparison->common_positions == 3);
    CHECK(comparison->previous_solved == 3);
    CHECK(comparison->current_solved == 1);
    CHECK(comparison->newly_failed == std::vector<std::string>{"WAC.002", "WAC.003"});
    CHECK_FALSE(epdrun::compare_with_previous_commit(database, "tempo", "WAC", "c1", 1, {}));
}
