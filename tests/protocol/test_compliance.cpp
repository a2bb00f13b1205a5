// arbiter compliance through the arbiter binary: a conforming engine passes every step, a broken
// one fails the step that shows its fault (exit 1), and an engine that cannot start is bad input.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "harness/protocol/compliance.h"
#include "tests/badinput/run_binary.h"
#include "tests/support/text_file.h"

namespace {

using badinput::run_binary;

using test_support::contains;

}  // namespace

TEST_CASE("tempo passes every step", "[compliance]") {
    const auto result = run_binary(ARBITER_BIN, {"compliance", TEMPO_BIN});
    INFO(result.out << result.err);
    CHECK(result.exit_code == 0);
    CHECK(contains(result.out, "Step 1: the engine starts and answers uci with uciok ... passed"));
    CHECK(contains(result.out, "a short game, after e2e4 e7e5: a legal bestmove ... passed"));
    CHECK(contains(result.out, "passed every check"));
    CHECK_FALSE(contains(result.out, "failed"));
}

TEST_CASE("the fastchess spelling under the fastchess name", "[compliance]") {
    const auto fastchess = (std::filesystem::path(ARBITER_BIN).parent_path() / "fastchess").string();
    const auto result = run_binary(fastchess, {"--compliance", TEMPO_BIN});
    INFO(result.out << result.err);
    CHECK(result.exit_code == 0);
    CHECK(contains(result.out, "passed every check"));
}

TEST_CASE("stockfish passes every step", "[compliance]") {
    if (!std::filesystem::exists(STOCKFISH_BIN)) {
        WARN("stockfish not installed; skipped");
        return;
    }
    const auto result = run_binary(ARBITER_BIN, {"--compliance", STOCKFISH_BIN});
    INFO(result.out << result.err);
    CHECK(result.exit_code == 0);
    CHECK(contains(result.out, "passed every check"));
}

TEST_CASE("an illegal bestmove fails the legality step", "[compliance]") {
    const auto result = run_binary(ARBITER_BIN, {"compliance", MISBEHAVE_BIN, "--mode=illegal"});
    INFO(result.out << result.err);
    CHECK(result.exit_code == 1);
    CHECK(contains(result.out, "Step 8: go wtime 100: a legal bestmove ... failed"));
    CHECK(contains(result.err, "is not a legal move"));
    CHECK(contains(result.err, "last output lines"));
    CHECK_FALSE(contains(result.out, "passed every check"));
}

TEST_CASE("non-integer info values fail the integer step", "[compliance]") {
    const auto result = run_binary(ARBITER_BIN, {"compliance", MISBEHAVE_BIN, "--mode=garbage-info"});
    INFO(result.out.substr(0, 4000) << result.err.substr(0, 4000));
    CHECK(result.exit_code == 1);
    CHECK(contains(result.out, "go wtime 100: time, nps and score values are integers ... failed"));
    CHECK(contains(result.err, "is not an integer"));
}

TEST_CASE("an engine without uciok fails the first step", "[compliance]") {
    const auto result = run_binary(ARBITER_BIN, {"compliance", MISBEHAVE_BIN, "--mode=no-uciok"});
    INFO(result.out << result.err);
    CHECK(result.exit_code == 1);
    CHECK(contains(result.out, "Step 1: the engine starts and answers uci with uciok ... failed"));
}

TEST_CASE("a missing engine is bad input naming the path", "[compliance]") {
    const auto result = run_binary(ARBITER_BIN, {"compliance", "/nonexistent/engine-for-compliance"});
    CHECK(result.exit_code == 2);
    CHECK(contains(result.err, "/nonexistent/engine-for-compliance"));
    CHECK(result.out.empty());
}

TEST_CASE("info values that must be integers", "[compliance]") {
    std::string problem;
    CHECK(arbiter::protocol::info_values_are_integers("info depth 3 score cp -25 time 12 nps 4000 pv e2e4", problem));
    CHECK(arbiter::protocol::info_values_are_integers("info score mate -3 lowerbound time 0", problem));
    CHECK_FALSE(arbiter::protocol::info_values_are_integers("info depth 3 score cp 2.5 time 1", problem));
    CHECK(contains(problem, "score cp"));
    CHECK_FALSE(arbiter::protocol::info_values_are_integers("info time 1.0", problem));
    CHECK_FALSE(arbiter::protocol::info_values_are_integers("info nps abc", problem));
    CHECK_FALSE(arbiter::protocol::info_values_are_integers("info score", problem));
}
