// arbiter build on hostile repositories and paths (issue #36): a recipe's placeholders take any
// cache path as one word and run nothing from it; build.dir and build.exe stay inside the checkout;
// bench counts of any length are compared; a missing build.dir and an unusable --cache are bad input
// (exit 2, named) before anything is built. The repositories are throwaway ones holding a
// shell-script engine.
#include <catch2/catch.hpp>

#include <algorithm>

#include <filesystem>
#include <fstream>

#include "tests/badinput/run_binary.h"
#include "tests/build/engine_repo.h"

using badinput::RunResult;
using build_test::EngineRepo;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

// engine.sh: its `bench` prints `count` as tempo does.
void write_script_engine(const EngineRepo& repo, const std::string& count) {
    repo.write("engine.sh", "#!/bin/sh\n[ \"$1\" = bench ] && echo 'Nodes searched  : " + count + "'\nexit 0\n");
    fs::permissions(repo.repo() / "engine.sh", fs::perms::owner_all);
}

RunResult arbiter_build(const EngineRepo& repo, const std::vector<std::string>& more) {
    std::vector<std::string> args{"build", "--repo", repo.repo().string(), "--jobs", "1", "--rev", "HEAD"};
    args.insert(args.end(), more.begin(), more.end());
    // The scratch directory's cache, not the user's default one, unless the test names its own.
    if (std::find(more.begin(), more.end(), "--cache") == more.end())
        args.insert(args.end(), {"--cache", repo.cache().string()});
    return badinput::run_binary(ARBITER_BIN, args, std::chrono::seconds(30));
}

// A directory outside the repository whose makefile leaves a mark when make runs there.
fs::path host_directory(const EngineRepo& repo) {
    const fs::path host = repo.root() / "host";
    fs::create_directories(host);
    std::ofstream(host / "Makefile") << "all:\n\ttouch made-here\n";
    std::ofstream(host / "engine") << "#!/bin/sh\necho host file\n";
    fs::permissions(host / "engine", fs::perms::owner_all);
    return host;
}

void check_refused(const RunResult& run, const std::string& key) {
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Contains(key) && Contains("outside the checkout"));
}

}  // namespace

TEST_CASE("{out} and {jobs} are passed quoted: a hostile cache path builds and runs nothing", "[badinput]") {
    const std::string recipe =
        GENERATE(as<std::string>(), "cp engine.sh {out} && test {jobs} = 1",
                 "cp engine.sh \"{out}\" && test \"{jobs}\" = 1", "cp engine.sh '{out}' && test '{jobs}' = 1");
    INFO(recipe);
    EngineRepo repo;
    write_script_engine(repo, "4242");
    repo.commit("script engine\n\nBench: 4242\n");
    const fs::path mark = repo.root() / "ran";
    const fs::path cache = repo.root() / ("a b$(touch " + mark.string() + "-1)`touch " + mark.string() +
                                          "-2`\"'x;touch " + mark.string() + "-3;'\\");
    const RunResult run = arbiter_build(repo, {"--cache", cache.string(), "--recipe", recipe});
    INFO(run.err);
    CHECK(run.exit_code == 0);
    CHECK(build_test::trimmed(run.out).rfind(cache.string() + "/", 0) == 0);
    CHECK(fs::exists(build_test::trimmed(run.out)));
    CHECK_THAT(run.err, Contains("bench 4242 nodes, as the commit message says"));
    for (const char* suffix : {"-1", "-2", "-3"}) CHECK_FALSE(fs::exists(mark.string() + suffix));
}

TEST_CASE("build.dir outside the checkout is refused before make runs there", "[badinput]") {
    EngineRepo repo;
    const fs::path host = host_directory(repo);
    write_script_engine(repo, "1");
    repo.commit("script engine");
    const std::string dir = GENERATE(as<std::string>(), "ABSOLUTE", "../host", "../../host", "sub/../../host");
    const std::string given = dir == "ABSOLUTE" ? host.string() : dir;
    INFO(given);
    repo.write("arbiter.json", R"({"build": {"recipe": "make", "dir": ")" + given + R"(", "exe": "engine"}})");
    check_refused(arbiter_build(repo, {}), "build.dir");
    check_refused(arbiter_build(repo, {"--recipe", "make", "--dir", given, "--exe", "engine"}), "--dir");
    CHECK_FALSE(fs::exists(host / "made-here"));
}

