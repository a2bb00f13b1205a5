// fastchess's saved state, config.json, given to arbiter's fastchess dialect (`-config file=`) with
// one value broken the way a hand edit or another tool breaks it: each key gets the check its
// command-line flag makes, the stats must be counts a run of that schedule can have, text that ends
// up in a PGN tag must be one line, and an SPRT that cannot run is refused. Each exits 2 naming the
// file and the key before any game, and leaves no database behind.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>

#include "tests/badinput/run_binary.h"
#include "tests/support/text_file.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

const std::string kSaved = std::string(TEST_DATA_DIR) + "/fastchess_output/config_interrupted.json";

// What fastchess saved (two tempo engines, 2 games x 3 rounds, 2 draws played), with tempo by its
// full path at 300 nodes, 8 moves a game and no output files, so that a run the reader wrongly
// accepts ends quickly; then `change`. Run as `arbiter match -dialect fastchess -config file=`.
RunResult run_state(const ScratchDir& dir, const std::function<void(json&)>& change) {
    json state = json::parse(test_support::read_text(kSaved));
    for (auto& engine : state["engines"]) {
        engine["cmd"] = TEMPO_BIN;
        engine["limit"]["nodes"] = 300;
    }
    state["maxmoves"]["move_count"] = 8;
    state["pgn"]["file"] = "";
    state["epd"]["file"] = "";
    change(state);
    const std::string file = dir.write("config.json", state.dump(4));
    return badinput::run_binary(ARBITER_BIN, {"match", "-dialect", "fastchess", "-config", "file=" + file,
                                              "outname=" + dir.file("saved.json"), "--db", dir.file("run.db")});
}

// Exit 2 with `message` after the file's path, no game started, nothing stored or saved.
void check_refused(const RunResult& run, const ScratchDir& dir, const std::string& message) {
    INFO("stdout: " << run.out << "\nstderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(dir.file("config.json") + message));
    CHECK_THAT(run.out, !Contains("Started game"));
    CHECK_FALSE(fs::exists(dir.file("run.db")));
    CHECK_FALSE(fs::exists(dir.file("saved.json")));
}

}  // namespace

TEST_CASE("fastchess config: the unchanged state is continued", "[badinput]") {
    ScratchDir dir;
    const RunResult run = run_state(dir, [](json&) {});
    INFO("stdout: " << run.out << "\nstderr: " << run.err);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.out, Contains("Games: 6, Wins: "));
}

TEST_CASE("fastchess config: rounds of 4294967297 is out of range, not 1 round", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["rounds"] = 4294967297LL; }), dir,
                  ".rounds: out of range: 4294967297 (at most 2147483647)");
}

TEST_CASE("fastchess config: rounds of 10^18 is out of range, named as rounds", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["rounds"] = 1'000'000'000'000'000'000LL; }), dir,
                  ".rounds: out of range: 1000000000000000000 (at most 2147483647)");
    ScratchDir written_as_real;
    check_refused(run_state(written_as_real, [](json& state) { state["rounds"] = 1e18; }), written_as_real,
                  ".rounds: expected an integer, got 1e+18");
}

TEST_CASE("fastchess config: stats counting more games than the run schedules are refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir,
                            [](json& state) {
                                state["rounds"] = 4;
                                state["stats"]["A vs B"]["wins"] = 1000000;
                            }),
                  dir, ".stats.A vs B.wins: 1000000 is more than the 8 games the file schedules (games 2, rounds 4)");
}

TEST_CASE("fastchess config: pentanomial counts that contradict wins, losses and draws are refused", "[badinput]") {
    ScratchDir dir;
    // Two wins, but the one pair is counted as two draws.
    check_refused(run_state(dir,
                            [](json& state) {
                                state["stats"]["A vs B"]["wins"] = 2;
                                state["stats"]["A vs B"]["draws"] = 0;
                            }),
                  dir, ".stats.A vs B.wins: 2, but the pentanomial counts give 0");
}

TEST_CASE("fastchess config: a tournament type out of range is refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["type"] = 99; }), dir,
                  ".type: must be one of 0 (round-robin), 1 (gauntlet), got 99");
}

TEST_CASE("fastchess config: a variant out of range is refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["variant"] = 7; }), dir,
                  ".variant: must be one of 0 (standard), 1 (fischerandom), got 7");
}

TEST_CASE("fastchess config: an opening format out of range is refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["opening"]["format"] = 5; }), dir,
                  ".opening.format: must be one of 0 (epd), 1 (pgn), 2 (none), got 5");
}

TEST_CASE("fastchess config: an opening order out of range is refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["opening"]["order"] = 7; }), dir,
                  ".opening.order: must be one of 0 (random), 1 (sequential), got 7");
}

