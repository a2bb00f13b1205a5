// XboardClient against Debian's phalanx and hoichess, and against shell-script fake engines.
#include "tests/protocol/test_support.h"
#include "tests/support/temp_dir.h"
#include "tests/support/wait_until.h"

#include "harness/protocol/xboard_client.h"
#include "harness/protocol/xboard_parse.h"

#include <catch2/catch.hpp>

using namespace arbiter::protocol;
using namespace std::chrono_literals;
using protocol_test::fake_engine;
using protocol_test::have;

namespace {

EngineConfig phalanx_config(const std::string& name) {
    EngineConfig config;
    config.name = name;
    config.protocol = Protocol::Xboard;
    config.process.executable = PHALANX_BIN;
    config.process.arguments = {"-l-", "-b-", "-t", "16384"};  // no learning, no book, 16 MB hash
    return config;
}

EngineConfig hoichess_config() {
    EngineConfig config;
    config.name = "hoichess";
    config.protocol = Protocol::Xboard;
    config.process.executable = HOICHESS_BIN;
    config.init_commands = {"book off"};
    return config;
}

// A v2 engine answering ping, usermove and go; `on_usermove` / `on_protover` are shell snippets.
std::string fake_xboard_script(const std::string& on_protover, const std::string& on_usermove = ":") {
    return "while read -r cmd rest; do case \"$cmd\" in "
           "protover) " +
           on_protover +
           ";; "
           "ping) echo \"pong $rest\";; "
           "usermove) " +
           on_usermove +
           ";; "
           "go) echo '3 25 7 1234 e7e5 g1f3'; echo 'move e7e5';; "
           "quit) exit 0;; "
           "esac; done";
}

// Plays `plies` half-moves from the start position between two xboard engines, feeding each
// engine the other's replies the way the game loop does.
std::vector<std::string> play(EngineClient& white, EngineClient& black, int plies, const SearchRequest& white_limits,
                              const SearchRequest& black_limits) {
    std::vector<std::string> moves;
    for (int ply = 0; ply < plies; ++ply) {
        const bool white_moves = ply % 2 == 0;
        EngineClient& side = white_moves ? white : black;
        side.set_position("startpos", moves);
        const auto result = side.go(white_moves ? white_limits : black_limits, Clock::now() + 5s);
        INFO("ply " << ply << ": " << result.error_message);
        REQUIRE(result.ok());
        REQUIRE(is_coordinate_move(result.bestmove));
        CHECK_FALSE(result.move_is_san);
        CHECK(result.info.depth);
        moves.push_back(result.bestmove);
    }
    return moves;
}

}  // namespace

TEST_CASE("xboard fake: protocol v1 engine (no features) after the feature timeout", "[integration][xboard]") {
    XboardClient engine(fake_engine("v1", Protocol::Xboard, fake_xboard_script(":")));
    const auto before = Clock::now();
    engine.start();
    const auto took = Clock::now() - before;
    CHECK(took >= 300ms);
    CHECK(took < 1s);
    CHECK_FALSE(engine.features().any_seen);
    CHECK(engine.is_ready(100ms));  // no ping in v1: nothing to wait for
    engine.new_game({});
    engine.set_position("startpos", {"e2e4"});
    SearchRequest request;
    request.depth = 3;
    const auto result = engine.go(request, Clock::now() + 2s);
    REQUIRE(result.ok());
    CHECK(result.bestmove == "e7e5");
    CHECK(result.info.nodes == 1234u);
    CHECK(result.info.time == 70ms);
}

TEST_CASE("xboard fake: done=0 extends the handshake until done=1", "[integration][xboard]") {
    XboardClient engine(
        fake_engine("slow", Protocol::Xboard,
                    fake_xboard_script("echo 'feature done=0'; sleep 0.5; "
                                       "echo 'feature myname=\"Slow Starter\" ping=1 usermove=1 pause=1 done=1'")));
    const auto before = Clock::now();
    engine.start();
    CHECK(Clock::now() - before >= 500ms);
    CHECK(engine.features().ping);
    CHECK(engine.features().usermove);
    CHECK(engine.engine_name() == "Slow Starter");
    CHECK(engine.is_ready(1s));
}

TEST_CASE("xboard fake: a rejected move is a protocol error", "[integration][xboard]") {
    XboardClient engine(
        fake_engine("picky", Protocol::Xboard,
                    fake_xboard_script("echo 'feature usermove=1 ping=1 done=1'", "echo \"Illegal move: $rest\"")));
    engine.start();
    engine.new_game({});
    engine.set_position("startpos", {"e2e4"});
    SearchRequest request;
    request.depth = 1;
    const auto result = engine.go(request, Clock::now() + 2s);
    CHECK(result.error == EngineError::Protocol);
    CHECK_THAT(result.error_message, Catch::Contains("engine picky rejected move e2e4"));
}

