// arbiter spsa given what it must refuse before anything is stored (issue #36): a run name with a
// control character, parameters the engine's options cannot take (a string or check option, a
// range wider than the option's, a float on a spin option), a value beyond what a parameter holds
// exactly, a missing opening book, and a second process on a run that one is playing. A refused
// command stores nothing, so the corrected one starts cleanly. tempo at 500 nodes a move.
#include <catch2/catch.hpp>

#include <signal.h>

#include <chrono>
#include <filesystem>

#include <sqlite3.h>

#include "tests/badinput/run_binary.h"
#include "tests/support/wait_until.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const std::string kGoodParams = "LmrDivisor,225,100,400,20,0.002\n";

std::vector<std::string> spsa_args(const ScratchDir& dir, const std::string& params, int iterations = 1) {
    return {"spsa",
            "-engine",
            std::string("cmd=") + TEMPO_BIN,
            "name=tempo",
            "-each",
            "nodes=500",
            "--params",
            params,
            "--iterations",
            std::to_string(iterations),
            "--pairs-per-iteration",
            "1",
            "-concurrency",
            "2",
            "--db",
            dir.file("spsa.db"),
            "-seed",
            "7",
            "--name",
            "t"};
}

RunResult run_spsa(const std::vector<std::string>& args) { return badinput::run_binary(ARBITER_BIN, args); }

// How many iterations the database holds; 0 while it or its tables do not exist yet. Read with
// SQLite directly and read-only, beside a running arbiter.
long long stored_iterations(const std::string& path) {
    sqlite3* db = nullptr;
    long long count = 0;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT count(*) FROM spsa_iterations", -1, &statement, nullptr) == SQLITE_OK &&
            sqlite3_step(statement) == SQLITE_ROW)
            count = sqlite3_column_int64(statement, 0);
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return count;
}

// A command that must be refused (exit 2) before the database exists: `params_text` as tune.txt,
// `extra` words after the usual ones (a later --name wins). Returns its stderr.
std::string refusal(const ScratchDir& dir, const std::string& params_text, const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = spsa_args(dir, dir.write("tune.txt", params_text));
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult run = run_spsa(args);
    INFO("stderr: " << run.err);
    CHECK(run.exit_code == 2);
    CHECK_FALSE(fs::exists(dir.file("spsa.db")));  // checked before the run is stored
    return run.err;
}

}  // namespace

TEST_CASE("arbiter spsa refuses a run name with a control character before storing anything", "[badinput]") {
    ScratchDir dir;
    CHECK_THAT(refusal(dir, kGoodParams, {"--name", "event\nname"}),
               Contains("--name: control character (newline) in value"));
}

TEST_CASE("arbiter spsa refuses a parameter the engine's option cannot take, naming file, line and range",
          "[badinput]") {
    struct Case {
        std::string line;
        std::string message;
    };
    const Case bad = GENERATE(
        Case{"Features,5,0,10,1,0.002", ":2: Features: tempo's option Features is a string option"},
        Case{"AspirationWindows,1,0,1,1,0.002", ":2: AspirationWindows: tempo's option AspirationWindows is a check"},
        Case{"FutilityMargin1,400,0,5000,20,0.002",
             ":2: FutilityMargin1: the range 0..5000 does not fit tempo's option FutilityMargin1, whose range is "
             "0..1500"},
        Case{"LmrDivisr,225,100,400,20,0.002", ":2: LmrDivisr: tempo doesn't have option LmrDivisr"},
        Case{"LmrBase, float, 75.5, 0, 300, 10, 0.002",
             ":1: LmrBase: tempo's option LmrBase is a spin option; a float"});
    INFO(bad.line);
    ScratchDir dir;
    // An OpenBench line alone (a file has one format); a fishtest line after a good one.
    const std::string text = bad.line.find("float") != std::string::npos ? bad.line : kGoodParams + bad.line;
    CHECK_THAT(refusal(dir, text + "\n"), Contains("--params " + dir.file("tune.txt") + bad.message));
}

TEST_CASE("arbiter spsa: after a refused parameter file the corrected command starts the run", "[badinput]") {
    ScratchDir dir;
    refusal(dir, "LmrDivisr,225,100,400,20,0.002\n");
    const RunResult corrected = run_spsa(spsa_args(dir, dir.write("fixed.txt", kGoodParams)));
    INFO("stderr: " << corrected.err);
    CHECK(corrected.exit_code == 0);
    CHECK(stored_iterations(dir.file("spsa.db")) == 1);
}

TEST_CASE("arbiter spsa refuses a missing opening book before storing the run", "[badinput]") {
    ScratchDir dir;
    CHECK_THAT(refusal(dir, kGoodParams, {"-openings", "file=" + dir.file("missing.epd")}),
               Contains(dir.file("missing.epd")));
}

TEST_CASE("arbiter spsa refuses an integer parameter beyond 2^53, quoting the text as written", "[badinput]") {
    ScratchDir dir;
    CHECK_THAT(
        refusal(dir, "LmrDivisor, int, 9223372036854775807, 100, 9223372036854775807, 20, 0.002\n"),
        Contains(dir.file("tune.txt") + ":1: the value '9223372036854775807' is beyond ±9007199254740992 (2^53)"));
}

TEST_CASE("a second arbiter spsa on a run being played is refused; a killed one's run resumes", "[badinput]") {
    ScratchDir dir;
    const std::vector<std::string> args = spsa_args(dir, dir.write("tune.txt", kGoodParams), 4);
    test_support::Child first(test_support::logged(ARBITER_BIN, args, dir.file("first.log")));
    // An iteration is stored only once the run is claimed; stopped there, the first holds the claim
    // for as long as the second needs, however fast its games are.
    const bool started =
        test_support::wait_until([&] { return stored_iterations(dir.file("spsa.db")) >= 1; }, std::chrono::seconds(30));
    first.signal(SIGSTOP);
    const RunResult second = run_spsa(args);
    first.signal(SIGKILL);
    CHECK(first.wait(std::chrono::seconds(30)).exit_code == -1);  // killed, not finished before the second asked
    REQUIRE(started);
    INFO("stderr: " << second.err);
    CHECK(second.exit_code == 2);
    CHECK_THAT(second.err, Contains("--name t: the run is in use by another arbiter spsa process"));

    const RunResult resumed = run_spsa(args);  // the killed process's claim ended with it
    INFO("resumed: " << resumed.out << resumed.err);
    CHECK(resumed.exit_code == 0);
    CHECK(stored_iterations(dir.file("spsa.db")) == 4);
}
