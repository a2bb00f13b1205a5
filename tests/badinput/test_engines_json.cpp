// cutechess's engines.json where cutechess-cli looks for it: in the working directory, else in
// its settings folder ($XDG_CONFIG_HOME/cutechess/), unless -engines FILE names one. The real
// arbiter binary runs from a scratch directory through /bin/sh, as a script would call it.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/badinput/run_binary.h"

using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

std::string quoted(const std::string& word) { return "'" + word + "'"; }

// `arbiter match` in `dir` with the given environment prefix ("" or "XDG_CONFIG_HOME=... ").
RunResult run_in(const ScratchDir& dir, const std::string& environment, const std::string& flags) {
    const std::string command =
        "cd " + quoted(dir.path()) + " && " + environment + "exec " + quoted(ARBITER_BIN) + " match " + flags;
    return badinput::run_binary("/bin/sh", {"-c", command});
}

std::string engines_json(const std::string& name) {
    return "[\n  {\n    \"name\": \"" + name +
           "\",\n    \"command\": \"" TEMPO_BIN
           "\",\n    \"protocol\": \"uci\",\n"
           "    \"options\": [{\"name\": \"Hash\", \"type\": \"spin\", \"value\": 8, \"min\": 1, \"max\": 64}]\n  }\n]\n";
}

const std::string kMatch = "-engine conf=t1 -engine cmd=" TEMPO_BIN
                           " name=b -each depth=1 -games 1 -maxmoves 2 "
                           "-logdir off --db run.db";

}  // namespace

TEST_CASE("conf=NAME finds cutechess's engines.json in the working directory", "[badinput]") {
    ScratchDir dir;
    dir.write("engines.json", engines_json("t1"));
    const RunResult run = run_in(dir, "", kMatch);
    INFO("stderr: " << run.err);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.out, Contains("Started game 1 of 1 (t1 vs b)"));
}

TEST_CASE("conf=NAME finds engines.json in cutechess's settings folder", "[badinput]") {
    ScratchDir dir;
    std::filesystem::create_directories(dir.file("config/cutechess"));
    dir.write("config/cutechess/engines.json", engines_json("t1"));
    const RunResult run = run_in(dir, "XDG_CONFIG_HOME=" + quoted(dir.file("config")) + " ", kMatch);
    INFO("stderr: " << run.err);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.out, Contains("(t1 vs b)"));
}

TEST_CASE("a broken engines.json is named with its line, a missing -engines FILE by name", "[badinput]") {
    ScratchDir dir;
    dir.write("engines.json", "[\n  {\"name\": \"t1\",\n   \"command\": \"x\"\n   \"protocol\": \"uci\"}\n]\n");
    const RunResult broken = run_in(dir, "", kMatch);
    CHECK(broken.exit_code == 2);
    CHECK_THAT(broken.err, Contains("engines.json:4:"));
    CHECK_FALSE(std::filesystem::exists(dir.file("run.db")));

    const RunResult missing = run_in(dir, "", kMatch + " -engines none.json");
    CHECK(missing.exit_code == 2);
    CHECK_THAT(missing.err, Contains("-engines: no engines file 'none.json'"));
}
