// arbiter build's recipes (openbench, make, cmake, a command) and bench checks on throwaway
// repositories holding a one-file C engine whose bench prints a chosen count.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/build/engine_repo.h"

using namespace build_test;

namespace {

const char* const kOpenBenchJson = R"({"build": {"recipe": "openbench", "dir": "src", "exe": "tiny"}})";

// src/engine.c and src/makefile: an engine whose bench counts `nodes`, built the OpenBench way.
void write_openbench_engine(const EngineRepo& repo, unsigned long nodes) {
    repo.write("src/engine.c", c_engine(nodes));
    repo.write("src/makefile", kOpenBenchMakefile);
}

fs::path entry_dir_of(const fs::path& binary) {
    // <cache>/<sha>-<hash>/bin/<exe> or <cache>/<sha>-<hash>/build/<exe>
    return binary.parent_path().parent_path();
}

// A build that ran no bench: it succeeded and said nothing of a count or a mismatch.
void check_bench_skipped(const Outcome& outcome) {
    INFO(outcome.err);
    CHECK(outcome.code == 0);
    CHECK_FALSE(contains(outcome.err, ": bench "));
    CHECK_FALSE(contains(outcome.err, "mismatch"));
}

}  // namespace

TEST_CASE("the openbench recipe from the commit's arbiter.json: make EXE=, CC passed through, bench checked, cached",
          "[integration]") {
    EngineRepo repo;
    write_openbench_engine(repo, 4242);
    repo.write("arbiter.json", kOpenBenchJson);
    const std::string commit = repo.commit("tiny engine\n\nBench: 4242\n");
    // A compiler wrapper that leaves a mark shows make was told CC from the environment.
    const fs::path mark = repo.root() / "cc-was-used";
    repo.write("../cc-wrapper", "#!/bin/sh\ntouch '" + mark.string() + "'\nexec cc \"$@\"\n");
    fs::permissions(repo.root() / "cc-wrapper", fs::perms::owner_all);

    const std::string with_wrapper = "CC='" + (repo.root() / "cc-wrapper").string() + "'";
    const Outcome first = repo.arbiter_build("--rev HEAD", with_wrapper);
    INFO(first.err);
    REQUIRE(first.code == 0);
    const fs::path binary = trimmed(first.out);
    CHECK(binary.filename() == "tiny");
    CHECK(binary.parent_path().parent_path().filename().string().rfind(commit + "-", 0) == 0);
    CHECK(fs::exists(binary));
    CHECK(fs::exists(mark));
    CHECK(contains(first.err, "openbench recipe from " + commit.substr(0, 12) + ":arbiter.json"));
    CHECK(contains(first.err, "bench 4242 nodes, as the commit message says"));
    const std::string log = test_support::read_text(entry_dir_of(binary) / "build.log");
    CHECK(contains(log, "EXE=tiny"));
    CHECK_FALSE(contains(log, "EXE=" + binary.string()));
    CHECK(contains(log, "CC=" + (repo.root() / "cc-wrapper").string()));

    const auto built_at = fs::last_write_time(binary);
    const Outcome again = repo.arbiter_build("--rev " + commit.substr(0, 8), with_wrapper);  // the same compiler
    REQUIRE(again.code == 0);
    CHECK(trimmed(again.out) == binary.string());
    CHECK(contains(again.err, "cached build"));
    CHECK(contains(again.err, "bench 4242 nodes, as the commit message says (cached)"));
    CHECK(fs::last_write_time(binary) == built_at);
    const Outcome worktrees = repo.shell("git -C '" + repo.repo().string() + "' worktree list");
    CHECK(std::count(worktrees.out.begin(), worktrees.out.end(), '\n') == 1);  // the build's checkout is gone
}

TEST_CASE("openbench through --recipe with --dir and --exe - another recipe is another cache entry", "[integration]") {
    EngineRepo repo;
    write_openbench_engine(repo, 17);
    repo.commit("no arbiter.json here");

    const Outcome one = repo.arbiter_build("--rev HEAD --recipe openbench --dir src --exe one");
    INFO(one.err);
    REQUIRE(one.code == 0);
    CHECK(fs::path(trimmed(one.out)).filename() == "one");
    CHECK(contains(one.err, "recipe from --recipe"));
    CHECK(contains(one.err, "bench 17 nodes (no Bench: line in the commit message)"));

    const Outcome two = repo.arbiter_build("--rev HEAD --recipe openbench --dir src --exe two");
    REQUIRE(two.code == 0);
    CHECK(contains(two.err, ": built"));  // rebuilt, not found in the first recipe's entry
    CHECK(entry_dir_of(trimmed(two.out)) != entry_dir_of(trimmed(one.out)));

    const Outcome one_again = repo.arbiter_build("--rev HEAD --recipe openbench --dir src --exe one");
    REQUIRE(one_again.code == 0);
    CHECK(contains(one_again.err, "cached build"));
    CHECK(trimmed(one_again.out) == trimmed(one.out));
}

