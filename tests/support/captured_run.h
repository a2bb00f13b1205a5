#pragma once
// A command's entry point, `int command(args, out, err)`, run in the test's own process with both
// streams captured: shared by the match, reliability, epdrun and tune tests.

#include <sstream>
#include <string>
#include <vector>

namespace test_support {

struct RunOutput {
    int code = -1;
    std::string out;
    std::string err;
};

template <class Command>
RunOutput run_captured(Command command, const std::vector<std::string>& args) {
    std::ostringstream out, err;
    RunOutput result;
    result.code = command(args, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

}  // namespace test_support
