// A repeated EPD id: its results are stored under "line N" (ids key stored results), and the user
// is told so on stderr with file, line and id, since they would look for them under the id.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "harness/epdrun/suite.h"
#include "tests/epdrun/epdrun_test_support.h"

using namespace epdrun_test;
using Catch::Matchers::Contains;

namespace {

// Three mates in one for White, the third reusing the first one's id.
std::string suite_with_repeated_id(const ScratchDir& dir) {
    return dir.write("repeated.epd",
                     "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"R.1\";\n"
                     "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"R.2\";\n"
                     "\n"
                     "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - bm Rb8#; id \"R.1\";\n");
}

}  // namespace

TEST_CASE("epd suite: a repeated id is renamed and warned about with file, line and id", "[unit]") {
    ScratchDir dir;
    const std::string path = suite_with_repeated_id(dir);
    const arbiter::epdrun::Suite suite = arbiter::epdrun::load_suite(path);
    REQUIRE(suite.positions.size() == 3);
    CHECK(suite.positions[0].position_id == "R.1");
    CHECK(suite.positions[1].position_id == "R.2");
    CHECK(suite.positions[2].position_id == "line 4");
    REQUIRE(suite.warnings.size() == 1);
    CHECK(suite.warnings[0] == path + ":4: duplicate id 'R.1' (first on line 1); its results are stored as 'line 4'");
}

TEST_CASE("epd suite: distinct and missing ids give no warning", "[unit]") {
    ScratchDir dir;
    const std::string path = dir.write("plain.epd",
                                       "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"P.1\";\n"
                                       "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#;\n"
                                       "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - bm Rb8#;\n");
    const arbiter::epdrun::Suite suite = arbiter::epdrun::load_suite(path);
    CHECK(suite.warnings.empty());
    CHECK(suite.positions[1].position_id == "line 2");
    CHECK(suite.positions[2].position_id == "line 3");
}

TEST_CASE("epd: arbiter epd prints the repeated-id warning on stderr", "[epd]") {
    ScratchDir dir;
    const std::string path = suite_with_repeated_id(dir);
    const std::string engine = dir.write("nullmover.sh", kNullMoveEngine, true);
    for (const bool json : {false, true}) {
        INFO("json " << json);
        std::vector<std::string> args{"--engine", "cmd=" + engine, "--suite", path,
                                      "--nodes",  "1000",          "--db",    dir.file(json ? "json.db" : "text.db")};
        if (json) args.push_back("--json");
        const auto run = run_epd(args);
        CHECK(run.code == 0);
        CHECK_THAT(run.err, Contains("warning: " + path + ":4: duplicate id 'R.1' (first on line 1)"));
        CHECK(run.out.find("duplicate id") == std::string::npos);  // stdout stays the report
    }
}
