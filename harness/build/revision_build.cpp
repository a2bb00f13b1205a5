#include "harness/build/revision_build.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <thread>
#include <unistd.h>

#include "harness/build/bench_count.h"
#include "harness/build/bench_run.h"
#include "harness/build/build_key.h"
#include "harness/build/cache_location.h"
#include "harness/build/file_lock.h"
#include "harness/build/recipe_steps.h"
#include "harness/build/stop_signals.h"
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
    fs::path stamp;
    fs::path binary;
};

CacheEntry cache_entry(const fs::path& cache, const std::string& key) {
    CacheEntry entry;
    entry.dir = cache / key;
    entry.lock = cache / (key + ".lock");
    entry.log = entry.dir / "build.log";
    entry.sources = entry.dir / "src";
    entry.stamp = entry.dir / "built";
    return entry;
}

// The inputs the entry's name hashes, beside the binary, for whoever wonders why two builds differ.
void write_key(const CacheEntry& entry, const BuildKey& key) {
    if (fs::exists(entry.dir / "key")) return;
    std::ofstream(entry.dir / "key") << key.inputs;  // best effort: the name alone keeps builds apart
}

bool is_complete(const CacheEntry& entry) {
    return fs::exists(entry.stamp) && ::access(entry.binary.c_str(), X_OK) == 0;
}

struct ResolvedRecipe {
    BuildRecipe recipe;
    std::string source;
};

// The commit's own arbiter.json first; the working tree's next, so commits from before a repository
// added its arbiter.json still build.
ResolvedRecipe resolve_recipe(const fs::path& repo, const std::string& commit, const BuildRequest& request) {
    if (request.recipe) return {*request.recipe, "--recipe"};
    const std::string in_commit = commit + ":arbiter.json";
    if (run_captured({"git", "-C", repo.string(), "cat-file", "-e", in_commit}).ok()) {
        const ToolResult text = run_captured({"git", "-C", repo.string(), "show", in_commit});
        if (!text.ok()) throw BuildInputError("cannot read " + in_commit);
        const std::string source = short_hash(commit) + ":arbiter.json";
        return {parse_recipe_file(text.output, source), source};
    }
    const fs::path in_tree = repo / "arbiter.json";
    if (fs::exists(in_tree)) return {read_recipe_file(in_tree.string()), in_tree.string()};
    throw BuildInputError(
        "no build recipe for " + short_hash(commit) + " in " + repo.string() +
        ": pass --recipe openbench|cmake|make|\"COMMAND\" or add an arbiter.json to the repository root");
}

// The recipe with the request's additions, its net made absolute (an arbiter.json's from the
// repository's top) and checked to be a readable file before anything is built.
ResolvedRecipe with_request_additions(ResolvedRecipe resolved, const fs::path& repo, const BuildRequest& request) {
    if (!request.additions.empty())
        resolved.recipe = with_additions(std::move(resolved.recipe), request.additions, "--make-var", "--net-var");
    std::string& net = resolved.recipe.net;
    if (!net.empty()) {
        const std::string key = request.additions.net.empty() ? resolved.source + ": build.net" : "--net";
        net = readable_net(fs::path(net).is_absolute() ? net : (repo / net).string(), key);
    }
    return resolved;
}

// Registers the commit's sources as a detached worktree for the duration of the build and removes
// it afterwards, failed build or not, so `git worktree list` in the user's repository stays clean.
class TemporaryWorktree {
public:
    TemporaryWorktree(const fs::path& repo, const CacheEntry& entry, const std::string& commit, const TimeLimit& limit)
        : repo_(repo), path_(entry.sources) {
        remove();  // a worktree left by an interrupted build is replaced, never trusted
        run_logged({"git", "-C", repo_.string(), "worktree", "prune"}, entry.log, {}, limit);
        added_ = run_logged({"git", "-C", repo_.string(), "worktree", "add", "--detach", path_.string(), commit},
                            entry.log, {}, limit);
    }
    ~TemporaryWorktree() { remove(); }
    TemporaryWorktree(const TemporaryWorktree&) = delete;
    TemporaryWorktree& operator=(const TemporaryWorktree&) = delete;
    const ToolResult& added() const { return added_; }

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
    ToolResult added_;
};