TEST_CASE("xboard fake: result claims belong to the search that made them", "[integration][xboard]") {
    SECTION("a claim right after the move is attached to that move") {
        XboardClient engine(fake_engine("claimer", Protocol::Xboard,
                                        "while read -r cmd rest; do case \"$cmd\" in "
                                        "protover) echo 'feature ping=1 done=1';; ping) echo \"pong $rest\";; "
                                        "go) printf 'move d8h4\\n0-1 {Black mates}\\n';; quit) exit 0;; esac; done"));
        engine.start();
        engine.new_game({});
        engine.set_position("startpos", {"f2f3", "e7e5", "g2g4"});
        SearchRequest request;
        request.depth = 1;
        const auto result = engine.go(request, Clock::now() + 2s);
        REQUIRE(result.ok());
        CHECK(result.bestmove == "d8h4");
        CHECK(result.claimed_result == "0-1 {Black mates}");
    }
    SECTION("a late claim never ends the next search") {
        const test_support::TempDir dir;
        const std::string claimed = dir.file("claimed");  // made once the late claim is in the pipe
        XboardClient engine(fake_engine("late", Protocol::Xboard,
                                        "while read -r cmd rest; do case \"$cmd\" in "
                                        "protover) echo 'feature ping=1 done=1';; ping) echo \"pong $rest\";; "
                                        "go) echo 'move e7e5'; { sleep 0.1; echo '1/2-1/2 {late}'; : > '" +
                                            claimed +
                                            "'; } & ;; "
                                            "quit) exit 0;; esac; done"));
        engine.start();
        engine.new_game({});
        engine.set_position("startpos", {"e2e4"});
        SearchRequest request;
        request.depth = 1;
        CHECK(engine.go(request, Clock::now() + 2s).claimed_result.empty());
        // The claim arrives while nobody reads.
        REQUIRE(test_support::wait_until([&] { return std::filesystem::exists(claimed); }, 5s));
        engine.set_position("startpos", {"d2d4"});
        const auto second = engine.go(request, Clock::now() + 2s);
        REQUIRE(second.ok());
        CHECK(second.bestmove == "e7e5");
        CHECK(second.claimed_result.empty());
    }
}

TEST_CASE("xboard phalanx: handshake, features and options", "[integration][xboard][phalanx]") {
    if (!have(PHALANX_BIN)) {
        WARN("phalanx not installed; skipped");
        return;
    }
    XboardClient engine(phalanx_config("phalanx"));
    engine.start();
    CHECK(engine.engine_name() == "Phalanx XXV");
    CHECK(engine.features().ping);
    CHECK(engine.features().setboard);
    CHECK(engine.features().memory);
    REQUIRE(engine.options().size() == 1);
    CHECK(engine.options()[0].name == "Randomizer (0-50)");
    CHECK_NOTHROW(engine.set_option("Randomizer (0-50)", "0"));
    CHECK_NOTHROW(engine.set_option("Hash", "16"));  // mapped to `memory 16`
    CHECK_THROWS_WITH(engine.set_option("Contempt", "10"), "unknown option Contempt for engine phalanx");
    CHECK(engine.is_ready(2s));
    engine.quit();
    REQUIRE(engine.exit_status());
    CHECK(engine.exit_status()->clean());
}

TEST_CASE("xboard phalanx: moves under st, then on the clock", "[integration][xboard][phalanx]") {
    if (!have(PHALANX_BIN)) return;
    XboardClient white(phalanx_config("phalanx-w"));
    XboardClient black(phalanx_config("phalanx-b"));
    white.start();
    black.start();

    SearchRequest one_second;
    one_second.movetime = 1000ms;  // `st 1`
    white.new_game({});
    black.new_game({});
    const auto opening = play(white, black, 2, one_second, one_second);
    CHECK(opening.size() == 2);

    const TimeControl blitz{0, 3000ms, 0ms};
    white.new_game(blitz);
    black.new_game(blitz);
    SearchRequest on_clock;
    on_clock.clock = ClockState{3000ms, 3000ms, 0ms, 0ms, 0};
    const auto moves = play(white, black, 6, on_clock, on_clock);
    CHECK(moves.size() == 6);
}

TEST_CASE("xboard phalanx: setboard with black to move", "[integration][xboard][phalanx]") {
    if (!have(PHALANX_BIN)) return;
    XboardClient engine(phalanx_config("phalanx"));
    engine.start();
    engine.new_game({0, 2000ms, 0ms});
    engine.set_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", {});
    SearchRequest request;
    request.clock = ClockState{2000ms, 2000ms, 0ms, 0ms, 0};
    const auto result = engine.go(request, Clock::now() + 3s);
    REQUIRE(result.ok());
    REQUIRE(is_coordinate_move(result.bestmove));
    CHECK((result.bestmove[1] == '7' || result.bestmove[1] == '8'));  // a black move
}

TEST_CASE("xboard hoichess: book off, sd limit, game against phalanx", "[integration][xboard][hoichess]") {
    if (!have(HOICHESS_BIN) || !have(PHALANX_BIN)) {
        WARN("hoichess or phalanx not installed; skipped");
        return;
    }
    XboardClient hoichess(hoichess_config());
    XboardClient phalanx(phalanx_config("phalanx"));
    hoichess.start();
    phalanx.start();
    CHECK_THAT(hoichess.engine_name(), Catch::StartsWith("HoiChess"));
    CHECK(hoichess.features().ping);
    CHECK_FALSE(hoichess.features().sigterm);
    CHECK_NOTHROW(hoichess.set_option("verbose", "0"));

    const TimeControl blitz{0, 3000ms, 0ms};
    hoichess.new_game(blitz);
    phalanx.new_game(blitz);
    SearchRequest depth3;
    depth3.depth = 3;
    SearchRequest on_clock;
    on_clock.clock = ClockState{3000ms, 3000ms, 0ms, 0ms, 0};
    const auto moves = play(hoichess, phalanx, 6, depth3, on_clock);
    CHECK(moves.size() == 6);
    hoichess.game_over("1/2-1/2", "test over");
    phalanx.game_over("1/2-1/2", "test over");
    CHECK(hoichess.is_ready(2s));
    hoichess.quit();
    phalanx.quit();
    CHECK(hoichess.exit_status());
}
