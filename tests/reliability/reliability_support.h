#pragma once
// Helpers of the reliability tests: the temporary directory the engines run in (so leftover
// processes are found by their working directory), arbiter in-process or as a child process,
// process and descriptor counts from /proc, and readers of the stored games.

#include <sys/types.h>

#include <csignal>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/match_run.h"
#include "tests/support/stored_games.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "db/database.h"

namespace reliability {

using TempDir = test_support::TempDir;

using test_support::operator+;
using test_support::RunOutput;
// `arbiter match ARGS` in this process.
inline RunOutput run_in_process(const std::vector<std::string>& args) { return test_support::run_match_in_process(args); }

// `arbiter match ARGS` as a child process with stdout and stderr in files.
struct ChildOptions {
    std::optional<std::uint64_t> max_file_bytes;  // RLIMIT_FSIZE, with SIGXFSZ ignored: a "full disk"
    bool drop_root = false;                       // run as nobody when we are root (file modes bind)
};
pid_t spawn_arbiter(const std::vector<std::string>& args, const std::string& out_path, const std::string& err_path,
                    const ChildOptions& options = {});
// Waits for the child; kills it (and fails the test) after `limit`. Returns the raw wait status.
int wait_child(pid_t pid, std::chrono::seconds limit);
// Polls `path` until it holds `count` occurrences of `needle` or `limit` passes.
bool wait_for_lines(const std::string& path, const std::string& needle, std::size_t count, std::chrono::seconds limit);

using test_support::count_of;

// A tempo-against-tempo match at 4000 nodes from the noob book, engines running in `dir`.
std::vector<std::string> tempo_match(const TempDir& dir, const std::string& db, std::size_t games, int seed);

// Sets a signal's disposition in this process while in scope, so that a child spawned meanwhile
// inherits it: SIG_IGN for SIGHUP is what `nohup` gives, SIG_DFL what a terminal gives.
class ScopedSignal {
public:
    ScopedSignal(int signal_number, void (*handler)(int))
        : signal_number_(signal_number), previous_(std::signal(signal_number, handler)) {}
    ~ScopedSignal() { std::signal(signal_number_, previous_); }
    ScopedSignal(const ScopedSignal&) = delete;
    ScopedSignal& operator=(const ScopedSignal&) = delete;

private:
    int signal_number_;
    void (*previous_)(int);
};
using test_support::read_text;

// Processes whose working directory is `dir` (the engines of a test run there via dir=).
std::vector<pid_t> processes_in(const std::string& dir);
// Waits up to `limit` for processes_in(dir) to become empty and returns what is left.
std::vector<pid_t> leftovers_in(const std::string& dir, std::chrono::milliseconds limit);
std::vector<pid_t> children_of(pid_t parent);
std::size_t open_descriptors();

// Games read back from a database (optionally of one run), and the move-for-move comparison.
using test_support::Games;
using test_support::same_games;
using test_support::stored_games;
using test_support::StoredGame;

std::vector<arbiter::db::RunRecord> stored_runs(const std::string& db_path);
bool integrity_ok(const std::string& db_path);

}  // namespace reliability
