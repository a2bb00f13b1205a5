// arbiter build against throwaway clones of this repository (git clone --local, so cheap).
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <sys/stat.h>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "db/database.h"

namespace fs = std::filesystem;

namespace {

struct Outcome {
    int code = -1;
    std::string out;
    std::string err;
};

using test_support::read_text;

// The slow case builds the real tempo: about two minutes of CPU, as long as ctest allows it.
constexpr std::chrono::minutes kShellLimit{15};

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

using test_support::count_of;

// A fresh clone of this repository in a temporary directory, removed afterwards.
class ScratchClone {
public:
    ScratchClone() {
        REQUIRE(shell("git clone -q --local '" + std::string(REPO_ROOT_DIR) + "' '" + repo().string() + "'").code == 0);
    }
    ScratchClone(const ScratchClone&) = delete;
    ScratchClone& operator=(const ScratchClone&) = delete;

    fs::path repo() const { return root_ / "repo"; }
    fs::path root() const { return root_; }

    // The default build cache of every command run here: in the scratch directory, not the user's.
    fs::path cache() const { return shared_cache_ ? *shared_cache_ : root_ / "arbiter-cache" / "builds"; }
    // Builds go to `cache` instead (ARBITER_BUILD_CACHE, as ci/nightly --cache passes it on).
    void share_cache(const fs::path& cache) { shared_cache_ = cache; }

    // Runs a shell command line; stdout and stderr are collected through files, which a process
    // the command leaves behind cannot hold open as it could a pipe.
    Outcome shell(const std::string& command) const {
        const std::string cache_setting =
            "export ARBITER_CACHE_DIR='" + (root_ / "arbiter-cache").string() + "'; " +
            (shared_cache_ ? "export ARBITER_BUILD_CACHE='" + shared_cache_->string() + "'; "
                           : "unset ARBITER_BUILD_CACHE; ");
        test_support::ChildSpec line = test_support::shell(cache_setting + command);
        line.out = test_support::Stream::file((root_ / "out.txt").string());
        line.err = test_support::Stream::file((root_ / "err.txt").string());
        const test_support::ChildResult run = test_support::run(line, kShellLimit);
        return {run.exit_code, run.out, run.err};
    }

    Outcome arbiter_build(const std::string& flags) const {
        return shell(std::string(ARBITER_BIN) + " build --repo '" + repo().string() + "' --jobs 1 " + flags);
    }

    // Commits `cmake_text` as the top CMakeLists.txt of the clone and returns the new commit's hash.
    std::string commit_cmakelists(const std::string& cmake_text, const std::string& message) const {
        std::ofstream(repo() / "CMakeLists.txt") << cmake_text;
        const std::string git = "git -C '" + repo().string() + "' -c user.name=test -c user.email=test@example.org ";
        REQUIRE(shell(git + "commit -q -am '" + message + "'").code == 0);
        const Outcome head = shell(git + "rev-parse HEAD");
        REQUIRE(head.code == 0);
        return trimmed(head.out);
    }

private:
    test_support::TempDir scratch_;
    fs::path root_ = scratch_.path();
    std::optional<fs::path> shared_cache_;
};

// A one-file project whose only target is called tempo: builds in seconds, so the cache, the lock and
// the failure path are tested without compiling the engine. The sleep keeps concurrent builds overlapping.
const char* const kStandInProject = R"(cmake_minimum_required(VERSION 3.25)
project(stand_in LANGUAGES CXX)
set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
execute_process(COMMAND sleep 2)
file(WRITE ${CMAKE_BINARY_DIR}/stand_in.cpp "int main() { return 0; }\n")
add_executable(tempo ${CMAKE_BINARY_DIR}/stand_in.cpp)
)";

// The cache entry of `commit` built with this repository's arbiter.json: <cache>/<commit>-<recipe hash>.
fs::path entry_of(const fs::path& cache, const std::string& commit) {
    for (const auto& item : fs::directory_iterator(cache))
        if (item.is_directory() && item.path().filename().string().rfind(commit + "-", 0) == 0) return item.path();
    FAIL("no cache entry for " + commit + " in " + cache.string());
    return {};
}

std::size_t worktree_count(const ScratchClone& clone) {
    const Outcome list = clone.shell("git -C '" + clone.repo().string() + "' worktree list");
    REQUIRE(list.code == 0);
    return count_of(list.out, "\n");
}

}  // namespace

TEST_CASE("arbiter build builds a revision once, into a cache keyed by the full commit hash", "[integration]") {
    ScratchClone clone;
    const std::string commit = clone.commit_cmakelists(kStandInProject, "stand-in");
    const Outcome first = clone.arbiter_build("--rev HEAD");
    INFO(first.err);
    REQUIRE(first.code == 0);
    const fs::path expected = entry_of(clone.cache(), commit) / "build" / "bin" / "tempo";
    CHECK(trimmed(first.out) == expected.string());  // stdout is the path and nothing else
    CHECK(fs::exists(expected));
    CHECK(first.err.find("building") != std::string::npos);
    const auto built_at = fs::last_write_time(expected);

    const Outcome again = clone.arbiter_build("--rev " + commit.substr(0, 10));  // another name, same commit
    REQUIRE(again.code == 0);
    CHECK(trimmed(again.out) == expected.string());
    CHECK(again.err.find("cached build") != std::string::npos);
    CHECK(fs::last_write_time(expected) == built_at);
    CHECK(worktree_count(clone) == 1);  // the temporary worktree is gone

    const fs::path elsewhere = clone.root() / "cache";
    const Outcome cached_elsewhere = clone.arbiter_build("--rev HEAD --cache '" + elsewhere.string() + "'");
    REQUIRE(cached_elsewhere.code == 0);
    CHECK(trimmed(cached_elsewhere.out) == (entry_of(elsewhere, commit) / "build" / "bin" / "tempo").string());
}

