// match, epd, ttd and merge in cli/ (#22 item 1, part 2): the match vocabulary read through the one
// FlagReader, the command flags it reads beside it, --help answered by each command itself (epd and
// ttd used to leave it to the dispatcher), and a refused run's exit code.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "tests/support/captured_run.h"
#include "tests/support/temp_dir.h"
#include "cli/epd_command.h"
#include "cli/match_command.h"
#include "cli/match_flags.h"
#include "cli/merge_command.h"
#include "harness/config/match_config.h"

using namespace arbiter;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

TEST_CASE("match flags: values run to the next flag, --name=value included", "[unit]") {
    const cli::MatchRequest request =
        cli::read_match_flags({"-engine=cmd=a", "name=x", "-engine", "cmd=b", "-each", "nodes=100", "--games=4",
                               "--no-db-check", "-draw", "movenumber=40", "movecount=8", "score=-10", "--fail-on-h0"});
    REQUIRE(request.config.engines.size() == 2);
    CHECK(request.config.engines[0].cmd == "a");
    CHECK(request.config.engines[0].name == "x");
    CHECK(request.config.engines[1].nodes == 100u);
    CHECK(request.config.games == 4);
    CHECK(request.config.draw->score_cp == -10);
    CHECK(request.fail_on_h0);
    CHECK_FALSE(request.options.check_db_pages);
    CHECK(cli::read_match_flags({"-engine", "cmd=a", "-engine", "cmd=b"}).options.check_db_pages);
}

TEST_CASE("match flags: command switches take no value, words before a flag are refused", "[unit]") {
    CHECK_THROWS_WITH(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "--fail-on-h0=yes"}),
                      "--fail-on-h0: takes no value, got 'yes'");
    CHECK_THROWS_WITH(cli::parse_match_flags({"cmd=a", "-engine", "cmd=b"}), "cmd=a: expected a flag such as -engine");
    CHECK_THROWS_WITH(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-openings", "file=b.bin",
                                              "format=bin", "-variant", "fischerandom"}),
                      Contains("Polyglot books hold standard chess only"));
}

TEST_CASE("match: a database that cannot be opened is bad input naming --db, and none is left", "[unit]") {
    test_support::TempDir dir;
    const std::string db = dir.file("missing-folder/run.db");
    const auto run = test_support::run_captured(
        cli::run_match_command,
        {"-engine", "cmd=/bin/true", "name=x", "-engine", "cmd=/bin/true", "name=y", "-each", "nodes=10", "--db", db});
    CHECK(run.code == 2);
    CHECK_THAT(run.err, StartsWith("arbiter match: --db " + db + ": "));
    CHECK_FALSE(std::filesystem::exists(db));
}

TEST_CASE("epd, ttd, match and merge answer --help themselves", "[unit]") {
    const auto epd = test_support::run_captured(cli::run_epd_command, {"--help"});
    CHECK(epd.code == 0);
    CHECK_THAT(epd.out, StartsWith("usage: arbiter epd --engine SPEC"));
    const auto ttd = test_support::run_captured(cli::run_ttd_command, {"--engine", "a", "-h"});
    CHECK(ttd.code == 0);
    CHECK_THAT(ttd.out, StartsWith("usage: arbiter ttd --engine SPEC"));
    CHECK(test_support::run_captured(cli::run_match_command, {"-help"}).out == cli::match_usage());
    CHECK_THAT(test_support::run_captured(cli::run_merge_command, {"--help"}).out, StartsWith("usage: arbiter merge"));
}

TEST_CASE("epd and ttd refuse bad flags with exit 2, naming the flag", "[unit]") {
    const auto epd = test_support::run_captured(cli::run_epd_command, {"--engine", "sf", "--max-drop", "-1"});
    CHECK(epd.code == 2);
    CHECK_THAT(epd.err, StartsWith("arbiter epd: --max-drop: "));
    const auto ttd = test_support::run_captured(cli::run_ttd_command, {"--engine", "a", "stray"});
    CHECK(ttd.code == 2);
    CHECK_THAT(ttd.err, StartsWith("arbiter ttd: stray: unexpected argument"));
}
