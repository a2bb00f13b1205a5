// The start-up warning that a run asks for more cores than it may use (harness/runner/
// cpu_budget.h): how threads are counted, how cgroup quotas read, and that the warning is one
// line, judged against a core count given to it rather than this machine's.

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "harness/runner/cpu_budget.h"
#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"

using namespace match_test;
using namespace arbiter;
using runner::CpuAllowance;
using runner::EngineLoad;

namespace {

runner::PreparedEngine engine_with(std::vector<std::pair<std::string, std::string>> options, bool ponder = false) {
    runner::PreparedEngine engine;
    engine.client.options = std::move(options);
    engine.spec.ponder = ponder;
    return engine;
}

using test_support::count_of;

}  // namespace

TEST_CASE("threads per game: the busiest engine's Threads, the pair's together when one ponders",
          "[unit][cpu_budget]") {
    const auto loads = runner::engine_loads(
        {engine_with({}), engine_with({{"Hash", "16"}, {"Threads", "4"}}), engine_with({{"Threads", "x"}}, true)});
    REQUIRE(loads.size() == 3);
    CHECK(loads[0].threads == 1);
    CHECK(loads[1].threads == 4);
    CHECK(loads[2].threads == 1);
    CHECK(loads[2].ponder);
    // The side to move searches alone: the most any game keeps busy is the busiest engine.
    CHECK(runner::threads_per_game({{1, false}, {1, false}}) == 1);
    CHECK(runner::threads_per_game({{1, false}, {4, false}, {2, false}}) == 4);
    // Pondering: both engines of the game search, so the pairing with the most threads counts.
    CHECK(runner::threads_per_game(loads) == 5);
    CHECK(runner::threads_per_game({{1, true}, {1, true}}) == 2);
    CHECK(runner::threads_per_game({}) == 1);
}

TEST_CASE("cgroup CPU quotas read as CPUs; unlimited or unreadable is none", "[unit][cpu_budget]") {
    CHECK_FALSE(runner::cpu_max_quota("max 100000\n"));
    CHECK(runner::cpu_max_quota("150000 100000\n") == Approx(1.5));
    CHECK(runner::cpu_max_quota("200000") == Approx(2.0));
    CHECK_FALSE(runner::cpu_max_quota(""));
    CHECK_FALSE(runner::cpu_max_quota("x 100000"));
    CHECK_FALSE(runner::cfs_quota("-1\n", "100000\n"));
    CHECK(runner::cfs_quota("50000\n", "100000\n") == Approx(0.5));
    CHECK_FALSE(runner::cfs_quota("", ""));
}

TEST_CASE("the cores free for a run are the fewest of online CPUs, affinity mask and cgroup quota",
          "[unit][cpu_budget]") {
    CHECK(CpuAllowance{8, 8, std::nullopt, {}}.usable() == 8);
    CHECK(CpuAllowance{8, 3, std::nullopt, {}}.usable() == 3);
    CHECK(CpuAllowance{8, 8, 2.5, {}}.usable() == Approx(2.5));
    CHECK(CpuAllowance{8, 2, 2.5, {}}.usable() == 2);
    CHECK(CpuAllowance{2, 0, std::nullopt, {}}.usable() == 2);  // mask unknown
    // This machine's allowance is within what it has online.
    const CpuAllowance here = runner::machine_cpu_allowance();
    CHECK(here.online >= 1);
    CHECK(here.usable() <= here.online);
}

TEST_CASE("more engine threads than free cores: one warning line with the numbers", "[unit][cpu_budget]") {
    const CpuAllowance two_cores{2, 2, std::nullopt, {}};
    CHECK_FALSE(runner::oversubscription_warning(2, 1, two_cores));
    CHECK_FALSE(runner::oversubscription_warning(1, 2, two_cores));
    const auto four_games = runner::oversubscription_warning(4, 1, two_cores);
    REQUIRE(four_games);
    INFO(*four_games);
    CHECK(four_games->rfind("Warning: -concurrency: 4 games at once exceed the 2 cores free for them", 0) == 0);
    CHECK(four_games->find("up to 4 engine threads search at once (1 per game)") != std::string::npos);
    CHECK(four_games->find("2 online CPUs, 2 in arbiter's affinity mask, no cgroup CPU quota") != std::string::npos);
    CHECK(four_games->find("engines will be starved of CPU and their clocks unfair") != std::string::npos);
    CHECK(count_of(*four_games, "\n") == 1);
    CHECK(four_games->back() == '\n');
    // Threads count: two games of four-thread engines need eight cores.
    const auto threaded = runner::oversubscription_warning(2, 4, CpuAllowance{16, 6, std::nullopt, {}});
    REQUIRE(threaded);
    CHECK(threaded->find("2 games at once exceed the 6 cores") != std::string::npos);
    CHECK(threaded->find("up to 8 engine threads") != std::string::npos);
    // A cgroup quota below the CPUs is what binds.
    const auto quota = runner::oversubscription_warning(2, 1, CpuAllowance{4, 4, 1.5, {}});
    REQUIRE(quota);
    CHECK(quota->find("exceed the 1.5 cores") != std::string::npos);
    CHECK(quota->find("1.5 by the cgroup's CPU quota") != std::string::npos);
    CHECK_FALSE(runner::oversubscription_warning(4, 1, CpuAllowance{4, 4, 4.0, {}}));
}

TEST_CASE("a match and a gauntlet above the machine's cores warn once at start", "[integration][cpu_budget]") {
    TempDir dir;
    const int too_many = static_cast<int>(std::max(1.0, runner::machine_cpu_allowance().usable())) + 1;
    const std::vector<std::string> each{"-each",   "nodes=300", "-repeat", "-concurrency", std::to_string(too_many),
                                        "-logdir", "off"};
    const std::vector<std::string> match{"-engine",
                                         "cmd=" TEMPO_BIN,
                                         "name=a",
                                         "-engine",
                                         "cmd=" TEMPO_BIN,
                                         "name=b",
                                         "-games",
                                         std::to_string(2 * too_many),
                                         "-db",
                                         dir.file("m.db")};
    const std::vector<std::string> gauntlet{"-tournament",
                                            "gauntlet",
                                            "-engine",
                                            "cmd=" TEMPO_BIN,
                                            "name=a",
                                            "-engine",
                                            "cmd=" TEMPO_BIN,
                                            "name=b",
                                            "-engine",
                                            "cmd=" TEMPO_BIN,
                                            "name=c",
                                            "-games",
                                            std::to_string(2 * too_many),
                                            "-db",
                                            dir.file("g.db")};
    for (const auto& run_args : {match, gauntlet}) {
        const RunOutput run = run_match(run_args + each);
        INFO(run.err);
        REQUIRE(run.code == 0);
        CHECK(count_of(run.err, "games at once exceed") == 1);
        CHECK(count_of(run.err, "engines will be starved of CPU and their clocks unfair") == 1);
    }
    // Within the cores: nothing said.
    const RunOutput fits = run_match(std::vector<std::string>{
        "-engine", "cmd=" TEMPO_BIN, "name=a", "-engine", "cmd=" TEMPO_BIN, "name=b", "-each", "nodes=300", "-games",
        "2", "-concurrency", "1", "-logdir", "off", "-db", dir.file("f.db")});
    REQUIRE(fits.code == 0);
    CHECK(fits.err.find("games at once exceed") == std::string::npos);
}
