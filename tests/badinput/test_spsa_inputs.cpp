// arbiter spsa given what it must refuse before anything is stored (issue #36): a run name with a
// control character, and a value beyond what a parameter holds exactly. tempo at 500 nodes a move.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const std::string kGoodParams = "LmrDivisor,225,100,400,20,0.002\n";

std::vector<std::string> spsa_args(const ScratchDir& dir, const std::string& params, int iterations = 1) {
    return {"spsa", "-engine", std::string("cmd=") + TEMPO_BIN, "name=tempo", "-each", "nodes=500",
            "--params", params, "--iterations", std::to_string(iterations), "--pairs-per-iteration", "1",
            "-concurrency", "2", "--db", dir.file("spsa.db"), "-seed", "7", "--name", "t"};
}

RunResult run_spsa(const std::vector<std::string>& args) { return badinput::run_binary(ARBITER_BIN, args); }

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

TEST_CASE("arbiter spsa refuses an integer parameter beyond 2^53, quoting the text as written", "[badinput]") {
    ScratchDir dir;
    CHECK_THAT(refusal(dir, "LmrDivisor, int, 9223372036854775807, 100, 9223372036854775807, 20, 0.002\n"),
               Contains(dir.file("tune.txt") +
                        ":1: the value '9223372036854775807' is beyond ±9007199254740992 (2^53)"));
}
