#pragma once
// `arbiter match ARGS` run in the test's own process with its output captured, and `+` to join
// argument lists: shared by the match and reliability tests.

#include <sstream>
#include <string>
#include <vector>

#include "scheduler/match_command.h"

namespace test_support {

struct RunOutput {
    int code = -1;
    std::string out;
    std::string err;
};

inline RunOutput run_match_in_process(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    RunOutput result;
    result.code = arbiter::scheduler::run_match_command(args, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

inline std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace test_support
