#pragma once
// Runs the tools a build needs (git, cmake, make, a recipe's command, the bench) to completion.
// Unlike harness/process, which talks to long-lived engines line by line, these children only need
// their output captured, logged or streamed. The build's steps and the bench run in process groups
// of their own, under a time limit: at the limit (or on a stop signal, harness/build/stop_signals.h)
// the whole group is killed, so a hung `make -j` leaves none of its compilers behind.

#include <chrono>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::build {

// Raised when a tool cannot be started at all (missing executable, no fork); a tool that runs and
// fails is reported through its exit code instead.
class SpawnError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// When a tool must have finished: a deadline, and the seconds it stands for (for messages).
struct TimeLimit {
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    int seconds = 0;  // 0: none

    static TimeLimit from_now(int seconds);
    bool none() const { return seconds == 0; }
};

struct ToolResult {
    int exit_code = 0;       // 128 + signal number when the tool was killed
    std::string output;      // run_captured: stdout only (stderr is discarded)
    bool timed_out = false;  // killed with its group at its time limit (of limit_seconds)
    int limit_seconds = 0;
    int stop_signal = 0;  // killed with its group because arbiter got this signal
    bool ok() const { return exit_code == 0 && !timed_out && stop_signal == 0; }
    // Why a tool that is not ok() ended, e.g. "timed out after 5 s" or "exit code 2".
    std::string ending() const;
};

// Runs argv[0] (looked up in PATH) with stdin from /dev/null; captures stdout, drops stderr.
ToolResult run_captured(const std::vector<std::string>& argv);

// Runs argv[0] with stdout and stderr appended to `log` (created if missing), in `directory` when
// one is given (else in ours). With a `limit`, the tool runs in a process group of its own, killed
// whole at the limit, on a stop signal, and after the tool ends (what it left in the background).
ToolResult run_logged(const std::vector<std::string>& argv, const std::filesystem::path& log,
                      const std::filesystem::path& directory = {}, const TimeLimit& limit = {});

// Runs argv[0] in a process group of its own, stdin from /dev/null, its stdout and stderr
// (interleaved as written) passed to `sink` as they come; the group is killed as run_logged's.
ToolResult run_streamed(const std::vector<std::string>& argv, const TimeLimit& limit,
                        const std::function<void(std::string_view)>& sink);

// Appends one line to `log`, so a build log tells which step each tool output belongs to.
void append_log_line(const std::filesystem::path& log, const std::string& line);

}  // namespace arbiter::build
