// The `<db stem>-logs/` folder beside a database is announced: one stderr line at the start of a run
// that writes engine logs there, none when nothing goes there.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/match_run.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

namespace {

using test_support::operator+;
using Args = std::vector<std::string>;

const std::string kNote = "arbiter: engine logs go to ";

Args two_engines(const Args& keys = {}) {
    return Args{"-engine", "cmd=" MISBEHAVE_BIN, "name=one"} + keys +
           Args{"-engine", "cmd=" MISBEHAVE_BIN, "name=two"} + keys +
           Args{"-each", "nodes=1", "-games", "2", "-maxmoves", "4", "-concurrency", "1"};
}

}  // namespace

TEST_CASE("a run says once where the engines' stderr logs go", "[integration]") {
    test_support::TempDir dir;
    const Args db{"--db", dir.file("run.db")};
    SECTION("by default the folder beside the database, as an absolute path") {
        const auto result = test_support::run_match_in_process(two_engines() + db);
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        const std::string logs = (std::filesystem::path(dir.path()) / "run-logs" / "").string();
        CHECK(test_support::count_of(result.err, kNote) == 1);
        CHECK(result.err.find(kNote + logs + " (-logdir DIR|off moves or discards them)\n") != std::string::npos);
        CHECK(std::filesystem::exists(dir.file("run-logs/one.stderr.log")));
    }
    SECTION("-logdir DIR names that directory") {
        const auto result = test_support::run_match_in_process(two_engines() + db + Args{"-logdir", dir.file("mine")});
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        CHECK(result.err.find(kNote + dir.file("mine") + "/ ") != std::string::npos);
    }
    SECTION("nothing is said when nothing goes there") {
        SECTION("-logdir off") {
            const auto result = test_support::run_match_in_process(two_engines() + db + Args{"-logdir", "off"});
            INFO(result.out << result.err);
            REQUIRE(result.code == 0);
            CHECK(result.err.find(kNote) == std::string::npos);
        }
        SECTION("every engine has stderr=FILE") {
            const auto result = test_support::run_match_in_process(two_engines({"stderr=" + dir.file("own.log")}) + db);
            INFO(result.out << result.err);
            REQUIRE(result.code == 0);
            CHECK(result.err.find(kNote) == std::string::npos);
            CHECK_FALSE(std::filesystem::exists(dir.file("run-logs")));
        }
    }
}
