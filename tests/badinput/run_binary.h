#pragma once
// A binary run to completion with its stdout and stderr captured apart, under a deadline, so the
// bad-input tests can check exit code and message the way a user sees them. The streams go to
// files rather than pipes: an engine the binary left behind must not hold the run open.

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"

namespace badinput {

using RunResult = test_support::ChildResult;

inline RunResult run_binary(const std::string& path, const std::vector<std::string>& args,
                            std::chrono::seconds deadline = std::chrono::seconds(60)) {
    const test_support::TempDir capture;
    test_support::ChildSpec spec{.program = path, .args = args};
    spec.out = test_support::Stream::file(capture.file("stdout"));
    spec.err = test_support::Stream::file(capture.file("stderr"));
    return test_support::run(spec, deadline);
}

// The scratch directory of these tests (file, write, path).
using ScratchDir = test_support::TempDir;

#ifdef ARBITER_BIN
// arbiter itself, as most bad-input cases run it.
inline RunResult run_arbiter(const std::vector<std::string>& args) { return run_binary(ARBITER_BIN, args); }
#endif

}  // namespace badinput
