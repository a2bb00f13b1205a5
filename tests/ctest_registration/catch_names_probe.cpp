// Test cases whose names Catch's command line and test-spec syntax read specially, for
// test_ctest_registration.cpp: each one appends its own name to the file PROBE_LOG names, so the
// test sees which test cases every registered ctest test really ran.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>

namespace {

void record(const std::string& name) {
    const char* log = std::getenv("PROBE_LOG");
    REQUIRE(log != nullptr);
    std::ofstream(log, std::ios::app) << name << '\n';
}

}  // namespace

TEST_CASE("plain name") { record("plain name"); }
TEST_CASE("first part; second part") { record("first part; second part"); }
TEST_CASE("-leading dash, read as a flag") { record("-leading dash, read as a flag"); }
TEST_CASE("comma, then [brackets] inside") { record("comma, then [brackets] inside"); }
TEST_CASE("back\\slash and \"quotes\"") { record("back\\slash and \"quotes\""); }
TEST_CASE("~leading tilde, read as an exclusion") { record("~leading tilde, read as an exclusion"); }
TEST_CASE("\"leading quote") { record("\"leading quote"); }
TEST_CASE("#leading hash") { record("#leading hash"); }
TEST_CASE("star*inside") { record("star*inside"); }
TEST_CASE("star") { record("star"); }
TEST_CASE("plain") { record("plain"); }
