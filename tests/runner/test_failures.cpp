// Engines that misbehave: illegal moves, lost time, crashes; and an SPRT that decides early.
// misbehave_engine (tests/misbehave) plays legal moves and misbehaves on request.
#include <catch2/catch.hpp>

#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"

using namespace match_test;

namespace {

std::vector<std::string> db_flag(const TempDir& dir) { return {"--db", dir.file("f.db")}; }

using test_support::count_of;

}  // namespace

TEST_CASE("an illegal move loses and is recorded with the engine's text", "[integration]") {
    TempDir dir;
    const auto result = run_match(
        misbehave_engine("good") + misbehave_engine("bad", {"--mode=malformed", "--text=bestmove e2e5", "--ply=4"}) +
        std::vector<std::string>{"-each", "nodes=1", "-games", "2", "-repeat", "-concurrency", "1"} + db_flag(dir));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    const auto games = stored_games(dir.file("f.db"));
    REQUIRE(games.size() == 2);
    for (const auto& [key, stored] : games) {
        CHECK(stored.game.termination == "illegal-move");
        CHECK(stored.game.result ==
              (stored.game.white == "bad" ? arbiter::db::GameResult::black_win : arbiter::db::GameResult::white_win));
        CHECK(stored.game.pgn.find("makes an illegal move: e2e5") != std::string::npos);
        CHECK(stored.game.pgn.find("[Termination \"illegal move\"]") != std::string::npos);
        CHECK(stored.moves.size() == (stored.game.white == "bad" ? 4u : 5u));  // two good moves each, then e2e5
    }
}

TEST_CASE("a move after the flag fell loses on time", "[integration]") {
    TempDir dir;
    const auto result =
        run_match(misbehave_engine("quick") + misbehave_engine("slow", {"--mode=late", "--ply=2"}) +
                  std::vector<std::string>{"-each", "tc=0.2+0", "-games", "2", "-repeat"} + db_flag(dir));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    for (const auto& [key, stored] : stored_games(dir.file("f.db"))) {
        CHECK(stored.game.termination == "time-forfeit");
        CHECK(stored.game.pgn.find("loses on time") != std::string::npos);
        CHECK(stored.game.pgn.find("[TimeControl \"0.2\"]") != std::string::npos);
    }
}

TEST_CASE("stockfish at a silly time control still produces complete games", "[integration]") {
    if (!executable(STOCKFISH_BIN)) return;
    TempDir dir;
    const auto result = run_match(std::vector<std::string>{"-engine", "cmd=" STOCKFISH_BIN, "name=sf1", "-engine",
                                                           "cmd=" STOCKFISH_BIN, "name=sf2", "-each", "tc=0.05+0.01",
                                                           "option.Move Overhead=0", "-games", "2", "-maxmoves", "30"} +
                                  db_flag(dir));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    const auto games = stored_games(dir.file("f.db"));
    CHECK(games.size() == 2);
    for (const auto& [key, stored] : games) {
        CHECK(stored.game.plies == static_cast<int>(stored.moves.size()));
        for (const auto& move : stored.moves) {
            CHECK(move.clock_ms.has_value());
            if (move.nodes) CHECK(move.nps.has_value());
        }
    }
}

TEST_CASE("a crashed engine loses and without -recover the run stops", "[integration]") {
    TempDir dir;
    const auto engines = misbehave_engine("steady") + misbehave_engine("crashy", {"--mode=crash", "--ply=4"}) +
                         std::vector<std::string>{"-each", "nodes=1", "-games", "4", "-repeat", "-concurrency", "1"};
    SECTION("without -recover") {
        const auto result = run_match(engines + db_flag(dir));
        INFO(result.out << result.err);
        CHECK(result.code == 1);
        CHECK(result.err.find("-recover") != std::string::npos);
        const auto games = stored_games(dir.file("f.db"));
        REQUIRE(games.size() == 1);
        CHECK(games.begin()->second.game.termination == "disconnection");
        CHECK(games.begin()->second.game.pgn.find("[Termination \"abandoned\"]") != std::string::npos);
    }
    SECTION("with -recover the engine is restarted for every game") {
        const auto result = run_match(engines + db_flag(dir) + std::vector<std::string>{"-recover"});
        INFO(result.out << result.err);
        CHECK(result.code == 0);
        const auto games = stored_games(dir.file("f.db"));
        REQUIRE(games.size() == 4);
        for (const auto& [key, stored] : games) CHECK(stored.game.termination == "disconnection");
    }
}

