// misbehave_engine on its own: its settings, and what each scriptable mode says to a plain
// UCI dialogue (the runner's handling of it is tested in tests/reliability).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/misbehave/misbehave_settings.h"
#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

namespace {

struct Reply {
    int exit_code = -1;
    std::vector<std::string> lines;
};

// Feeds `script` to the engine's stdin and collects its stdout lines (a last one without its
// newline is dropped).
Reply run_engine(const std::vector<std::string>& flags, const std::string& script) {
    test_support::ChildSpec engine{.program = MISBEHAVE_BIN, .args = flags};
    engine.in = test_support::Stream::text(script);
    engine.err = test_support::Stream::null();
    const test_support::ChildResult run = test_support::run(engine);
    Reply reply;
    reply.exit_code = run.exit_code;
    reply.lines = test_support::lines_of(run.out.substr(0, run.out.rfind('\n') + 1));
    return reply;
}

bool has_line(const Reply& reply, const std::string& line) {
    for (const auto& got : reply.lines)
        if (got == line) return true;
    return false;
}

std::vector<std::string> bestmoves(const Reply& reply) {
    std::vector<std::string> moves;
    for (const auto& line : reply.lines)
        if (line.rfind("bestmove ", 0) == 0) moves.push_back(line.substr(9));
    return moves;
}

bool legal_after_e4(const std::string& move) {
    chess::Position position;
    position.make_move(chess::parse_uci(position, "e2e4"));
    try {
        chess::parse_uci(position, move);
        return true;
    } catch (const chess::MoveParseError&) {
        return false;
    }
}

const std::string kGame = "uci\nucinewgame\nisready\nposition startpos moves e2e4\ngo nodes 1\nquit\n";

}  // namespace

TEST_CASE("settings come from --flag=value, --flag value and setoption", "[unit]") {
    misbehave::Settings settings;
    const char* argv[] = {"engine", "--mode=crash", "--ply", "10", "--game=2", "--delay=50", "--bytes", "1000"};
    REQUIRE_FALSE(misbehave::parse_arguments(8, argv, settings));
    CHECK(settings.mode == misbehave::Mode::crash);
    CHECK(settings.ply == 10);
    CHECK(settings.game == 2);
    CHECK(settings.delay_or(7) == 50);
    CHECK(settings.bytes_or(7) == 1000);

    REQUIRE_FALSE(misbehave::apply_setoption("setoption name Mode value hang-go", settings));
    CHECK(settings.mode == misbehave::Mode::hang_go);
    REQUIRE_FALSE(misbehave::apply_setoption("setoption name Delay value -1", settings));
    CHECK(settings.delay_or(7) == 7);
    REQUIRE_FALSE(misbehave::apply_setoption("setoption name Text value bestmove  x y", settings));
    CHECK(settings.text == "bestmove  x y");
}

TEST_CASE("bad settings are refused with the flag named", "[unit]") {
    misbehave::Settings settings;
    const char* bad_mode[] = {"engine", "--mode=explode"};
    const auto mode_error = misbehave::parse_arguments(2, bad_mode, settings);
    REQUIRE(mode_error);
    CHECK(mode_error->find("--mode") != std::string::npos);
    const char* bad_ply[] = {"engine", "--ply=-3"};
    CHECK(misbehave::parse_arguments(2, bad_ply, settings));
    const char* missing[] = {"engine", "--game"};
    CHECK(misbehave::parse_arguments(2, missing, settings));
    CHECK(misbehave::apply_setoption("setoption name Colour value red", settings));
    for (const auto& mode : {"none", "crash", "hang-go", "flood", "late", "close-stdin"})
        CHECK(misbehave::mode_from_name(mode));
}