int job_count(int requested) {
    if (requested > 0) return requested;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores > 0 ? static_cast<int>(cores) : 1;
}

[[noreturn]] void fail(const std::string& label, const CacheEntry& entry, const std::string& step) {
    throw BuildFailure("build of " + label + " failed (" + step + "); log: " + entry.log.string(), entry.log);
}

// The time limit --build-timeout, else the recipe's build.timeout, else `default_seconds` gives.
int limit_seconds(const BuildRequest& request, const BuildRecipe& recipe, int default_seconds) {
    if (request.timeout_seconds > 0) return request.timeout_seconds;
    return recipe.timeout_seconds > 0 ? recipe.timeout_seconds : default_seconds;
}

void compile(const fs::path& repo, const std::string& commit, const ResolvedRecipe& resolved, const CacheEntry& entry,
             const std::string& label, int jobs, const TimeLimit& limit) {
    std::error_code ignored;
    fs::remove(entry.log, ignored);
    fs::remove(entry.dir / "bench", ignored);  // counted for a binary this build replaces
    append_log_line(entry.log, "# " + label + " (" + commit + ") from " + repo.string());
    append_log_line(entry.log, "# recipe from " + resolved.source + ": " + normalised_recipe(resolved.recipe));
    TemporaryWorktree worktree(repo, entry, commit, limit);
    if (!worktree.added().ok()) fail(label, entry, "git worktree add: " + worktree.added().ending());
    const RecipePaths paths{entry.sources, entry.dir, entry.log, repo.filename().string()};
    const std::string failed_step = run_recipe(resolved.recipe, paths, jobs, limit, resolved.source);
    if (!failed_step.empty()) fail(label, entry, failed_step);
    std::ofstream stamp(entry.stamp);
    stamp << entry.binary.string() << '\n';
    if (!stamp) throw std::runtime_error("cannot write " + entry.stamp.string());
}

std::string commit_message(const fs::path& repo, const std::string& commit) {
    const ToolResult message = run_captured({"git", "-C", repo.string(), "log", "-1", "--format=%B", commit});
    if (!message.ok()) throw BuildInputError("cannot read the message of commit " + commit);
    return message.output;
}

// A bench that was killed, at its time limit or because arbiter got a signal, checked nothing.
[[noreturn]] void fail_unfinished_bench(const BuiltEngine& built, const BenchRun& bench, const std::string& command,
                                        int seconds) {
    const std::string how = bench.timed_out ? " did not finish in " + std::to_string(seconds) +
                                                  " s (--build-timeout or build.timeout sets the limit)"
                                            : " was stopped: arbiter got signal " + std::to_string(bench.stop_signal);
    throw BuildFailure(built.label + ": " + command + how + "; output: " + bench.log.string(), bench.log);
}