TEST_CASE("SPRT stops the run at its decision", "[integration]") {
    TempDir dir;
    const std::vector<std::string> sprt{"-each", "nodes=1", "-games",   "400",        "-repeat",   "-concurrency",  "2",
                                        "-sprt", "elo0=0",  "elo1=200", "alpha=0.05", "beta=0.05", "model=logistic"};
    SECTION("H1 when the first engine is stronger") {
        const auto result =
            run_match(misbehave_engine("good") + misbehave_engine("bad", {"--mode=illegal"}) + sprt + db_flag(dir));
        INFO(result.out << result.err);
        CHECK(result.code == 0);
        CHECK(result.out.find("H1 accepted") != std::string::npos);
        // The summaries after the decision estimate no time for games that will not be played.
        const std::string after = result.out.substr(result.out.find("H1 accepted"));
        CHECK(after.find("ETA") == std::string::npos);
        CHECK(after.find("Pace ") != std::string::npos);
        // -repeat makes pairs: arbiter's draw ratio is of pairs and says so, apart from cutechess's DrawRatio.
        CHECK(result.out.find(", pair draw ratio ") != std::string::npos);
        CHECK(result.out.find(" (pairs)") == std::string::npos);
        const auto played = stored_games(dir.file("f.db")).size();
        CHECK(played >= 2);
        CHECK(played < 100);
    }
    SECTION("H0 fails the command when asked to") {
        const auto result = run_match(misbehave_engine("bad", {"--mode=illegal"}) + misbehave_engine("good") + sprt +
                                      db_flag(dir) + std::vector<std::string>{"--fail-on-h0"});
        INFO(result.out << result.err);
        CHECK(result.code == 1);
        CHECK(result.out.find("H0 accepted") != std::string::npos);
        CHECK(count_of(result.out, "Finished game") < 100);
    }
}

TEST_CASE("restart=on gives an engine a fresh process for every game", "[integration]") {
    TempDir dir;
    const std::string log = dir.file("starts.log");
    const auto result =
        run_match(misbehave_engine("fresh", {"--log=" + log}) + std::vector<std::string>{"restart=on"} +
                  misbehave_engine("kept") +
                  std::vector<std::string>{"-each", "nodes=1", "-games", "4", "-concurrency", "1", "-maxmoves", "5"} +
                  db_flag(dir));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    CHECK(count_of(read_text(log), "started") == 4 + 1);  // + the start-up check (engine_probe.h)
}

TEST_CASE("each engine's stderr is appended to its own log beside the database", "[integration]") {
    TempDir dir;
    const auto engines = misbehave_engine("first one") + misbehave_engine("second") +
                         std::vector<std::string>{"-each", "nodes=1", "-games", "2", "-maxmoves", "4"};
    SECTION("by default in <db stem>-logs") {
        const auto result = run_match(engines + db_flag(dir));
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        for (const char* file : {"f-logs/first_one.stderr.log", "f-logs/second.stderr.log"}) {
            INFO(file);
            REQUIRE(std::filesystem::exists(dir.file(file)));
            CHECK(count_of(read_text(dir.file(file)), "misbehave_engine: mode none") >= 1);
        }
    }
    SECTION("-logdir off discards it") {
        const auto result = run_match(engines + db_flag(dir) + std::vector<std::string>{"-logdir", "off"});
        REQUIRE(result.code == 0);
        CHECK_FALSE(std::filesystem::exists(dir.file("f-logs")));
    }
    SECTION("-logdir DIR chooses the directory") {
        const auto result =
            run_match(engines + db_flag(dir) + std::vector<std::string>{"-logdir", dir.file("my/logs")});
        REQUIRE(result.code == 0);
        CHECK(std::filesystem::exists(dir.file("my/logs/second.stderr.log")));
    }
}

TEST_CASE("a run without -openings is warned that every game starts from the start position", "[integration]") {
    TempDir dir;
    const auto engines = misbehave_engine("first") + misbehave_engine("second") +
                         std::vector<std::string>{"-each", "nodes=1", "-games", "2", "-maxmoves", "4"};
    const std::string warning = "Warning: no -openings: every game starts from the start position";
    SECTION("no book: the warning names the consequence") {
        const auto result = run_match(engines + db_flag(dir));
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        CHECK(result.err.find(warning) != std::string::npos);
    }
    SECTION("with -openings: no warning") {
        const auto result = run_match(
            engines + db_flag(dir) +
            std::vector<std::string>{"-openings", "file=" + std::string(REPO_ROOT_DIR) + "/openings/8moves_v3.pgn"});
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        CHECK(result.err.find("no -openings") == std::string::npos);
    }
}
