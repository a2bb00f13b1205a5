// A knockout between deterministic engines without a book (issue #36): tempo at depth 1 plays the
// same game from the start position every time, so every encounter stays level. cutechess-cli's
// rule (a tie plays on) never ends such a knockout; arbiter stops the tie-breaks at the knockout's
// limit, lets the engine given earlier through with a warning, and names a winner. It also warns
// at start-up that the games will repeat.
#include <catch2/catch.hpp>

#include <regex>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using Catch::Matchers::Contains;

namespace {

// Without the limit the first knockout plays on until this deadline fails the test.
constexpr std::chrono::seconds kDeadline{20};
constexpr int kGames = 2;
constexpr int kTieBreakLimit = 20;  // tie-break games per encounter, as README.md documents

std::vector<std::string> knockout_args(std::size_t engines) {
    std::vector<std::string> args;
    for (std::size_t i = 1; i <= engines; ++i) {
        args.insert(args.end(), {"-engine", "cmd=" TEMPO_BIN, "name=E" + std::to_string(i)});
    }
    for (const char* word : {"-each", "proto=uci", "depth=1", "option.Hash=1", "-tournament", "knockout",
                             "-concurrency", "2", "--db", "ko.db"})
        args.emplace_back(word);
    args.insert(args.end(), {"-games", std::to_string(kGames)});
    return args;
}

// Rounds of a knockout of `engines`: the bracket is the next power of two.
int rounds_of(std::size_t engines) {
    int rounds = 0;
    for (std::size_t size = 1; size < engines; size *= 2) ++rounds;
    return rounds;
}

void check_knockout_ends(const std::string& tool, std::size_t engines) {
    INFO(tool << " with " << engines << " engines");
    TempDir dir;
    const test_support::ChildResult run = run_tool(tool_path(tool), knockout_args(engines), dir.path(), kDeadline);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    const auto encounters = static_cast<std::int64_t>(engines - 1);
    const auto games = static_cast<std::int64_t>(count_of(run.out, "Finished game"));
    CHECK(games >= encounters * kGames);
    CHECK(games <= encounters * (kGames + kTieBreakLimit));
    // The bracket's last column holds the champion, indented two tabs per round.
    const std::regex champion("\n\t{" + std::to_string(2 * rounds_of(engines)) + "}E\\d+ \\(");
    CHECK(std::regex_search(run.out, champion));
    CHECK_THAT(run.err, Contains("games from the start position will repeat"));
    CHECK_THAT(run.err, Contains("is still level after " + std::to_string(kGames + kTieBreakLimit) + " games"));
}

}  // namespace

TEST_CASE("a depth-1 knockout of 3 engines without a book ends and names a winner", "[integration]") {
    check_knockout_ends("cutechess-cli", 3);
}

TEST_CASE("a depth-1 knockout of 5 engines without a book ends and names a winner", "[integration]") {
    check_knockout_ends("cutechess-cli", 5);
}

TEST_CASE("a depth-1 knockout of 7 engines without a book ends and names a winner", "[integration]") {
    check_knockout_ends("cutechess-cli", 7);
}

TEST_CASE("a depth-1 knockout without a book ends in the fastchess dialect too", "[integration]") {
    check_knockout_ends("fastchess", 3);
}