TEST_CASE("build.exe outside the checkout is refused, not copied into the cache", "[badinput]") {
    EngineRepo repo;
    const fs::path host = host_directory(repo);
    repo.write("Makefile", "all:\n\ttrue\n");
    write_script_engine(repo, "1");
    repo.commit("script engine");
    const std::string exe = GENERATE(as<std::string>(), "/bin/true", "../host/engine", "../../host/engine");
    INFO(exe);
    repo.write("arbiter.json", R"({"build": {"recipe": "make", "exe": ")" + exe + R"("}})");
    check_refused(arbiter_build(repo, {}), "build.exe");
    check_refused(arbiter_build(repo, {"--recipe", "make", "--exe", exe}), "--exe");
    check_refused(arbiter_build(repo, {"--recipe", "cmake", "--target", "t", "--exe", exe}), "--exe");
}

TEST_CASE("a build.dir or build.exe that is a link leading out of the checkout is refused", "[badinput]") {
    EngineRepo repo;
    const fs::path host = host_directory(repo);
    repo.write("Makefile", "all:\n\ttrue\n");
    fs::create_directory_symlink(host, repo.repo() / "linked-dir");
    fs::create_symlink(host / "engine", repo.repo() / "linked-engine");
    write_script_engine(repo, "1");
    repo.commit("links out of the repository");
    const RunResult dir = arbiter_build(repo, {"--recipe", "make", "--dir", "linked-dir", "--exe", "engine"});
    check_refused(dir, "linked-dir");
    CHECK_FALSE(fs::exists(host / "made-here"));
    check_refused(arbiter_build(repo, {"--recipe", "make", "--exe", "linked-engine"}), "linked-engine");
}

TEST_CASE("bench counts too long for 64 bits are compared digit for digit, never left unchecked", "[badinput]") {
    const std::string count = "12345678901234567890123456";  // 26 digits
    EngineRepo repo;
    write_script_engine(repo, count);
    repo.commit("huge bench\n\nBench: " + count + "\n");
    const std::vector<std::string> recipe{"--recipe", "cp engine.sh {out}"};
    const RunResult same = arbiter_build(repo, recipe);
    INFO(same.err);
    CHECK(same.exit_code == 0);
    CHECK_THAT(same.err, Contains("bench " + count + " nodes, as the commit message says"));
    CHECK(arbiter_build(repo, {"--recipe", "cp engine.sh {out}", "--bench"}).out == count + "\n");

    repo.write("notes.txt", "a commit of its own\n");
    repo.commit("another huge bench\n\nBench: 0" + count.substr(0, 25) + "7\n");  // the same digits but the last
    const RunResult different = arbiter_build(repo, recipe);
    INFO(different.err);
    CHECK(different.exit_code == 2);
    CHECK_THAT(different.err, Contains("bench mismatch") && Contains(count + " nodes"));

    write_script_engine(repo, "42");
    repo.commit("small bench, huge announcement\n\nBench: " + count + "\n");
    const RunResult small = arbiter_build(repo, recipe);
    INFO(small.err);
    CHECK(small.exit_code == 2);
    CHECK_THAT(small.err, Contains("bench mismatch") && Contains("Bench: " + count));
}

TEST_CASE("a build.dir missing from the commit is bad input naming it", "[badinput]") {
    EngineRepo repo;
    write_script_engine(repo, "1");
    repo.write("arbiter.json", R"({"build": {"recipe": "openbench", "dir": "no-such-dir"}})");
    repo.commit("recipe names a missing directory");
    const RunResult run = arbiter_build(repo, {});
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains("no-such-dir") && Contains("arbiter.json"));
}

TEST_CASE("a --cache that is a file, or inside one, is bad input naming it, before any build", "[badinput]") {
    EngineRepo repo;
    write_script_engine(repo, "1");
    repo.commit("script engine");
    const fs::path file = repo.root() / "a-file";
    std::ofstream(file) << "not a directory\n";
    const std::string cache = GENERATE(as<std::string>(), "", "/below");
    const std::string path = file.string() + cache;
    const RunResult run = arbiter_build(repo, {"--cache", path, "--recipe", "cp engine.sh {out}"});
    INFO(run.err);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(path));
    CHECK_THAT(run.err, !Contains("building"));
}
