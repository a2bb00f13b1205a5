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

// Runs argv[0] with stdout and stderr appended to `log` (created if missing).
ToolResult run_logged(const std::vector<std::string>& argv, const std::filesystem::path& log);

// Appends one line to `log`, so a build log tells which step each tool output belongs to.
void append_log_line(const std::filesystem::path& log, const std::string& line);

}  // namespace arbiter::build
