#pragma once
// An engine built at one git revision with its repository's recipe (harness/build/build_recipe.h),
// cached by everything that decides the binary (harness/build/build_key.h: commit, recipe and its
// variables, the network's bytes, the compilers, the environment's flags). The same inputs are built
// once: later requests (and concurrent ones, which wait on a flock) reuse the binary. After the build the engine's bench
// runs and its node count is checked against the commit message's "Bench: N", as OpenBench does.
//
// Cache layout, per build, KEY = <sha>-<16 hex digits of the key's hash>: <cache>/KEY.lock (flock),
// <cache>/KEY/key (the inputs it was built from), <cache>/KEY/build.log, <cache>/KEY/build/ (cmake's binary dir) or <cache>/KEY/bin/ (the other
// recipes' binary), <cache>/KEY/built (written last: the build is complete), <cache>/KEY/bench and
// bench.log (the bench count and output). The sources are a temporary `git worktree` at
// <cache>/KEY/src, removed afterwards.
//
// The build and then the bench each have a time limit (--build-timeout, else the recipe's
// build.timeout, else kDefaultBuildTimeoutSeconds and kBenchTimeoutSeconds); at the limit the step
// running is killed with every process it started, and the build fails naming its log.

#include <filesystem>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

#include "harness/build/build_recipe.h"

namespace arbiter::build {

// The build's time limit when neither --build-timeout nor build.timeout gives one.
inline constexpr int kDefaultBuildTimeoutSeconds = 3600;

// The request cannot name a build, or what was built is not what the commit says: not a git
// repository, unknown revision, no or a bad recipe, a cache that is no writable directory, a failed
// or timed-out build or bench, a bench mismatch. Bad input (exit 2).
class BuildInputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The build (or the bench) ran and failed or timed out; the message names the log file.
class BuildFailure : public BuildInputError {
public:
    BuildFailure(const std::string& what, std::filesystem::path log) : BuildInputError(what), log_(std::move(log)) {}
    const std::filesystem::path& log() const { return log_; }

private:
    std::filesystem::path log_;
};

// The bench's node count differs from the commit message's "Bench: N" (or the bench printed none).
class BenchMismatch : public BuildInputError {
public:
    using BuildInputError::BuildInputError;
};

struct BuildRequest {
    std::string revision;         // anything `git rev-parse` takes: HEAD, a tag, a short hash
    std::filesystem::path repo;   // a directory inside the repository; empty = the current directory
    std::filesystem::path cache;  // empty = default_build_cache() (harness/build/cache_location.h)
    int jobs = 0;                 // parallel compile jobs; 0 = the number of cores
    // Empty: the arbiter.json of the commit, else of the repository's working tree.
    std::optional<BuildRecipe> recipe;
    RecipeAdditions additions;      // --make-var, --net, --net-var: added to whichever recipe is used
    bool verify_bench = true;       // false: --no-verify-bench, the bench does not run
    bool need_bench_count = false;  // --bench: run the bench even when the recipe does not verify; a
                                    // count that differs from the commit's is shown, not refused
    // How the caller turns the bench check off, for the mismatch message: the entry points differ.
    std::string skip_check_hint = "pass --no-verify-bench to skip the check";
    int timeout_seconds = 0;  // --build-timeout; 0 = the recipe's build.timeout, else the defaults
};

struct BuiltEngine {
    std::string commit;            // full hash
    std::string label;             // "<repository directory name> <first 12 hex digits>", for messages
    std::filesystem::path binary;  // absolute path
    std::filesystem::path log;
    std::string recipe_source;                   // "--recipe", "<sha>:arbiter.json" or the working tree's file
    bool reused = false;                         // found in the cache, nothing compiled
    std::optional<std::string> bench_nodes;      // digits, when the bench ran and printed a count
    std::optional<std::string> announced_bench;  // the commit message's "Bench: N", digits
    bool bench_verified = false;  // the bench check ran and passed (a commit without a Bench: line passes)
};

// The top directory of the repository holding `dir`. Throws BuildInputError when there is none.
std::filesystem::path repository_top(const std::filesystem::path& dir);

// The full commit hash `revision` names in `repo`. Throws BuildInputError for an unknown revision.
std::string resolve_commit(const std::filesystem::path& repo, const std::string& revision);

// Builds (or reuses) the engine at the request's revision and checks its bench. Progress lines go to
// `progress`. Throws BuildInputError (BuildFailure, BenchMismatch) as described above.
BuiltEngine build_revision(const BuildRequest& request, std::ostream& progress);

}  // namespace arbiter::build