TEST_CASE("fastchess config: a PGN notation out of range is refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["pgn"]["notation"] = 9; }), dir,
                  ".pgn.notation: must be one of 0 (san), 1 (lan), 2 (uci), got 9");
}

TEST_CASE("fastchess config: a log level out of range is refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["log"]["level"] = 99; }), dir,
                  ".log.level: must be one of 0 (all), 1 (trace), 2 (info), 3 (warn), 4 (err), 5 (fatal), got 99");
}

TEST_CASE("fastchess config: concurrency 0 is refused, not read as 1", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["concurrency"] = 0; }), dir,
                  ".concurrency: must be 1 or more, got 0");
}

TEST_CASE("fastchess config: concurrency -1 is refused, not read as 1", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["concurrency"] = -1; }), dir,
                  ".concurrency: must be 1 or more, got -1");
}

TEST_CASE("fastchess config: a newline in an engine's name is refused", "[badinput]") {
    ScratchDir dir;
    check_refused(run_state(dir, [](json& state) { state["engines"][0]["name"] = "A\nB"; }), dir,
                  ".engines[0].name: control character (newline) in value");
}

TEST_CASE("fastchess config: a newline in the PGN event name is refused before a game is stored", "[badinput]") {
    ScratchDir dir;
    const RunResult run = run_state(dir, [&dir](json& state) {
        state["pgn"]["event_name"] = "E\n[Result \"1-0\"]";
        state["pgn"]["file"] = dir.file("games.pgn");
    });
    check_refused(run, dir, ".pgn.event_name: control character (newline) in value");
    CHECK_FALSE(fs::exists(dir.file("games.pgn")));
}

TEST_CASE("fastchess config: an SPRT that cannot run is refused before any game", "[badinput]") {
    ScratchDir dir;
    // fastchess's defaults for a disabled test, switched on.
    check_refused(run_state(dir, [](json& state) { state["sprt"]["enabled"] = true; }), dir,
                  ".sprt: alpha and beta must lie strictly between 0 and 1");
    ScratchDir crossing;
    check_refused(run_state(crossing,
                            [](json& state) {
                                state["sprt"] = {{"alpha", 0.6}, {"beta", 0.6},           {"elo0", 0.0},
                                                 {"elo1", 5.0},  {"model", "normalized"}, {"enabled", true}};
                            }),
                  crossing, ".sprt: alpha + beta must be below 1");
}

TEST_CASE("an -sprt with alpha + beta of 1 or more is refused before any game", "[badinput]") {
    ScratchDir dir;
    const RunResult run = badinput::run_binary(
        ARBITER_BIN, {"match",  "-engine",         "cmd=" TEMPO_BIN, "name=a",    "-engine",   "cmd=" TEMPO_BIN,
                      "name=b", "-each",           "nodes=300",      "-maxmoves", "8",         "-games",
                      "2",      "-sprt",           "elo0=0",         "elo1=5",    "alpha=0.6", "beta=0.6",
                      "--db",   dir.file("run.db")});
    INFO("stdout: " << run.out << "\nstderr: " << run.err);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains("-sprt: alpha + beta must be below 1"));
    CHECK_FALSE(fs::exists(dir.file("run.db")));
}

TEST_CASE("fastchess config: a state saved for -repeat 3 is read back", "[badinput]") {
    // Triples are no fastchess pairs: the state says games 1, and its stats have no pentanomial
    // counts to contradict.
    ScratchDir dir;
    const std::string state = dir.file("state.json");
    const std::vector<std::string> engines{"-engine", "cmd=" TEMPO_BIN, "name=a",    "-engine",   "cmd=" TEMPO_BIN,
                                           "name=b",  "-each",          "nodes=300", "-maxmoves", "8"};
    std::vector<std::string> first{"match",   "-games",           "6",    "-repeat",           "3",
                                   "-config", "outname=" + state, "--db", dir.file("first.db")};
    first.insert(first.begin() + 1, engines.begin(), engines.end());
    const RunResult saved = badinput::run_binary(ARBITER_BIN, first);
    INFO("stdout: " << saved.out << "\nstderr: " << saved.err);
    REQUIRE(saved.exit_code == 0);
    CHECK(json::parse(test_support::read_text(state))["games"] == 1);
    const RunResult read_back =
        badinput::run_binary(ARBITER_BIN, {"match", "-config", "file=" + state, "--db", dir.file("second.db")});
    INFO("stdout: " << read_back.out << "\nstderr: " << read_back.err);
    CHECK(read_back.exit_code == 0);
}
