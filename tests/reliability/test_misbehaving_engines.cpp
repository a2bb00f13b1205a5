// arbiter against misbehave_engine (tests/misbehave): for each way an engine can break, the game
// gets the right result against the right side, the engine is restarted and the run completes,
// no process is left behind and this process holds no more descriptors than before the run.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <set>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using arbiter::db::GameResult;

namespace {

constexpr int kGames = 2;  // one pair: the misbehaving engine plays both colours

// The misbehaving engine "bad" against tempo at fixed nodes; `bad_words` adds its arg= and limits.
std::vector<std::string> match_args(const TempDir& dir, const std::vector<std::string>& bad_words) {
    return std::vector<std::string>{"-engine", "cmd=" MISBEHAVE_BIN, "name=bad", "dir=" + dir.path()} + bad_words +
           std::vector<std::string>{"-engine",
                                    "cmd=" TEMPO_BIN,
                                    "name=tempo",
                                    "dir=" + dir.path(),
                                    "nodes=1500",
                                    "-games",
                                    std::to_string(kGames),
                                    "-repeat",
                                    "-recover",
                                    "-concurrency",
                                    "1",
                                    "-maxmoves",
                                    "40",
                                    "--db",
                                    dir.file("run.db")};
}

bool bad_lost(const StoredGame& stored) {
    return stored.game.result == (stored.game.white == "bad" ? GameResult::black_win : GameResult::white_win);
}

const std::set<std::string> kForfeits{"time-forfeit", "illegal-move", "disconnection", "stalled-connection",
                                      "interrupted"};

// Runs the match and checks what every mode shares: the run completes with every planned game
// stored whole, and nothing is left running or open.
Games run_and_check_cleanup(const std::vector<std::string>& bad_words) {
    TempDir dir;
    const std::size_t descriptors_before = open_descriptors();
    const RunOutput result = run_in_process(match_args(dir, bad_words));
    INFO(result.out << result.err);
    CHECK(result.code == 0);
    const Games games = stored_games(dir.file("run.db"));
    CHECK(games.size() == kGames);
    for (const auto& [key, stored] : games) CHECK(stored.game.plies == static_cast<int>(stored.moves.size()));
    CHECK(children_of(getpid()).empty());
    CHECK(leftovers_in(dir.path(), std::chrono::milliseconds(500)).empty());
    CHECK(open_descriptors() <= descriptors_before);
    return games;
}

void expect_forfeits(const Games& games, const std::string& termination) {
    for (const auto& [key, stored] : games) {
        INFO("game " << key.first << "." << key.second << ": " << stored.game.pgn);
        CHECK(stored.game.termination == termination);
        CHECK(bad_lost(stored));
    }
}

void expect_normal_games(const Games& games) {
    for (const auto& [key, stored] : games) {
        INFO("game " << key.first << "." << key.second << ": " << stored.game.termination << "\n" << stored.game.pgn);
        CHECK(kForfeits.count(stored.game.termination) == 0);
        CHECK(stored.moves.size() > 4u);
    }
}

// An unrequested bestmove that arrives after `go` was sent cannot be told from the reply: the
// reply then comes second and may be taken as the answer to the engine's next search. So the
// misbehaving side may lose by illegal move, and nothing else may happen to either side.
void expect_normal_or_own_illegal_move(const Games& games) {
    for (const auto& [key, stored] : games) {
        INFO("game " << key.first << "." << key.second << ": " << stored.game.termination << "\n" << stored.game.pgn);
        if (kForfeits.count(stored.game.termination) == 0) continue;
        CHECK(stored.game.termination == "illegal-move");
        CHECK(bad_lost(stored));
    }
}

}  // namespace

TEST_CASE("a crash loses by disconnection and the engine is restarted", "[integration]") {
    expect_forfeits(run_and_check_cleanup({"arg=--mode=crash", "arg=--ply=6", "nodes=1"}), "disconnection");
}

