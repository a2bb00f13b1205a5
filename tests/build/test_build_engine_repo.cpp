// -engine build=REV repo=DIR: two commits of another repository play each other, each built with
// that repository's recipe and bench-checked before the first game. The engine is a wrapper over
// stockfish whose bench prints the count each commit announces.
#include <catch2/catch.hpp>

#include "tests/build/engine_repo.h"

using namespace build_test;

namespace {

// Commits an engine script whose `bench` prints "<nodes> nodes" (OpenBench's plain form) and which
// is stockfish otherwise; the makefile copies it to $(EXE), so the build takes no compiler.
std::string commit_wrapper(const EngineRepo& repo, unsigned long nodes, const std::string& message) {
    repo.write("engine.sh", "#!/bin/sh\nif [ \"$1\" = bench ]; then echo '" + std::to_string(nodes) +
                                " nodes 1000 nps'; exit 0; fi\nexec " STOCKFISH_BIN " \"$@\"\n");
    repo.write("makefile", "all:\n\tcp engine.sh $(EXE) && chmod +x $(EXE)\n");
    repo.write("arbiter.json", R"({"build": {"recipe": "openbench", "exe": "wrapped"}})");
    return repo.commit(message);
}

std::string match_command(const EngineRepo& repo, const std::string& first, const std::string& second) {
    const std::string where = " repo='" + repo.repo().string() + "'";
    return std::string("cd '") + repo.root().string() + "' && " + ARBITER_BIN + " match -engine build=" + first +
           where + " -engine build=" + second + " -each" + where + " nodes=500 -games 2 -concurrency 1 --db '" +
           (repo.root() / "match.db").string() + "'";
}

}  // namespace

TEST_CASE("match -engine build=REV repo=DIR plays two commits of another repository", "[integration]") {
    REQUIRE(fs::exists(STOCKFISH_BIN));  // as the match and protocol tests, which play it too
    EngineRepo repo;
    const std::string older = commit_wrapper(repo, 1111, "older\n\nBench: 1111");
    const std::string newer = commit_wrapper(repo, 2222, "newer\n\nBench: 2222");

    // repo= on the first engine itself, on the second through -each.
    const Outcome match = repo.shell(match_command(repo, older.substr(0, 7), "HEAD"));
    INFO(match.err);
    REQUIRE(match.code == 0);
    CHECK(contains(match.out, "engine@" + older.substr(0, 12)));
    CHECK(contains(match.out, "engine@" + newer.substr(0, 12)));
    CHECK(contains(match.err, "bench 1111 nodes, as the commit message says"));
    CHECK(contains(match.err, "bench 2222 nodes, as the commit message says"));
}

TEST_CASE("match -engine build=REV repo=DIR refuses a commit whose bench differs, before any game", "[integration]") {
    REQUIRE(fs::exists(STOCKFISH_BIN));  // as the match and protocol tests, which play it too
    EngineRepo repo;
    const std::string good = commit_wrapper(repo, 1111, "good\n\nBench: 1111");
    commit_wrapper(repo, 3333, "claims another count\n\nBench: 1111");
    const Outcome match = repo.shell(match_command(repo, good, "HEAD"));
    CHECK(match.code == 2);
    CHECK(contains(match.err, "counts 3333 nodes"));
    CHECK(contains(match.err, "Bench: 1111"));
    CHECK(contains(match.err, "add bench=no to the engine's keys"));  // match has no --no-verify-bench
    CHECK_FALSE(contains(match.err, "--no-verify-bench"));
    CHECK_FALSE(fs::exists(repo.root() / "match.db"));  // stopped before the run began
}
