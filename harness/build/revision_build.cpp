#include "harness/build/revision_build.h"

#include <fstream>
#include <thread>
#include <unistd.h>

#include "harness/build/file_lock.h"
#include "harness/build/subprocess.h"

namespace arbiter::build {
namespace {

namespace fs = std::filesystem;

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
    return text;
}

std::string short_hash(const std::string& commit) { return commit.substr(0, 12); }

struct CacheEntry {
    fs::path dir;
    fs::path lock;
    fs::path log;
    fs::path sources;
    fs::path build_dir;
    fs::path binary;
    fs::path stamp;
};

CacheEntry cache_entry(const fs::path& cache, const std::string& commit) {
    CacheEntry entry;
    entry.dir = cache / commit;
    entry.lock = cache / (commit + ".lock");
    entry.log = entry.dir / "build.log";
    entry.sources = entry.dir / "src";
    entry.build_dir = entry.dir / "build";
    entry.binary = entry.build_dir / "bin" / "tempo";
    entry.stamp = entry.dir / "built";
    return entry;
}

bool is_complete(const CacheEntry& entry) {
    return fs::exists(entry.stamp) && ::access(entry.binary.c_str(), X_OK) == 0;
}

// Registers the commit's sources as a detached worktree for the duration of the build and removes
// it afterwards, failed build or not, so `git worktree list` in the user's repository stays clean.
class TemporaryWorktree {
public:
    TemporaryWorktree(const fs::path& repo, const CacheEntry& entry, const std::string& commit)
        : repo_(repo), path_(entry.sources) {
        remove();  // a worktree left by an interrupted build is replaced, never trusted
        run_logged({"git", "-C", repo_.string(), "worktree", "prune"}, entry.log);
        added_ = run_logged({"git", "-C", repo_.string(), "worktree", "add", "--detach", path_.string(), commit},
                            entry.log)
                     .ok();
    }
    ~TemporaryWorktree() { remove(); }
    TemporaryWorktree(const TemporaryWorktree&) = delete;
    TemporaryWorktree& operator=(const TemporaryWorktree&) = delete;
    bool added() const { return added_; }

private:
    void remove() noexcept {
        try {
            if (!fs::exists(path_)) return;
            if (!run_captured({"git", "-C", repo_.string(), "worktree", "remove", "--force", path_.string()}).ok()) {
                std::error_code ignored;
                fs::remove_all(path_, ignored);
                run_captured({"git", "-C", repo_.string(), "worktree", "prune"});
            }
        } catch (const std::exception&) {
            // Cleanup is best effort: the next build of this commit replaces whatever is left.
        }
    }

    fs::path repo_;
    fs::path path_;
    bool added_ = false;
};

int job_count(int requested) {
    if (requested > 0) return requested;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores > 0 ? static_cast<int>(cores) : 1;
}

[[noreturn]] void fail(const std::string& commit, const CacheEntry& entry, const std::string& step) {
    throw BuildFailure("build of tempo at " + short_hash(commit) + " failed (" + step + "); log: " + entry.log.string(),
                       entry.log);
}

void compile(const fs::path& repo, const std::string& commit, const CacheEntry& entry, int jobs) {
    std::error_code ignored;
    fs::remove_all(entry.build_dir, ignored);  // a half-finished build may hold a cache from other sources
    fs::remove(entry.log, ignored);
    append_log_line(entry.log, "# tempo at " + commit + " from " + repo.string());
    TemporaryWorktree worktree(repo, entry, commit);
    if (!worktree.added()) fail(commit, entry, "git worktree add");
    if (!run_logged({"cmake", "-S", entry.sources.string(), "-B", entry.build_dir.string(), "-DCMAKE_BUILD_TYPE=Release"},
                    entry.log)
             .ok())
        fail(commit, entry, "cmake configure");
    if (!run_logged({"cmake", "--build", entry.build_dir.string(), "--target", "tempo", "-j", std::to_string(jobs)},
                    entry.log)
             .ok())
        fail(commit, entry, "cmake --build");
    if (::access(entry.binary.c_str(), X_OK) != 0) fail(commit, entry, "no binary at " + entry.binary.string());
    std::ofstream stamp(entry.stamp);
    stamp << entry.binary.string() << '\n';
    if (!stamp) throw std::runtime_error("cannot write " + entry.stamp.string());
}

}  // namespace

fs::path repository_top(const fs::path& dir) {
    const fs::path where = dir.empty() ? fs::current_path() : dir;
    if (!fs::is_directory(where)) throw BuildInputError("no such directory: " + where.string());
    const ToolResult top = run_captured({"git", "-C", where.string(), "rev-parse", "--show-toplevel"});
    if (!top.ok()) throw BuildInputError(where.string() + " is not inside a git repository");
    return fs::path(trimmed(top.output));
}

std::string resolve_commit(const fs::path& repo, const std::string& revision) {
    if (revision.empty() || revision[0] == '-') throw BuildInputError("'" + revision + "' is not a revision");
    const ToolResult sha =
        run_captured({"git", "-C", repo.string(), "rev-parse", "--verify", "--quiet", revision + "^{commit}"});
    if (!sha.ok()) throw BuildInputError("unknown revision '" + revision + "' in " + repo.string());
    return trimmed(sha.output);
}

BuiltEngine build_revision(const BuildRequest& request, std::ostream& progress) {
    const fs::path repo = repository_top(request.repo);
    const std::string commit = resolve_commit(repo, request.revision);
    const fs::path cache = fs::absolute(request.cache.empty() ? repo / ".cache" / "builds" : request.cache);
    std::error_code error;
    fs::create_directories(cache / commit, error);
    if (error) throw std::runtime_error("cannot create the build cache " + (cache / commit).string() + ": " + error.message());
    const CacheEntry entry = cache_entry(cache, commit);
    BuiltEngine built{commit, entry.binary, entry.log, true};
    if (is_complete(entry)) return built;
    FileLock lock(entry.lock, progress, "tempo " + short_hash(commit) + ": waiting for another build of it (" +
                                            entry.lock.string() + ")");
    if (is_complete(entry)) return built;  // the build we waited for finished it
    progress << "tempo " << short_hash(commit) << ": building (log: " << entry.log.string() << ")" << std::endl;
    compile(repo, commit, entry, job_count(request.jobs));
    built.reused = false;
    return built;
}

}  // namespace arbiter::build
