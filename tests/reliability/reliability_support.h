#pragma once
// Helpers of the reliability tests: the temporary directory the engines run in (so leftover
// processes are found by their working directory), arbiter in-process or as a child process,
// process and descriptor counts from /proc, and readers of the stored games.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/child.h"
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
inline RunOutput run_in_process(const std::vector<std::string>& args) {
    return test_support::run_match_in_process(args);
}

// `arbiter ARGS` as a child process with stdout and stderr in the files `out` and `err`.
inline test_support::ChildSpec arbiter_logged(const std::vector<std::string>& args, const std::string& out,
                                              const std::string& err) {
    return test_support::logged(ARBITER_BIN, args, out, err);
}

// build/bin/NAME: arbiter itself ("arbiter") or one of its links (fastchess, cutechess-cli).
std::string tool_path(const std::string& name);
// `program ARGS` in `cwd` with stdout and stderr in cwd/out.txt and cwd/err.txt, the way scripts
// call the tools: fastchess writes config.json and reads its engines' relative paths in its
// working directory.
test_support::ChildSpec tool_in(const std::string& program, const std::vector<std::string>& args,
                                const std::string& cwd);
inline test_support::ChildResult run_tool(const std::string& program, const std::vector<std::string>& args,
                                          const std::string& cwd,
                                          std::chrono::seconds limit = std::chrono::seconds(120)) {
    return test_support::run(tool_in(program, args, cwd), limit);
}

// Polls `path` until it holds `count` occurrences of `needle` or `limit` passes.
bool wait_for_lines(const std::string& path, const std::string& needle, std::size_t count, std::chrono::seconds limit);

using test_support::count_of;

// A tempo-against-tempo match at 4000 nodes from the noob book, engines running in `dir`.
std::vector<std::string> tempo_match(const TempDir& dir, const std::string& db, std::size_t games, int seed);

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
