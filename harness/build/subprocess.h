#pragma once
// Runs the tools a build needs (git, cmake) to completion. Unlike harness/process, which talks to
// long-lived engines line by line, these children only need their output captured or logged.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::build {

// Raised when a tool cannot be started at all (missing executable, no fork); a tool that runs and
// fails is reported through its exit code instead.
class SpawnError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ToolResult {
    int exit_code = 0;  // 128 + signal number when the tool was killed
    std::string output; // stdout only (stderr goes to the log or is discarded)
    bool ok() const { return exit_code == 0; }
};

// Runs argv[0] (looked up in PATH) with stdin from /dev/null; captures stdout, drops stderr.
ToolResult run_captured(const std::vector<std::string>& argv);

// Runs argv[0] with stdout and stderr appended to `log` (created if missing), in `directory` when
// one is given (else in ours).
ToolResult run_logged(const std::vector<std::string>& argv, const std::filesystem::path& log,
                      const std::filesystem::path& directory = {});

struct TimedResult {
    int exit_code = 0;
    std::string output;  // stdout and stderr, interleaved as written
    bool timed_out = false;
};

// Runs argv[0] with stdin from /dev/null and both output streams captured; kills it when it has not
// finished after `timeout_seconds`.
TimedResult run_merged_with_timeout(const std::vector<std::string>& argv, int timeout_seconds);

// Appends one line to `log`, so a build log tells which step each tool output belongs to.
void append_log_line(const std::filesystem::path& log, const std::string& line);

}  // namespace arbiter::build
