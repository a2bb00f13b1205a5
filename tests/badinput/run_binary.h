#pragma once
// Runs a binary to completion with its stdout and stderr captured apart, under a deadline, so
// the bad-input tests can check exit code and message the way a user sees them.

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace badinput {

struct RunResult {
    int exit_code = -1;      // -1 if killed by a signal or by the deadline
    bool timed_out = false;
    std::string out;
    std::string err;
};

RunResult run_binary(const std::string& path, const std::vector<std::string>& args,
                     std::chrono::seconds deadline = std::chrono::seconds(60));

// A fresh directory under the system temp dir, removed with everything in it at scope exit.
class ScratchDir {
public:
    ScratchDir();
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    std::string file(const std::string& name) const { return (path_ / name).string(); }
    // Writes `text` to `name` and returns its path; `executable` sets mode 0755.
    std::string write(const std::string& name, const std::string& text, bool executable = false) const;

private:
    std::filesystem::path path_;
};

}  // namespace badinput