TEST_CASE("an engine that hangs without a bestmove loses on time", "[integration]") {
    // It ignores SIGTERM too, so the next game needs a SIGKILL and a fresh process.
    expect_forfeits(run_and_check_cleanup({"arg=--mode=hang-go", "arg=--ply=6", "tc=0.5+0.05"}), "time-forfeit");
}

TEST_CASE("a correct move after the flag fell loses on time", "[integration]") {
    expect_forfeits(run_and_check_cleanup({"arg=--mode=late", "arg=--ply=6", "tc=0.5+0.05"}), "time-forfeit");
}

TEST_CASE("an illegal move loses by illegal move", "[integration]") {
    const Games games = run_and_check_cleanup({"arg=--mode=illegal", "arg=--ply=6", "nodes=1"});
    expect_forfeits(games, "illegal-move");
    for (const auto& [key, stored] : games) CHECK(stored.game.pgn.find("makes an illegal move") != std::string::npos);
}

TEST_CASE("a malformed bestmove loses by illegal move", "[integration]") {
    SECTION("an off-board square") {
        expect_forfeits(run_and_check_cleanup({"arg=--mode=malformed", "arg=--ply=6", "nodes=1"}), "illegal-move");
    }
    SECTION("no move at all") {
        expect_forfeits(
            run_and_check_cleanup({"arg=--mode=malformed", "arg=--ply=6", "arg=--text=bestmove", "nodes=1"}),
            "illegal-move");
    }
}

TEST_CASE("closing stdin loses by disconnection", "[integration]") {
    expect_forfeits(run_and_check_cleanup({"arg=--mode=close-stdin", "arg=--ply=6", "nodes=1"}), "disconnection");
}

TEST_CASE("noise the runner must ignore leaves the games normal", "[integration]") {
    SECTION("garbage info lines") {
        expect_normal_games(run_and_check_cleanup({"arg=--mode=garbage-info", "nodes=1"}));
    }
    SECTION("megabytes of info per move") {
        expect_normal_games(
            run_and_check_cleanup({"arg=--mode=flood", "arg=--bytes=3000000", "arg=--ply=60", "nodes=1"}));
    }
    SECTION("spam on stderr") { expect_normal_games(run_and_check_cleanup({"arg=--mode=stderr-spam", "nodes=1"})); }
    SECTION("a bestmove before go") {
        expect_normal_or_own_illegal_move(run_and_check_cleanup({"arg=--mode=early-bestmove", "nodes=1"}));
    }
    SECTION("a slow start") {
        expect_normal_games(run_and_check_cleanup({"arg=--mode=slow-start", "arg=--delay=1500", "nodes=1"}));
    }
}

TEST_CASE("an engine lost between games is replaced before the next game", "[integration]") {
    // Each process plays one game, then fails on the second ucinewgame: every game still gets played.
    SECTION("exit on ucinewgame") {
        expect_normal_games(run_and_check_cleanup({"arg=--mode=exit-newgame", "arg=--game=2", "nodes=1"}));
    }
    SECTION("hang on isready") {
        expect_normal_games(run_and_check_cleanup({"arg=--mode=hang-isready", "arg=--game=2", "nodes=1"}));
    }
}

TEST_CASE("an engine that never completes the handshake fails the run cleanly", "[integration][slow]") {
    TempDir dir;
    const std::size_t descriptors_before = open_descriptors();
    const RunOutput result = run_in_process(match_args(dir, {"arg=--mode=no-uciok", "nodes=1"}));
    INFO(result.out << result.err);
    CHECK(result.code != 0);  // 2 when the engine check before the games catches it, 1 when a game does
    CHECK(result.err.find("engine bad did not send uciok") != std::string::npos);
    // Refused before its first row: the database this run created is removed again.
    CHECK_FALSE(std::filesystem::exists(dir.file("run.db")));
    CHECK(children_of(getpid()).empty());
    CHECK(leftovers_in(dir.path(), std::chrono::milliseconds(500)).empty());
    CHECK(open_descriptors() <= descriptors_before);
}