TEST_CASE("the make, cmake and command recipes leave their binary in the cache entry", "[integration]") {
    EngineRepo repo;
    repo.write("engine.c", c_engine(31));
    repo.write("Makefile", "engine: engine.c\n\t$(CC) -O0 -o out/engine engine.c\n");
    repo.write("out/.keep", "");
    repo.write("CMakeLists.txt",
               "cmake_minimum_required(VERSION 3.25)\nproject(tiny C)\nadd_executable(tiny engine.c)\n");
    repo.commit("three ways to build\n\nBench: 31");

    const Outcome made = repo.arbiter_build("--rev HEAD --recipe make --exe out/engine");
    INFO(made.err);
    REQUIRE(made.code == 0);
    CHECK(fs::path(trimmed(made.out)) == entry_dir_of(trimmed(made.out)) / "bin" / "engine");
    CHECK(contains(made.err, "bench 31 nodes, as the commit message says"));

    const Outcome cmake = repo.arbiter_build("--rev HEAD --recipe cmake --target tiny");
    INFO(cmake.err);
    REQUIRE(cmake.code == 0);
    CHECK(fs::path(trimmed(cmake.out)) == entry_dir_of(trimmed(cmake.out)) / "build" / "tiny");
    CHECK(contains(cmake.err, "bench 31 nodes"));

    const Outcome command =
        repo.arbiter_build("--rev HEAD --recipe 'echo {jobs} > {out}.jobs && cc -O0 -o {out} engine.c'");
    INFO(command.err);
    REQUIRE(command.code == 0);
    const fs::path binary = trimmed(command.out);
    CHECK(fs::exists(binary));
    CHECK(test_support::read_text(binary.string() + ".jobs") == "1\n");  // --jobs 1
    CHECK(contains(command.err, "bench 31 nodes"));
}

TEST_CASE("a commit that does not build exits 2 naming its log, with the log's end", "[integration]") {
    EngineRepo repo;
    repo.write("src/engine.c", "int main( { return 0; }\n");
    repo.write("src/makefile", kOpenBenchMakefile);
    repo.write("arbiter.json", kOpenBenchJson);
    const std::string commit = repo.commit("broken on purpose");
    const Outcome result = repo.arbiter_build("--rev HEAD");
    CHECK(result.code == 2);
    CHECK(result.out.empty());
    REQUIRE(contains(result.err, "log: " + repo.cache().string() + "/" + commit + "-"));
    CHECK(contains(result.err, "failed (make: exit code 2)"));
    CHECK(contains(result.err, "  | "));  // the tail of the log follows
    CHECK(contains(result.err, "error"));
}

TEST_CASE("bench mismatch exits 2 with both counts - --no-verify-bench and verify=false skip the bench",
          "[integration]") {
    EngineRepo repo;
    write_openbench_engine(repo, 4242);
    repo.write("arbiter.json", kOpenBenchJson);
    repo.commit("tiny engine\n\nBench: 1000\n");

    const Outcome mismatch = repo.arbiter_build("--rev HEAD");
    CHECK(mismatch.code == 2);
    CHECK(mismatch.out.empty());
    CHECK(contains(mismatch.err, "bench mismatch"));
    CHECK(contains(mismatch.err, "counts 4242 nodes"));
    CHECK(contains(mismatch.err, "Bench: 1000"));

    const Outcome cached_mismatch = repo.arbiter_build("--rev HEAD");  // the cached count is checked too
    CHECK(cached_mismatch.code == 2);
    CHECK(contains(cached_mismatch.err, "bench mismatch"));

    check_bench_skipped(repo.arbiter_build("--rev HEAD --no-verify-bench"));

    repo.write("arbiter.json",
               R"({"build": {"recipe": "openbench", "dir": "src", "exe": "tiny"}, "bench": {"verify": false}})");
    repo.commit("stop checking\n\nBench: 1000\n");
    check_bench_skipped(repo.arbiter_build("--rev HEAD"));
}

TEST_CASE("build --bench prints only the node count of a commit without a Bench: line", "[integration]") {
    EngineRepo repo;
    write_openbench_engine(repo, 987654);
    repo.write("arbiter.json", kOpenBenchJson);
    repo.commit("no count announced");
    const Outcome bench = repo.arbiter_build("--rev HEAD --bench");
    INFO(bench.err);
    REQUIRE(bench.code == 0);
    CHECK(bench.out == "987654\n");

    repo.write("src/engine.c", "int main(void) { return 0; }\n");  // a bench that prints nothing
    repo.commit("silent bench");
    const Outcome silent = repo.arbiter_build("--rev HEAD --bench");
    CHECK(silent.code == 2);
    CHECK(contains(silent.err, "printed no node count"));
    const Outcome build_only = repo.arbiter_build("--rev HEAD");  // without --bench it is only a warning
    CHECK(build_only.code == 0);
    CHECK(contains(build_only.err, "printed no node count"));
}

TEST_CASE("the recipe comes from the commit, else from the working tree - none or a bad one is bad input",
          "[integration]") {
    EngineRepo repo;
    write_openbench_engine(repo, 5);
    const std::string old_commit = repo.commit("before arbiter.json");
    const Outcome none = repo.arbiter_build("--rev HEAD");
    CHECK(none.code == 2);
    CHECK(contains(none.err, "pass --recipe"));
    CHECK(contains(none.err, "arbiter.json"));

    repo.write("arbiter.json", kOpenBenchJson);
    repo.commit("recipe added");
    const Outcome old = repo.arbiter_build("--rev " + old_commit);
    INFO(old.err);
    CHECK(old.code == 0);
    CHECK(contains(old.err, "recipe from " + (repo.repo() / "arbiter.json").string()));

    repo.write("arbiter.json", R"({"build": {"recipe": "openbench", "flavour": "src"}})");
    const std::string bad = repo.commit("a typo");
    const Outcome refused = repo.arbiter_build("--rev HEAD");
    CHECK(refused.code == 2);
    CHECK(contains(refused.err, bad.substr(0, 12) + ":arbiter.json: build.flavour: unknown key"));
    CHECK(repo.arbiter_build("--rev HEAD --dir src").code == 2);       // --dir without --recipe
    CHECK(repo.arbiter_build("--rev HEAD --recipe cmake").code == 2);  // no --target
}
