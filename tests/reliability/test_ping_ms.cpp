// `-ping-ms MS` (JSON `ping_ms`): the longest wait for a move when no clock runs. Without it a
// depth-limited game against an engine that never answers waits the default two minutes; with it
// the game ends after about MS and is scored as today's stall: a loss by stalled connection for
// the silent engine, which is restarted for the next game (issue #17). The test checks that the
// games end with that outcome and that the configured value was the one applied, not how fast.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using arbiter::db::GameResult;

namespace {

// "bad" never answers `go` from ply 2 on (and ignores SIGTERM); both engines search to depth 2.
std::vector<std::string> engines(const TempDir& dir) {
    return {"-engine",
            "cmd=" MISBEHAVE_BIN,
            "name=bad",
            "dir=" + dir.path(),
            "arg=--mode=hang-go",
            "arg=--ply=2",
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=tempo",
            "dir=" + dir.path(),
            "-each",
            "depth=2"};
}

std::vector<std::string> run_settings(const TempDir& dir) {
    return {"-games", "2", "-repeat", "-recover", "-concurrency", "1", "--db", dir.file("run.db")};
}

void expect_stalls(const TempDir& dir, const RunOutput& result, const std::string& timeout_text) {
    INFO(result.out << result.err);
    CHECK(result.code == 0);
    const Games games = stored_games(dir.file("run.db"));
    CHECK(games.size() == 2u);
    for (const auto& [key, stored] : games) {
        INFO("game " << key.first << "." << key.second << ": " << stored.game.pgn);
        CHECK(stored.game.termination == "stalled-connection");
        CHECK(stored.game.result == (stored.game.white == "bad" ? GameResult::black_win : GameResult::white_win));
    }
    // The warning quotes the timeout the game applied: the configured one, not the default.
    CHECK(count_of(result.err, "sent no move within " + timeout_text) == 2u);
    CHECK(children_of(getpid()).empty());
    CHECK(leftovers_in(dir.path(), std::chrono::milliseconds(500)).empty());
}

}  // namespace

TEST_CASE("a depth-limited game whose engine never answers ends after -ping-ms, scored as stalled", "[integration]") {
    TempDir dir;
    const RunOutput result =
        run_in_process(engines(dir) + run_settings(dir) + std::vector<std::string>{"-ping-ms", "300"});
    expect_stalls(dir, result, "300 ms");
}

TEST_CASE("ping_ms in a JSON config sets the same timeout", "[integration]") {
    TempDir dir;
    const std::string config = dir.file("run.json");
    std::ofstream(config) << R"({"ping_ms": 400})";
    const RunOutput result =
        run_in_process(engines(dir) + run_settings(dir) + std::vector<std::string>{"-config", config});
    expect_stalls(dir, result, "400 ms");
}