TEST_CASE("two concurrent builds of one commit compile it once", "[integration]") {
    ScratchClone clone;
    const std::string commit = clone.commit_cmakelists(kStandInProject, "stand-in");
    const std::string build =
        std::string(ARBITER_BIN) + " build --jobs 1 --repo '" + clone.repo().string() + "' --rev HEAD";
    const fs::path one = clone.root() / "one";
    const fs::path two = clone.root() / "two";
    const Outcome both = clone.shell("(" + build + " >'" + one.string() + ".out' 2>'" + one.string() + ".err' & " +
                                     build + " >'" + two.string() + ".out' 2>'" + two.string() + ".err' & wait)");
    REQUIRE(both.code == 0);
    const fs::path entry = entry_of(clone.cache(), commit);
    const std::string binary = (entry / "build" / "bin" / "tempo").string();
    CHECK(trimmed(read_text(one.string() + ".out")) == binary);
    CHECK(trimmed(read_text(two.string() + ".out")) == binary);
    const std::string messages = read_text(one.string() + ".err") + read_text(two.string() + ".err");
    INFO(messages);
    CHECK(count_of(messages, ": building with the cmake recipe") == 1);
    CHECK(count_of(messages, ": built\n") == 1);
    CHECK(count_of(messages, ": cached build") == 1);  // after waiting on the lock, or after the build
    const std::string log = read_text(entry / "build.log");
    CHECK(count_of(log, "$ cmake --build") == 1);
}

TEST_CASE("a revision that does not build fails with the path of its log", "[integration]") {
    ScratchClone clone;
    const std::string broken = clone.commit_cmakelists(
        "cmake_minimum_required(VERSION 3.25)\nproject(broken NONE)\n"
        "message(FATAL_ERROR \"this revision is broken on purpose\")\n",
        "broken");
    const Outcome result = clone.arbiter_build("--rev HEAD");
    CHECK(result.code == 2);  // a commit that does not build is not something to test
    CHECK(result.out.empty());
    const fs::path log = entry_of(clone.cache(), broken) / "build.log";
    CHECK(result.err.find("log: " + log.string()) != std::string::npos);
    CHECK(read_text(log).find("broken on purpose") != std::string::npos);
    CHECK_FALSE(fs::exists(log.parent_path() / "built"));
    CHECK(worktree_count(clone) == 1);
}

TEST_CASE("unknown revisions, missing repositories and bad flags are bad input", "[integration]") {
    ScratchClone clone;
    CHECK(clone.arbiter_build("--rev no-such-revision").code == 2);
    CHECK(clone.arbiter_build("").code == 2);  // --rev missing
    CHECK(clone.arbiter_build("--rev HEAD --jobs zero").code == 2);
    const Outcome outside = clone.shell(std::string(ARBITER_BIN) + " build --rev HEAD --repo /");
    CHECK(outside.code == 2);
    CHECK(outside.err.find("not inside a git repository") != std::string::npos);
}

TEST_CASE("tempo built at HEAD of a clone plays a match as build=HEAD, stored under its commit", "[slow]") {
    ScratchClone clone;
    // Every clone of this checkout has the same HEAD: a cache shared through the build directory
    // lets the nightly smoke test reuse this build instead of compiling tempo a second time.
    clone.share_cache(SHARED_BUILD_CACHE);
    const Outcome head = clone.shell("git -C '" + clone.repo().string() + "' rev-parse HEAD");
    const std::string commit = trimmed(head.out);
    const Outcome built = clone.arbiter_build("--rev HEAD --jobs 2");
    INFO(built.err);
    REQUIRE(built.code == 0);
    const Outcome uci = clone.shell("echo uci | '" + trimmed(built.out) + "'");
    CHECK(uci.out.find("uciok") != std::string::npos);

    // The match finds the build in the cache: no second compile.
    const fs::path db = clone.root() / "match.db";
    const Outcome match = clone.shell("cd '" + clone.repo().string() + "' && " + ARBITER_BIN +
                                      " match -engine build=HEAD -engine build=" + commit.substr(0, 8) +
                                      " name=same -each nodes=2000 -games 2 -concurrency 1 --db '" + db.string() + "'");
    INFO(match.err);
    REQUIRE(match.code == 0);
    CHECK(match.err.find("cached build") != std::string::npos);
    CHECK(match.err.find(": building") == std::string::npos);
    CHECK(match.out.find("tempo@" + commit.substr(0, 12)) != std::string::npos);
    arbiter::db::Database stored(db.string());
    std::size_t at_commit = 0;
    for (const auto& engine : stored.list_engines()) at_commit += engine.git_commit == commit ? 1 : 0;
    CHECK(at_commit == 2);
}
