#pragma once
// Runs a binary to completion with its stdout and stderr captured apart, under a deadline, so
// the bad-input tests can check exit code and message the way a user sees them.

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/temp_dir.h"

namespace badinput {

struct RunResult {
    int exit_code = -1;      // -1 if killed by a signal or by the deadline
    bool timed_out = false;
    std::string out;
    std::string err;
    long peak_rss_kib = 0;   // the child's maximum resident set size (wait4's ru_maxrss)
};

RunResult run_binary(const std::string& path, const std::vector<std::string>& args,
                     std::chrono::seconds deadline = std::chrono::seconds(60));

// The scratch directory of these tests (file, write, path).
using ScratchDir = test_support::TempDir;

#ifdef ARBITER_BIN
// arbiter itself, as most bad-input cases run it.
inline RunResult run_arbiter(const std::vector<std::string>& args) { return run_binary(ARBITER_BIN, args); }
#endif

}  // namespace badinput
