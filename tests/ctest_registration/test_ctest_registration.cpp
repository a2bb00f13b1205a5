// add_catch_test_cases (tests/cmake/CatchTestCases.cmake) on catch_names_probe: every test case,
// whatever its name, is registered under its whole name and its ctest test runs it and nothing else;
// a ctest test whose filter selects no test case fails.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

namespace {

const std::vector<std::string> kProbeNames{"plain name",
                                           "first part; second part",
                                           "-leading dash, read as a flag",
                                           "comma, then [brackets] inside",
                                           "back\\slash and \"quotes\"",
                                           "~leading tilde, read as an exclusion",
                                           "\"leading quote",
                                           "#leading hash",
                                           "star*inside",
                                           "star",
                                           "plain"};

// Far longer than cmake or ctest takes on the probe.
constexpr std::chrono::minutes kLimit{2};

// Registers the probe's test cases as the build does, in a ctest directory of its own.
void register_probe(const test_support::TempDir& dir) {
    const std::vector<std::string> args{"-D", std::string("TEST_EXECUTABLE=") + PROBE_BIN,
                                        "-D", "TEST_WORKING_DIR=" + dir.path(),
                                        "-D", "TEST_PREFIX=probe:",
                                        "-D", "CTEST_FILE=" + dir.file("probe_tests.cmake"),
                                        "-D", "TEST_PROPERTIES=LABELS\x1fprobe",
                                        "-P", REGISTRATION_SCRIPT};
    const auto registered = test_support::run(test_support::logged(CMAKE_BIN, args, dir.file("register.log")), kLimit);
    INFO(registered.out);
    REQUIRE(registered.exit_code == 0);
    std::ofstream(dir.file("CTestTestfile.cmake")) << "include(\"" << dir.file("probe_tests.cmake") << "\")\n";
}

// Runs ctest in `dir` with every probe test case logging its name; ctest's exit code.
int run_ctest(const test_support::TempDir& dir, const std::vector<std::string>& arguments = {}) {
    test_support::ChildSpec ctest = test_support::logged(CTEST_BIN, arguments, dir.file("ctest.log"));
    ctest.cwd = dir.path();
    ctest.env = {{"PROBE_LOG", dir.file("ran.log")}};
    return test_support::run(ctest, kLimit).exit_code;
}

std::map<std::string, int> runs_by_name(const std::string& log) {
    std::map<std::string, int> runs;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) ++runs[line];
    return runs;
}

}  // namespace

TEST_CASE("every probe test case is registered whole and runs exactly once, alone", "[integration]") {
    test_support::TempDir dir;
    register_probe(dir);
    std::ofstream(dir.file("ran.log"));
    const int status = run_ctest(dir, {"-N"});
    REQUIRE(status == 0);
    const std::string listed = test_support::read_text(dir.file("ctest.log"));
    INFO(listed);
    for (const auto& name : kProbeNames) CHECK(listed.find(": probe:" + name + "\n") != std::string::npos);
    CHECK(listed.find("Total Tests: " + std::to_string(kProbeNames.size())) != std::string::npos);

    REQUIRE(run_ctest(dir) == 0);
    const auto runs = runs_by_name(test_support::read_text(dir.file("ran.log")));
    INFO(test_support::read_text(dir.file("ctest.log")));
    CHECK(runs.size() == kProbeNames.size());
    for (const auto& name : kProbeNames) {
        INFO(name);
        CHECK(runs.count(name) == 1);
        if (runs.count(name) == 1) CHECK(runs.at(name) == 1);
    }
}

TEST_CASE("a registered test whose filter selects no test case fails", "[integration]") {
    test_support::TempDir dir;
    register_probe(dir);
    // The probe's "plain name" renamed after registration, as a stale registration would see it.
    std::string tests = test_support::read_text(dir.file("probe_tests.cmake"));
    const std::string spec = "[=[plain name]=]";
    const auto at = tests.find(spec);
    REQUIRE(at != std::string::npos);
    tests.replace(at, spec.size(), "[=[plain name renamed]=]");
    std::ofstream(dir.file("probe_tests.cmake"), std::ios::trunc) << tests;
    std::ofstream(dir.file("ran.log"));
    CHECK(run_ctest(dir, {"-R", "plain name"}) != 0);
    CHECK(test_support::read_text(dir.file("ran.log")).empty());
}
