// -pgnout and -epdout that cannot be opened (issue #17): bad input, exit 2, the message names the
// flag and the path, and the refused run leaves no database or other file behind.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

std::vector<std::string> match_with(const ScratchDir& dir, const std::string& flag, const std::string& path) {
    return {"match",
            "-engine",
            std::string("cmd=") + TEMPO_BIN,
            "name=a",
            "-engine",
            std::string("cmd=") + TEMPO_BIN,
            "name=b",
            "-each",
            "depth=1",
            "-games",
            "2",
            "--db",
            dir.file("run.db"),
            "-logdir",
            "off",
            flag,
            path};
}

std::set<std::string> entries(const ScratchDir& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.file(""))) names.insert(entry.path().filename().string());
    return names;
}

}  // namespace

TEST_CASE("an output file in a missing directory is bad input naming flag and path", "[badinput]") {
    const std::string flag = GENERATE(as<std::string>(), "-pgnout", "-epdout");
    INFO(flag);
    ScratchDir dir;
    const std::string path = dir.file("no/such/dir/out.txt");
    const RunResult run = badinput::run_binary(ARBITER_BIN, match_with(dir, flag, path));
    INFO("stderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(flag + " " + path) && Contains("No such file or directory"));
    CHECK(entries(dir).empty());
}

TEST_CASE("an output path that is a directory is bad input naming flag and path", "[badinput]") {
    ScratchDir dir;
    const std::string path = dir.file("");
    const RunResult run = badinput::run_binary(ARBITER_BIN, match_with(dir, "-pgnout", path));
    INFO("stderr: " << run.err);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains("-pgnout " + path));
    CHECK(entries(dir).empty());
}
