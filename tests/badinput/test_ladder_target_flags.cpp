// `arbiter ladder --target-error E [--max-games N]` given values it cannot use, end to end: each
// exits 2 naming the flag before any game or database exists. The ladder file itself is valid, so
// the flag is the only thing wrong.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

std::string write_ladder(const ScratchDir& dir) {
    const std::string tempo = TEMPO_BIN;
    return dir.write("ladder.json", R"({"name": "t", "steps": [
      {"id": "A", "feature": "a", "category": "Baseline", "options": {"Features": "none"}},
      {"id": "B", "feature": "b", "category": "Search", "options": {"Features": "all"}}],
    "gauntlet": {"opponents": [{"name": "ref", "cmd": ")" +
                                        tempo + R"(", "anchor": 2000}]},
    "engine": {"cmd": ")" + tempo + R"("}})");
}

void check_refused(const std::vector<std::string>& flags, const std::string& message) {
    ScratchDir dir;
    std::vector<std::string> args{"ladder", write_ladder(dir), "--smoke", "--db", dir.file("ladder.db")};
    args.insert(args.end(), flags.begin(), flags.end());
    const RunResult run = badinput::run_binary(ARBITER_BIN, args);
    INFO("flags:" <<
         [&] {
             std::string all;
             for (const auto& f : flags) all += " " + f;
             return all;
         }()
                  << "\nstdout: " << run.out << "\nstderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(message));
    CHECK_THAT(run.out, !Contains("step 1/"));
    CHECK_FALSE(fs::exists(dir.file("ladder.db")));
}

}  // namespace

TEST_CASE("ladder --target-error without a usable Elo value exits 2 naming the flag", "[badinput][ladder]") {
    check_refused({"--target-error"}, "--target-error");
    for (const char* value : {"abc", "30x", "", "0", "-30", "0.5", "nan", "inf", "1e999"}) {
        check_refused({"--target-error", value}, "--target-error");
    }
    check_refused({"--target-error=0"}, "--target-error: expected a 95% error in Elo of at least 1, got '0'");
}

TEST_CASE("ladder --max-games without --target-error, or not a count of games, exits 2 naming the flag",
          "[badinput][ladder]") {
    check_refused({"--max-games", "1000"}, "--max-games: a budget for --target-error");
    for (const char* value : {"abc", "0", "1", "-8", "2.5"}) {
        check_refused({"--target-error", "30", "--max-games", value}, "--max-games");
    }
}

TEST_CASE("ladder --target-error with --games exits 2: the target decides the games", "[badinput][ladder]") {
    check_refused({"--target-error", "30", "--games", "8"}, "--games: --target-error decides how many games");
    check_refused({"--games", "8", "--target-error", "30", "--max-games", "100"}, "--games");
}
