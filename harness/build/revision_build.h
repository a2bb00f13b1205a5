#pragma once
// tempo built at one git revision, cached by full commit hash. The same commit is built once: later
// requests (and concurrent ones, which wait on a per-commit flock) reuse the binary.
//
// Cache layout, per commit: <cache>/<sha>.lock (flock), <cache>/<sha>/build.log, <cache>/<sha>/build/
// (cmake's binary dir; the binary is build/bin/tempo), <cache>/<sha>/built (written last: the build
// is complete). The sources are a temporary `git worktree` at <cache>/<sha>/src, removed afterwards.

#include <filesystem>
#include <ostream>
#include <stdexcept>
#include <string>

namespace arbiter::build {

// The request cannot name a build: not a git repository, unknown revision. Bad input (exit 2).
class BuildInputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The build ran and failed; the message names the log file. A failed run (exit 1).
class BuildFailure : public std::runtime_error {
public:
    BuildFailure(const std::string& what, std::filesystem::path log) : std::runtime_error(what), log_(std::move(log)) {}
    const std::filesystem::path& log() const { return log_; }

private:
    std::filesystem::path log_;
};

struct BuildRequest {
    std::string revision;         // anything `git rev-parse` takes: HEAD, a tag, a short hash
    std::filesystem::path repo;   // a directory inside the repository; empty = the current directory
    std::filesystem::path cache;  // empty = <repository top>/.cache/builds
    int jobs = 0;                 // parallel compile jobs; 0 = the number of cores
};

struct BuiltEngine {
    std::string commit;            // full hash
    std::filesystem::path binary;  // absolute path of tempo
    std::filesystem::path log;
    bool reused = false;           // found in the cache, nothing compiled
};

// The top directory of the repository holding `dir`. Throws BuildInputError when there is none.
std::filesystem::path repository_top(const std::filesystem::path& dir);

// The full commit hash `revision` names in `repo`. Throws BuildInputError for an unknown revision.
std::string resolve_commit(const std::filesystem::path& repo, const std::string& revision);

// Builds (or reuses) tempo at the request's revision. Progress lines go to `progress`.
BuiltEngine build_revision(const BuildRequest& request, std::ostream& progress);

}  // namespace arbiter::build
