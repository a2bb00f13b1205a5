// Tournament values of the drop-in dialects that used to be dropped or bounded without a word
// (issue #36): a -resultformat with a field cutechess does not know exits 2 listing the known
// names, in every dialect and from a JSON config; a -seeds count outside the tournament's range
// exits 2 in arbiter's dialect, and in cutechess's and fastchess's (whose tools bound it silently)
// plays the bounded count with a warning.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/badinput/check_bad_input.h"
#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const std::string kTempo = TEMPO_BIN;

std::string tool(const std::string& name) { return (fs::path(ARBITER_BIN).parent_path() / name).string(); }

// `tool` (arbiter, or a link naming a dialect) with three tempo engines at depth 1, six moves a
// game, writing run.db inside `dir`, plus `extra`.
RunResult run_three(const std::string& tool_name, const ScratchDir& dir, const std::vector<std::string>& extra) {
    std::vector<std::string> args;
    if (tool_name == "arbiter") args.emplace_back("match");
    for (const char* name : {"a", "b", "c"})
        args.insert(args.end(), {"-engine", "cmd=" + kTempo, std::string("name=") + name});
    args.insert(args.end(), {"-each", "depth=1", "-games", "1", "-maxmoves", "6", "--db", dir.file("run.db")});
    args.insert(args.end(), extra.begin(), extra.end());
    return badinput::run_binary(tool(tool_name), args);
}

void check_refused(const RunResult& run, const ScratchDir& dir, const std::string& message) {
    badinput::check_refused_before_games(run, dir.file("run.db"), message);
}

}  // namespace

TEST_CASE("a -resultformat naming an unknown field exits 2 listing the known names", "[badinput]") {
    ScratchDir dir;
    const RunResult garbage = run_three("cutechess-cli", dir, {"-resultformat", "garbage!!"});
    check_refused(garbage, dir, "-resultformat: unknown field 'garbage!!' (format names: concise default");
    CHECK_THAT(garbage.err, Contains("fields: ") && Contains(" Rank ") && Contains("groups: DrawStats"));
    check_refused(run_three("cutechess-cli", dir, {"-resultformat", "Rank,Name,Bogus"}), dir,
                  "-resultformat: unknown field 'Bogus' (");
    check_refused(run_three("cutechess-cli", dir, {"-resultformat", " , "}), dir,
                  "-resultformat: ' , ' names no field");
    const std::string state = "outname=" + dir.file("config.json");  // fastchess's state file, not in the cwd
    check_refused(run_three("fastchess", dir, {"-resultformat", "Rank,Nmae,Elo,Eror", "-config", state}), dir,
                  "-resultformat: unknown fields 'Nmae', 'Eror' (");
}

TEST_CASE("a JSON config's resultformat naming an unknown field exits 2 naming the file and key", "[badinput]") {
    ScratchDir dir;
    const std::string config = dir.write("run.json", R"({"engines": [{"cmd": ")" + kTempo + R"(", "name": "a"},
        {"cmd": ")" + kTempo + R"(", "name": "b"}, {"cmd": ")" +
                                                         kTempo + R"(", "name": "c"}],
        "each": {"depth": 1}, "resultformat": "Rank,Name,Bogus"})");
    const RunResult run = badinput::run_binary(ARBITER_BIN, {"match", "-config", config, "--db", dir.file("run.db")});
    check_refused(run, dir, config + ".resultformat: unknown field 'Bogus'");
}

TEST_CASE("-seeds outside the tournament's range exits 2 in arbiter's dialect", "[badinput]") {
    ScratchDir dir;
    check_refused(run_three("arbiter", dir, {"-tournament", "gauntlet", "-seeds", "0"}), dir,
                  "-seeds: a gauntlet of 3 engines has 1 to 2 seeds, got 0");
    check_refused(run_three("arbiter", dir, {"-tournament", "gauntlet", "-seeds", "3"}), dir,
                  "-seeds: a gauntlet of 3 engines has 1 to 2 seeds, got 3");
    check_refused(run_three("arbiter", dir, {"-tournament", "knockout", "-seeds", "4"}), dir,
                  "-seeds: a knockout of 3 engines has 0 to 3 seeds, got 4");
}

TEST_CASE("-seeds outside the range plays the bounded count with a warning in the tools' dialects", "[badinput]") {
    ScratchDir dir;
    const RunResult cutechess = run_three("cutechess-cli", dir, {"-tournament", "gauntlet", "-seeds", "7"});
    INFO("stderr: " << cutechess.err);
    CHECK(cutechess.exit_code == 0);
    CHECK_THAT(cutechess.err, Contains("Warning: -seeds: a gauntlet of 3 engines has 1 to 2 seeds, got 7; "
                                       "playing with 2"));
    fs::remove(dir.file("run.db"));
    const std::string state = "outname=" + dir.file("config.json");  // fastchess's state file, not in the cwd
    const RunResult fastchess =
        run_three("fastchess", dir, {"-tournament", "gauntlet", "-seeds", "0", "-config", state});
    INFO("stderr: " << fastchess.err);
    CHECK(fastchess.exit_code == 0);
    CHECK_THAT(fastchess.err, Contains("Warning: -seeds: a gauntlet of 3 engines has 1 to 2 seeds, got 0; "
                                       "playing with 1"));
}
