// cutechess's -openings policy=: which opening each pair of a cutechess-dialect schedule starts from.
#include <catch2/catch.hpp>

#include <set>

#include "cli/match_flags.h"
#include "harness/config/match_config.h"
#include "harness/schedule/schedule.h"

using namespace arbiter;
using schedule::PairTask;
using schedule::Schedule;

namespace {

Schedule cutechess_schedule(std::vector<std::string> flags) {
    std::vector<std::string> args{"-dialect", "cutechess", "-engine", "cmd=a", "-engine", "cmd=b"};
    args.insert(args.end(), flags.begin(), flags.end());
    const config::MatchConfig config = cli::parse_match_flags(args);
    return Schedule(schedule::schedule_spec(config, config.engines.size()));
}

std::vector<std::string> three_engines(std::vector<std::string> flags) {
    flags.insert(flags.begin(), {"-engine", "cmd=c"});
    return flags;
}

}  // namespace

TEST_CASE("flag -openings policy=default moves to a new opening after each -repeat group", "[unit]") {
    const Schedule schedule = cutechess_schedule({"-openings", "file=x.epd", "-games", "6", "-repeat"});
    REQUIRE(schedule.total_pairs() == 3);
    for (std::uint64_t p = 0; p < 3; ++p) CHECK(schedule.pair(p).slot == p);
}

TEST_CASE("flag -openings policy=encounter keeps one opening for all of an encounter", "[unit]") {
    // Two engines: one encounter, so one opening for the whole match, as cutechess-cli plays it.
    const Schedule match =
        cutechess_schedule({"-openings", "file=x.epd", "policy=encounter", "-games", "6", "-repeat"});
    REQUIRE(match.total_pairs() == 3);
    for (std::uint64_t p = 0; p < 3; ++p) CHECK(match.pair(p).slot == 0);
    // Three engines, four games an encounter in pairs: each encounter's two pairs share one opening,
    // and every encounter has its own.
    const Schedule robin =
        cutechess_schedule(three_engines({"-openings", "file=x.epd", "policy=encounter", "-games", "4", "-repeat"}));
    std::set<std::uint64_t> slots;
    for (std::uint64_t p = 0; p < robin.total_pairs(); p += 2) {
        CHECK(robin.pair(p).slot == robin.pair(p + 1).slot);
        CHECK(robin.pair(p).pairing == robin.pair(p + 1).pairing);
        slots.insert(robin.pair(p).slot);
    }
    CHECK(slots.size() == robin.total_pairs() / 2);
}

TEST_CASE("flag -openings policy=round gives every game of a round the round's opening", "[unit]") {
    const Schedule robin = cutechess_schedule(
        three_engines({"-openings", "file=x.epd", "policy=round", "-games", "2", "-repeat", "-rounds", "2"}));
    std::set<int> rounds;
    for (std::uint64_t p = 0; p < robin.total_pairs(); ++p) {
        const PairTask task = robin.pair(p);
        CHECK(task.slot == static_cast<std::uint64_t>(task.games.front().round - 1));
        rounds.insert(task.games.front().round);
    }
    CHECK(rounds.size() > 1);
    CHECK_THROWS_WITH(
        cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-openings", "file=x.epd", "policy=sometimes"}),
        Catch::Contains("-openings policy: must be default, encounter or round"));
}