TEST_CASE("the start log is a flag (--log) only: the process has started when options arrive", "[unit]") {
    misbehave::Settings settings;
    const char* argv[] = {"engine", "--log=/somewhere/starts.log"};
    REQUIRE_FALSE(misbehave::parse_arguments(2, argv, settings));
    CHECK(settings.log == "/somewhere/starts.log");
    const auto error = misbehave::apply_setoption("setoption name Log value other.log", settings);
    REQUIRE(error);
    CHECK(error->find("--log") != std::string::npos);
    CHECK(settings.log == "/somewhere/starts.log");
}

TEST_CASE("each process start adds a line to --log", "[integration]") {
    const test_support::TempDir dir;
    const std::string log = dir.file("starts.log");
    for (int start = 0; start < 2; ++start) CHECK(run_engine({"--log=" + log}, "uci\nquit\n").exit_code == 0);
    CHECK(test_support::read_text(log) == "started\nstarted\n");
}

TEST_CASE("well-behaved, the engine completes the handshake and plays a legal move", "[integration]") {
    const Reply reply = run_engine({}, kGame);
    CHECK(reply.exit_code == 0);
    CHECK(has_line(reply, "uciok"));
    CHECK(has_line(reply, "readyok"));
    const auto moves = bestmoves(reply);
    REQUIRE(moves.size() == 1);
    CHECK(legal_after_e4(moves[0]));
}

TEST_CASE("the engine's misbehaviours show in its output", "[integration]") {
    SECTION("illegal: a well-formed move that is not legal") {
        const auto moves = bestmoves(run_engine({"--mode=illegal"}, kGame));
        REQUIRE(moves.size() == 1);
        CHECK(moves[0].size() == 4);
        CHECK_FALSE(legal_after_e4(moves[0]));
    }
    SECTION("illegal only from the given ply on") {
        const auto moves = bestmoves(run_engine({"--mode=illegal", "--ply=2"}, kGame));
        REQUIRE(moves.size() == 1);
        CHECK(legal_after_e4(moves[0]));
    }
    SECTION("no-uciok: options but no uciok") {
        const Reply reply = run_engine({"--mode=no-uciok"}, kGame);
        CHECK(has_line(reply, "option name Ply type spin default 0 min 0 max 100000"));
        CHECK_FALSE(has_line(reply, "uciok"));
    }
    SECTION("early-bestmove: a bestmove arrives before any go") {
        const Reply reply = run_engine({"--mode=early-bestmove"}, "uci\nucinewgame\nposition startpos\nquit\n");
        CHECK(bestmoves(reply).size() == 2);
    }
    SECTION("exit-newgame: leaves at the chosen ucinewgame") {
        const Reply reply =
            run_engine({"--mode=exit-newgame", "--game=2"}, "uci\nucinewgame\nisready\nucinewgame\nisready\nquit\n");
        CHECK(reply.exit_code == 0);
        int ready = 0;
        for (const auto& line : reply.lines) ready += line == "readyok";
        CHECK(ready == 1);
    }
    SECTION("malformed: the given line replaces bestmove") {
        const auto reply = run_engine({"--text=bestmove"}, kGame);
        CHECK(bestmoves(reply).size() == 1);  // without --mode=malformed the text is unused
        const auto bad = run_engine({"--mode=malformed", "--text=bestmove"}, kGame);
        CHECK(bestmoves(bad).empty());
        CHECK(has_line(bad, "bestmove"));
    }
    SECTION("flood: the requested volume before the move") {
        const Reply reply = run_engine({"--mode=flood", "--bytes=1000000"}, kGame);
        std::size_t bytes = 0;
        for (const auto& line : reply.lines) bytes += line.size() + 1;
        CHECK(bytes >= 1000000);
        CHECK(bestmoves(reply).size() == 1);
    }
    SECTION("noisy: one info string line of the requested characters, a's ending in '!', before the move") {
        const Reply reply = run_engine({"--mode=noisy", "--bytes=30"}, kGame);
        CHECK(has_line(reply, "info string " + std::string(29, 'a') + "!"));
        CHECK(bestmoves(reply).size() == 1);
    }
    SECTION("an unknown mode is refused") { CHECK(run_engine({"--mode=explode"}, kGame).exit_code == 2); }
}