// OpenBench refuses a build whose bench differs from the one its commit announces, before any game.
void check_bench(BuiltEngine& built, const fs::path& repo, const BuildRecipe& recipe, const BuildRequest& request,
                 const CacheEntry& entry, std::ostream& progress) {
    const bool verify = request.verify_bench && recipe.verify_bench;
    if (!verify && !request.need_bench_count) return;
    const int seconds = limit_seconds(request, recipe, kBenchTimeoutSeconds);
    const BenchRun bench = run_bench(built.binary, recipe.bench_args, entry.dir, seconds);
    std::string command = built.binary.filename().string() + " " + recipe.bench_args;
    command = "'" + command + "'";
    if (bench.timed_out || bench.stop_signal != 0) fail_unfinished_bench(built, bench, command, seconds);
    built.bench_nodes = bench.nodes;
    if (verify) built.announced_bench = bench_in_commit_message(commit_message(repo, built.commit));
    if (!bench.nodes) {
        const std::string why = command + " printed no node count (output: " + bench.log.string() + ")";
        if (built.announced_bench)
            throw BenchMismatch(built.label + ": " + why +
                                "; the commit message says Bench: " + *built.announced_bench);
        if (request.need_bench_count) throw BuildInputError(built.label + ": " + why);
        progress << built.label << ": " << why << "; bench not checked" << std::endl;
        return;
    }
    if (built.announced_bench && *built.announced_bench != *bench.nodes) {
        const std::string mismatch = built.label + ": bench mismatch: " + command + " counts " + *bench.nodes +
                                     " nodes, the commit message says Bench: " + *built.announced_bench;
        if (!request.need_bench_count) throw BenchMismatch(mismatch + " (" + request.skip_check_hint + ")");
        progress << mismatch << std::endl;  // --bench: the author asked for the count, mismatch or not
        return;
    }
    built.bench_verified = verify;
    progress << built.label << ": bench " << *bench.nodes << " nodes"
             << (built.announced_bench ? ", as the commit message says"
                 : verify              ? " (no Bench: line in the commit message)"
                                       : "")
             << (bench.cached ? " (cached)" : "") << std::endl;
}

// The cache directory, made when missing. Bad input, named, when it is a file or lies below one:
// checked before anything is built.
fs::path usable_cache(const fs::path& cache) {
    std::error_code error;
    if (fs::exists(cache, error) && !fs::is_directory(cache, error))
        throw BuildInputError("the build cache " + cache.string() + " is not a directory");
    fs::create_directories(cache, error);
    if (error) throw BuildInputError("cannot create the build cache " + cache.string() + ": " + error.message());
    return cache;
}

// A build writes into the cache; a complete entry is only read, so a read-only cache still serves it.
void check_writable(const fs::path& cache) {
    if (::access(cache.c_str(), W_OK | X_OK) != 0)
        throw BuildInputError("cannot write in the build cache " + cache.string() + ": " + std::strerror(errno));
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
    const StopSignals stop_signals;  // the build's tools run in groups of their own: Ctrl-C must still end them
    const fs::path repo = repository_top(request.repo);
    const std::string commit = resolve_commit(repo, request.revision);
    const ResolvedRecipe resolved = with_request_additions(resolve_recipe(repo, commit, request), repo, request);
    const fs::path cache = usable_cache(fs::absolute(request.cache.empty() ? default_build_cache() : request.cache));
    const BuildKey key = build_key(commit, resolved.recipe);
    CacheEntry entry = cache_entry(cache, key.name);
    entry.binary =
        recipe_binary(resolved.recipe, RecipePaths{entry.sources, entry.dir, entry.log, repo.filename().string()});
    std::error_code error;
    fs::create_directories(entry.dir, error);
    if (error)
        throw BuildInputError("cannot create the build cache entry " + entry.dir.string() + ": " + error.message());
    BuiltEngine built;
    built.commit = commit;
    built.label = repo.filename().string() + " " + short_hash(commit);
    built.binary = entry.binary;
    built.log = entry.log;
    built.recipe_source = resolved.source;
    built.reused = true;
    write_key(entry, key);
    if (!is_complete(entry)) {
        check_writable(cache);
        FileLock lock(entry.lock, progress,
                      built.label + ": waiting for another build of it (" + entry.lock.string() + ")");
        if (!is_complete(entry)) {  // else the build we waited for finished it
            progress << built.label << ": building with the " << to_string(resolved.recipe.kind) << " recipe from "
                     << resolved.source << " (log: " << entry.log.string() << ")" << std::endl;
            const int seconds = limit_seconds(request, resolved.recipe, kDefaultBuildTimeoutSeconds);
            const TimeLimit limit = TimeLimit::from_now(seconds);
            compile(repo, commit, resolved, entry, built.label, job_count(request.jobs), limit);
            built.reused = false;
        }
    }
    check_bench(built, repo, resolved.recipe, request, entry, progress);
    return built;
}

}  // namespace arbiter::build
