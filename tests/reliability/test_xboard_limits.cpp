// No search waits forever, xboard engines included (#18 item 7). phalanx answers `sd 1` with
// "Illegal move: sd 1" and then thinks on its own clock: under depth=1 arbiter used to wait for
// it without end, and cutechess ends the game at once as a loss for the engine. arbiter now finds
// the refusal when it starts the engine and refuses the run as bad input before any game. An
// xboard engine that takes `sd` and then never moves is scored as stalled after -ping-ms, as a
// UCI engine is. Each run is a child process with a deadline, so a regression fails, never hangs.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using arbiter::db::GameResult;

namespace {

constexpr const char* kPhalanx = "/usr/games/phalanx";

test_support::ChildResult run_child(const TempDir& dir, const std::vector<std::string>& args) {
    return test_support::run(arbiter_logged(args, dir.file("out.txt"), dir.file("err.txt")), std::chrono::seconds(60));
}

// Takes `sd` and answers ping, but never answers `go` or `?`.
const char* kSilentXboard =
    "#!/bin/sh\n"
    "while read -r cmd rest; do case \"$cmd\" in\n"
    "protover) echo 'feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 done=1';;\n"
    "ping) echo \"pong $rest\";;\n"
    "quit) exit 0;;\n"
    "esac; done\n";

}  // namespace

TEST_CASE("an xboard engine that refuses sd under depth= is refused before any game", "[integration]") {
    if (access(kPhalanx, X_OK) != 0) WARN("phalanx not installed");
    if (access(kPhalanx, X_OK) != 0) return;
    TempDir dir;
    const auto run = run_child(dir, {"-engine", std::string("cmd=") + kPhalanx, "proto=xboard", "name=phalanx",
                                     "dir=" + dir.path(), "-engine", "cmd=" TEMPO_BIN, "name=tempo", "-each", "depth=1",
                                     "-games", "2", "--db", dir.file("run.db"), "-logdir", "off"});
    INFO(run.out << run.err);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Catch::Contains("-engine #1 (phalanx): engine phalanx cannot be given a search depth (sd): "
                                        "it refused 'sd 1' (it answered 'Illegal move: sd 1')"));
    CHECK_FALSE(std::filesystem::exists(dir.file("run.db")));
    CHECK(leftovers_in(dir.path(), std::chrono::milliseconds(500)).empty());
}

TEST_CASE("a depth-limited xboard engine that never moves is scored as stalled after -ping-ms", "[integration]") {
    TempDir dir;
    const std::string silent = dir.write("silent.sh", kSilentXboard, true);
    const auto run = run_child(dir, {"-engine",
                                     "cmd=" + silent,
                                     "proto=xboard",
                                     "name=silent",
                                     "dir=" + dir.path(),
                                     "-engine",
                                     "cmd=" TEMPO_BIN,
                                     "name=tempo",
                                     "dir=" + dir.path(),
                                     "-each",
                                     "depth=2",
                                     "-games",
                                     "2",
                                     "-repeat",
                                     "-recover",
                                     "-concurrency",
                                     "1",
                                     "-ping-ms",
                                     "300",
                                     "--db",
                                     dir.file("run.db"),
                                     "-logdir",
                                     "off"});
    INFO(run.out << run.err);
    CHECK(run.exit_code == 0);
    const Games games = stored_games(dir.file("run.db"));
    REQUIRE(games.size() == 2u);
    for (const auto& [key, stored] : games) {
        INFO(stored.game.pgn);
        CHECK(stored.game.termination == "stalled-connection");
        CHECK(stored.game.result == (stored.game.white == "silent" ? GameResult::black_win : GameResult::white_win));
        CHECK(stored.game.pgn.find("[Termination \"stalled connection\"]") != std::string::npos);
    }
    CHECK(count_of(run.err, "sent no move within 300 ms") == 2u);
    CHECK(leftovers_in(dir.path(), std::chrono::milliseconds(2000)).empty());
}
