// JSON files that would cost memory or time out of all proportion (issue #36): arrays nested 20,000
// deep (the duplicate-key check once kept every level's whole path: 780 MB), a "file" that never
// ends (/dev/zero) or is far larger than any configuration, and a number beyond a double's range
// (1e400). Every command that reads a JSON file the user names goes through the one reader, which
// refuses each with exit 2 naming the file and the limit, before any database exists.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const std::string kTempo = TEMPO_BIN;

struct JsonEntryPoint {
    std::string name;
    std::function<RunResult(const std::string& file, const std::string& db)> run;
};

// Each way a user hands arbiter a JSON file, run against `file`.
std::vector<JsonEntryPoint> json_entry_points() {
    const std::string fastchess = (fs::path(ARBITER_BIN).parent_path() / "fastchess").string();
    return {
        {"match -config",
         [](const std::string& file, const std::string& db) {
             return badinput::run_binary(ARBITER_BIN, {"match", "-config", file, "--db", db});
         }},
        {"fastchess -config file=",
         [fastchess](const std::string& file, const std::string& db) {
             return badinput::run_binary(fastchess, {"-config", "file=" + file, "--db", db});
         }},
        {"match -engines",
         [](const std::string& file, const std::string& db) {
             return badinput::run_binary(ARBITER_BIN, {"match", "-engines", file, "-engine", "conf=t1", "-engine",
                                                       "cmd=" + kTempo, "-each", "depth=1", "--db", db});
         }},
        {"ladder",
         [](const std::string& file, const std::string& db) {
             return badinput::run_binary(ARBITER_BIN, {"ladder", file, "--smoke", "--tempo", kTempo, "--db", db});
         }},
    };
}

// Every entry point exits 2 with "FILE" then `message` on stderr, and creates no database.
void check_refused_everywhere(const ScratchDir& dir, const std::string& file, const std::string& message) {
    for (const JsonEntryPoint& entry : json_entry_points()) {
        const RunResult run = entry.run(file, dir.file("run.db"));
        INFO(entry.name << "\nstderr: " << run.err);
        CHECK_FALSE(run.timed_out);
        CHECK(run.exit_code == 2);
        CHECK_THAT(run.err, Contains(file) && Contains(message));
        CHECK_FALSE(fs::exists(dir.file("run.db")));
    }
}

// The largest resident set of any child this process has waited for, in MiB. ctest runs each test
// case in a process of its own, so it is this test's children.
long peak_child_mib() {
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    return usage.ru_maxrss / 1024;
}

constexpr std::size_t kConfigSizeLimit = 4 * 1024 * 1024;  // harness/config/json_file.h

}  // namespace

TEST_CASE("JSON nested 20,000 deep is refused at the nesting limit by every JSON reader, in little memory",
          "[badinput]") {
    ScratchDir dir;
    const std::size_t depth = 20000;
    const std::string deep = dir.write("deep.json", std::string(depth, '[') + std::string(depth, ']'));
    check_refused_everywhere(dir, deep, deep + ": JSON nested deeper than 64 levels");
    // The quadratic check took 780 MB here; arbiter itself needs a few tens.
    CHECK(peak_child_mib() < 200);

    const std::string just_deep_enough = dir.write("64.json", std::string(64, '[') + std::string(64, ']'));
    const RunResult run = json_entry_points().front().run(just_deep_enough, dir.file("run.db"));
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, !Contains("nested deeper"));
}

TEST_CASE("a JSON file larger than the size limit is refused after reading just past it, /dev/zero included",
          "[badinput]") {
    ScratchDir dir;
    const std::string huge = dir.file("huge.json");
    { std::ofstream create(huge); }
    fs::resize_file(huge, 64 * kConfigSizeLimit);  // sparse: no disk used
    check_refused_everywhere(dir, huge, " larger than 4 MiB (the size limit of configuration files)");
    // -engines takes only a regular file and says so; the others read /dev/zero up to the limit.
    check_refused_everywhere(dir, "/dev/zero", "/dev/zero");
    const RunResult zero = json_entry_points().front().run("/dev/zero", dir.file("run.db"));
    CHECK_THAT(zero.err, Contains("/dev/zero: config file larger than 4 MiB (the size limit of configuration files)"));
    CHECK(peak_child_mib() < 200);

    // At the limit exactly, the file is read and its content judged.
    const std::string at_limit = dir.write("limit.json", std::string(kConfigSizeLimit - 2, ' ') + "{}");
    const RunResult run = json_entry_points().front().run(at_limit, dir.file("run.db"));
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, !Contains("larger than"));
}

TEST_CASE("a number beyond a double's range in any JSON file exits 2 naming the file and line", "[badinput]") {
    ScratchDir dir;
    const std::string far_out = dir.write("far.json", "{\n  \"name\": \"x\",\n  \"rounds\": 1e400\n}\n");
    check_refused_everywhere(dir, far_out, far_out + ":3: number out of range: 1e400");
    const std::string array = dir.write("far-list.json", "[\n  {\"name\": \"t1\", \"value\": -2e999}\n]\n");
    check_refused_everywhere(dir, array, array + ":2: number out of range: -2e999");
}
