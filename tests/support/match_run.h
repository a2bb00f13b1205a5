#pragma once
// `arbiter match ARGS` run in the test's own process with its output captured, and `+` to join
// argument lists: shared by the match and reliability tests.

#include <string>
#include <vector>

#include "tests/support/captured_run.h"
#include "cli/match_command.h"

namespace test_support {

inline RunOutput run_match_in_process(const std::vector<std::string>& args) {
    return run_captured(arbiter::cli::run_match_command, args);
}

inline std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace test_support
