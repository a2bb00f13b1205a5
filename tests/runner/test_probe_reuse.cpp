// The start-up check's engine processes play the first games instead of being quit and started
// again (engine_probe.h): each engine of a one-slot run starts once, unless something asks for a
// process of its own.
#include <catch2/catch.hpp>

#include "tests/support/match_test_support.h"

using namespace match_test;

namespace {

std::size_t starts_in(const std::string& log_path) {
    const std::string text = read_text(log_path);
    std::size_t count = 0;
    for (auto pos = text.find("started"); pos != std::string::npos; pos = text.find("started", pos + 1)) ++count;
    return count;
}

std::vector<std::string> four_games(const TempDir& dir) {
    return {"-each", "nodes=1", "-games", "4", "-concurrency", "1", "-maxmoves", "5", "--db", dir.file("p.db")};
}

}  // namespace

TEST_CASE("probe reuse: the checked process of a UCI engine plays the run's games", "[integration]") {
    TempDir dir;
    const std::string first = dir.file("first.log");
    const std::string second = dir.file("second.log");
    const auto result = run_match(misbehave_engine("first", {"--log=" + first}) +
                                  misbehave_engine("second", {"--log=" + second}) + four_games(dir));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    CHECK(stored_games(dir.file("p.db")).size() == 4);
    CHECK(starts_in(first) == 1);
    CHECK(starts_in(second) == 1);
}

TEST_CASE("probe reuse: slots with their own CPUs or engine traffic start their own processes", "[integration]") {
    TempDir dir;
    const std::string first = dir.file("first.log");
    std::vector<std::string> extra;
    SECTION("-debug shows the handshake, so the game's process must be started under the tap") { extra = {"-debug"}; }
    SECTION("-use-affinity pins a process as it starts") { extra = {"-use-affinity"}; }
    const auto result =
        run_match(misbehave_engine("first", {"--log=" + first}) + misbehave_engine("second") + four_games(dir) + extra);
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    CHECK(starts_in(first) == 2);  // the check's process, then the slot's own
}
