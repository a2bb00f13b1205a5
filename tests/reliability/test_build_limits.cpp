// arbiter build against recipes and benches that hang or flood (issue #36): --build-timeout (or
// build.timeout) ends a hung build or bench with exit 2 naming its log, killing every process the
// step started; a signal to arbiter ends them too; a bench's output is capped in memory and on disk.
// The repositories are throwaway ones holding a shell-script engine.
#include <catch2/catch.hpp>

#include <algorithm>

#include <unistd.h>

#include <csignal>
#include <filesystem>

#include "tests/build/engine_repo.h"
#include "tests/reliability/reliability_support.h"
#include "tests/support/sanitizers.h"
#include "tests/support/wait_until.h"

using namespace reliability;
using build_test::EngineRepo;
using Catch::Matchers::Contains;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// A script engine whose `bench` runs `bench_body` and which otherwise exits at once.
void commit_script_engine(const EngineRepo& repo, const std::string& bench_body, const std::string& message) {
    repo.write("engine.sh", "#!/bin/sh\nif [ \"$1\" = bench ]; then\n" + bench_body + "\nfi\nexit 0\n");
    fs::permissions(repo.repo() / "engine.sh", fs::perms::owner_all);
    repo.commit(message);
}

// A shell line that leaves a mark, then hangs in two processes working in `dir` (one in the
// background, as `make -j` leaves its compilers): processes_in(dir) finds whatever survives.
std::string hanging_in(const fs::path& dir) {
    fs::create_directories(dir);
    return "cd '" + dir.string() + "' && touch started && { sleep 1000 & sleep 1000; }";
}

std::vector<std::string> build_args(const EngineRepo& repo, const std::vector<std::string>& more) {
    std::vector<std::string> args{"build", "--repo", repo.repo().string(), "--jobs", "1", "--rev", "HEAD"};
    args.insert(args.end(), more.begin(), more.end());
    // The scratch directory's cache, not the user's default one, unless the test names its own.
    if (std::find(more.begin(), more.end(), "--cache") == more.end())
        args.insert(args.end(), {"--cache", repo.cache().string()});
    return args;
}

}  // namespace

TEST_CASE("a hung build command ends at --build-timeout: exit 2 naming the log, no process left", "[integration]") {
    EngineRepo repo;
    commit_script_engine(repo, "echo 'Nodes searched : 1'", "script engine");
    const fs::path hang = repo.root() / "hang";
    const auto started = std::chrono::steady_clock::now();
    const auto args = build_args(repo, {"--recipe", hanging_in(hang), "--build-timeout", "1"});
    const test_support::ChildResult run = run_tool(ARBITER_BIN, args, repo.root(), 30s);
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK(std::chrono::steady_clock::now() - started < 10s);
    CHECK(fs::exists(hang / "started"));
    CHECK_THAT(run.err, Contains("timed out after 1 s") && Contains("build.log"));
    CHECK(leftovers_in(hang.string(), 3s).empty());
}

TEST_CASE("build.timeout in arbiter.json limits the build as --build-timeout does", "[integration]") {
    EngineRepo repo;
    const fs::path hang = repo.root() / "hang";
    repo.write("arbiter.json", R"({"build": {"recipe": ")" + hanging_in(hang) + R"(", "timeout": 1}})");
    commit_script_engine(repo, "echo 'Nodes searched : 1'", "script engine, hanging recipe");
    const test_support::ChildResult run = run_tool(ARBITER_BIN, build_args(repo, {}), repo.root(), 30s);
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains("timed out after 1 s") && Contains("build.log"));
    CHECK(leftovers_in(hang.string(), 3s).empty());
}

TEST_CASE("a hung bench ends at --build-timeout: exit 2 naming its output, no process left", "[integration]") {
    EngineRepo repo;
    const fs::path hang = repo.root() / "hang";
    commit_script_engine(repo, hanging_in(hang), "hanging bench\n\nBench: 42\n");
    const auto args = build_args(repo, {"--recipe", "cp engine.sh {out}", "--build-timeout", "1"});
    const test_support::ChildResult run = run_tool(ARBITER_BIN, args, repo.root(), 30s);
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK(fs::exists(hang / "started"));
    CHECK_THAT(run.err, Contains("did not finish in 1 s") && Contains("bench.log"));
    CHECK(leftovers_in(hang.string(), 3s).empty());
}

TEST_CASE("SIGTERM to arbiter build ends the build's processes too", "[integration]") {
    EngineRepo repo;
    commit_script_engine(repo, "echo 'Nodes searched : 1'", "script engine");
    const fs::path hang = repo.root() / "hang";
    test_support::Child arbiter(tool_in(ARBITER_BIN, build_args(repo, {"--recipe", hanging_in(hang)}), repo.root()));
    const bool hanging = test_support::wait_until([&] { return processes_in(hang.string()).size() >= 2; }, 10s);
    arbiter.signal(SIGTERM);
    const auto& ended = arbiter.wait(30s);
    REQUIRE(hanging);
    REQUIRE_FALSE(ended.timed_out);
    CHECK(ended.exit_code != 0);  // -1 when SIGTERM ended it
    CHECK(leftovers_in(hang.string(), 3s).empty());
}

TEST_CASE("a flooding bench keeps arbiter's memory and bench.log bounded, and its count is still read",
          "[integration]") {
    EngineRepo repo;
    constexpr long kFloodBytes = 48L << 20;
    commit_script_engine(repo,
                         "yes 'info string a line of bench chatter' | head -c " + std::to_string(kFloodBytes) +
                             "\necho\necho 'Nodes searched  : 4242'",
                         "flooding bench\n\nBench: 4242\n");
    const auto ended = run_tool(ARBITER_BIN, build_args(repo, {"--recipe", "cp engine.sh {out}"}), repo.root());
    const std::string& err = ended.err;
    INFO(err);
    REQUIRE(ended.exited());
    CHECK(ended.exit_code == 0);
    CHECK_THAT(err, Contains("bench 4242 nodes, as the commit message says"));
    const fs::path binary = build_test::trimmed(ended.out);
    const fs::path log = binary.parent_path().parent_path() / "bench.log";  // <entry>/bin/<exe> -> <entry>/bench.log
    REQUIRE(fs::exists(log));
    CHECK(fs::file_size(log) < 4u << 20);  // the kept head and tail, 1 MiB each
    CHECK_THAT(read_text(log), Contains("bytes cut here") && Contains("Nodes searched  : 4242"));
    if (!test_support::kUnderAddressSanitizer)
        CHECK(ended.peak_rss_kib < 32L << 10);  // well under the 48 MB the bench printed
}
