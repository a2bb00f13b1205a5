// Scripted UCI sessions against the real tempo binary through pipes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/bench.h"
#include "tests/support/child.h"

using test_support::Child;
using namespace std::chrono_literals;

namespace {

constexpr auto kReply = 2000ms;  // generous: CI machines are shared

struct Tempo {
    Child process{test_support::talk_to(TEMPO_BIN)};
    Tempo() {
        process.send("uci");
        REQUIRE(process.wait_for("uciok", kReply));
    }
    std::vector<std::string> lines_until(const std::string& prefix, std::chrono::milliseconds timeout) {
        std::vector<std::string> seen;
        REQUIRE(process.wait_for(prefix, timeout, &seen));
        return seen;
    }
    void expect_ready() {
        process.send("isready");
        REQUIRE(process.wait_for("readyok", kReply));
    }
};

bool any_starts_with(const std::vector<std::string>& lines, const std::string& prefix) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
}

// Reads everything the engine says within `window`, to check what it did NOT say.
std::vector<std::string> drain(Child& process, std::chrono::milliseconds window) {
    std::vector<std::string> lines;
    auto end = std::chrono::steady_clock::now() + window;
    while (std::chrono::steady_clock::now() < end) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
        if (auto line = process.read_line(std::max(left, 1ms))) lines.push_back(*line);
    }
    return lines;
}

long count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
    return std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
}

}  // namespace

TEST_CASE("uci lists identity and every option", "[integration]") {
    Child process{test_support::talk_to(TEMPO_BIN)};
    process.send("uci");
    std::vector<std::string> lines;
    REQUIRE(process.wait_for("uciok", kReply, &lines));
    CHECK(any_starts_with(lines, "id name tempo"));
    CHECK(any_starts_with(lines, "id author "));
    CHECK(any_starts_with(lines, "option name Hash type spin default 16 min 1 max 65536"));
    CHECK(any_starts_with(lines, "option name Threads type spin default 1 min 1 max 1"));
    CHECK(any_starts_with(lines, "option name Move Overhead type spin"));
    CHECK(any_starts_with(lines, "option name Clear Hash type button"));
    CHECK(any_starts_with(lines, "option name UCI_Chess960 type check default false"));
    CHECK(any_starts_with(lines, "option name Features type string default all"));
    for (const char* name : {"AspirationWindows", "TaperedEval", "MvvLva", "HashMoveFirst", "StagedMoveGen",
                             "TimeManagement", "RepetitionDraws", "InsufficientMaterial", "PassedPawns", "Mobility",
                             "KingSafety", "NullMove", "QuiescenceRecaptures", "FutilityPruning", "KillerMoves",
                             "HistoryHeuristic", "LateMoveReductions", "LateMovePruning", "TunedEval"})
        CHECK(any_starts_with(lines, std::string("option name ") + name + " type check default true"));
}

TEST_CASE("bare go searches until stop, then exactly one bestmove", "[integration]") {
    Tempo tempo;
    tempo.process.send("position startpos");
    tempo.process.send("go");
    auto early = drain(tempo.process, 400ms);
    CHECK(count_prefix(early, "bestmove") == 0);
    tempo.process.send("stop");
    auto lines = tempo.lines_until("bestmove", kReply);
    tempo.expect_ready();
    tempo.process.send("stop");  // no search: must not produce another bestmove
    auto after = drain(tempo.process, 200ms);
    CHECK(count_prefix(after, "bestmove") == 0);
}

TEST_CASE("go infinite does not end on a found mate or a single legal move", "[integration]") {
    Tempo tempo;
    for (const char* fen : {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "k7/8/1K6/8/8/8/8/7R b - - 0 1"}) {
        tempo.process.send(std::string("position fen ") + fen);
        tempo.process.send("go infinite");
        auto early = drain(tempo.process, 500ms);
        CHECK(count_prefix(early, "bestmove") == 0);
        tempo.process.send("stop");
        tempo.lines_until("bestmove", kReply);
    }
}

TEST_CASE("isready is answered at once during a search", "[integration]") {
    Tempo tempo;
    tempo.process.send("position startpos");
    tempo.process.send("go infinite");
    REQUIRE(tempo.process.wait_for("info depth", kReply));  // the search is under way
    auto asked = std::chrono::steady_clock::now();
    tempo.process.send("isready");
    std::vector<std::string> seen;
    REQUIRE(tempo.process.wait_for("readyok", kReply, &seen));
    CHECK(std::chrono::steady_clock::now() - asked < 1000ms);  // "at once", with slack for loaded CI
    CHECK(count_prefix(seen, "bestmove") == 0);                // the search was not stopped
    tempo.process.send("stop");
    tempo.lines_until("bestmove", kReply);
}

TEST_CASE("go with only wtime finishes in time", "[integration]") {
    Tempo tempo;
    tempo.process.send("position startpos");
    auto start = std::chrono::steady_clock::now();
    tempo.process.send("go wtime 1000");
    auto lines = tempo.lines_until("bestmove", 1500ms);
    CHECK(std::chrono::steady_clock::now() - start < 1000ms);
    CHECK(lines.back().size() > std::string("bestmove ").size());
    // Black to move, only White's clock given: still a timed search.
    tempo.process.send("position startpos moves e2e4");
    tempo.process.send("go wtime 500");
    tempo.lines_until("bestmove", 1500ms);
}

TEST_CASE("movestogo budgets the remaining time", "[integration]") {
    Tempo tempo;
    tempo.process.send("position startpos");
    auto start = std::chrono::steady_clock::now();
    tempo.process.send("go wtime 1500 btime 1500 movestogo 1");
    tempo.lines_until("bestmove", 2000ms);
    CHECK(std::chrono::steady_clock::now() - start < 1500ms);
    start = std::chrono::steady_clock::now();
    tempo.process.send("go wtime 1500 btime 1500 winc 100 binc 100 movestogo 40");
    tempo.lines_until("bestmove", 2000ms);
    CHECK(std::chrono::steady_clock::now() - start < 1000ms);  // budget ~110 ms; slack for loaded CI
}

TEST_CASE("quit ends the process mid-search", "[integration]") {
    Tempo tempo;
    tempo.process.send("go infinite");
    REQUIRE(tempo.process.wait_for("info depth", kReply));  // the search is under way
    tempo.process.send("quit");
    const auto& exit = tempo.process.wait(kReply);
    REQUIRE_FALSE(exit.timed_out);
    CHECK(exit.exit_code == 0);
}

TEST_CASE("end of input ends the process mid-search", "[integration]") {
    Tempo tempo;
    tempo.process.send("go infinite");
    REQUIRE(tempo.process.wait_for("info depth", kReply));  // the search is under way
    tempo.process.close_stdin();
    const auto& exit = tempo.process.wait(kReply);
    REQUIRE_FALSE(exit.timed_out);
    CHECK(exit.exit_code == 0);
}

TEST_CASE("setoption names with spaces, any case, never by prefix", "[integration]") {
    Tempo tempo;
    tempo.process.send("setoption name Move Overhead value 50");
    tempo.process.send("setoption name move overhead value 60");
    tempo.process.send("setoption name Clear Hash");
    tempo.process.send("setoption name UCI_Chess960 value true");
    tempo.process.send("setoption name Features value all,-NullMove");
    tempo.process.send("isready");
    auto lines = tempo.lines_until("readyok", kReply);
    CHECK(count_prefix(lines, "info string") == 0);
    tempo.process.send("setoption name Move value 5");  // prefix of "Move Overhead"
    tempo.process.send("setoption name Move Overhead Extra value 5");
    tempo.process.send("setoption name Features value all,-NoSuchFeature");
    tempo.process.send("isready");
    lines = tempo.lines_until("readyok", kReply);
    CHECK(count_prefix(lines, "info string") == 3);
}

TEST_CASE("malformed input is reported and never crashes", "[integration]") {
    Tempo tempo;
    const char* bad_lines[] = {
        "hello world",
        "position",
        "position fen 8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp",
        "position startpos moves e2e5",
        "go depth x",
        "go wtime",
        "setoption",
        "setoption name",
        "setoption name Hash value 0",
        "setoption name Hash value 999999",
        "setoption name Threads value 2",
        "setoption name UCI_Chess960 value maybe",
        "go perft",
        "position startpos moves",
    };
    for (const char* line : bad_lines) tempo.process.send(line);
    tempo.process.send("isready");
    auto lines = tempo.lines_until("readyok", kReply);
    CHECK(count_prefix(lines, "info string") >= 12);
    // Still fully working afterwards.
    tempo.process.send("position startpos moves e2e4 e7e5");
    tempo.process.send("go depth 3");
    auto result = tempo.lines_until("bestmove", kReply);
    CHECK(result.back() != "bestmove 0000");
}

TEST_CASE("positions with castling, promotion and Chess960 moves", "[integration]") {
    Tempo tempo;
    tempo.process.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8");
    tempo.process.send("go perft 1");
    auto lines = tempo.lines_until("Nodes searched", kReply);
    CHECK(count_prefix(lines, "f1") > 0);  // the rook moved with castling
    // The new queen on e8 covers a4 (diagonal e8-a4): the black king on a2 keeps five moves.
    tempo.process.send("position fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1 moves e7e8q");
    tempo.process.send("go perft 1");
    lines = tempo.lines_until("Nodes searched", kReply);
    CHECK(count_prefix(lines, "info string") == 0);
    CHECK(lines.back() == "Nodes searched: 5");
    tempo.process.send("setoption name UCI_Chess960 value true");
    tempo.process.send("position fen nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1 moves g1f3 g8f6 f1h1");
    tempo.process.send("isready");
    lines = tempo.lines_until("readyok", kReply);
    CHECK(count_prefix(lines, "info string") == 0);
    tempo.process.send("go depth 4");
    lines = tempo.lines_until("bestmove", kReply);
}

TEST_CASE("go perft prints a Stockfish-style divide", "[integration]") {
    Tempo tempo;
    tempo.process.send("position startpos");
    tempo.process.send("go perft 3");
    auto lines = tempo.lines_until("Nodes searched", kReply);
    CHECK(lines.back() == "Nodes searched: 8902");
    CHECK(count_prefix(lines, "e2e4: ") == 1);
}

TEST_CASE("ucinewgame and a search after it", "[integration]") {
    Tempo tempo;
    tempo.process.send("ucinewgame");
    tempo.process.send("position startpos moves e2e4");
    tempo.process.send("go nodes 5000");
    auto lines = tempo.lines_until("bestmove", kReply);
    CHECK(any_starts_with(lines, "info depth 1 seldepth"));
}

TEST_CASE("tempo bench reproduces the recorded signature", "[integration]") {
    Child process{test_support::talk_to(TEMPO_BIN, {"bench"})};
    std::vector<std::string> lines;
    REQUIRE(process.wait_for("Nodes/second    : ", 60000ms, &lines));
    REQUIRE(lines.size() >= 2);
    const std::string& nodes_line = lines[lines.size() - 2];
    REQUIRE(nodes_line.rfind("Nodes searched  : ", 0) == 0);
    CHECK(nodes_line == "Nodes searched  : " + std::to_string(tempo::kBenchSignature));
    CHECK(count_prefix(lines, "Position ") == long(tempo::bench_positions().size()));
}

TEST_CASE("go ponder waits for ponderhit, then obeys the clock", "[integration]") {
    Tempo tempo;
    tempo.process.send("position startpos moves e2e4");
    tempo.process.send("go ponder wtime 1000 btime 1000");
    auto early = drain(tempo.process, 400ms);
    CHECK(count_prefix(early, "bestmove") == 0);  // pondering never ends on its own
    auto hit = std::chrono::steady_clock::now();
    tempo.process.send("ponderhit");
    tempo.lines_until("bestmove", kReply);
    CHECK(std::chrono::steady_clock::now() - hit < 1000ms);
    tempo.process.send("go ponder wtime 1000 btime 1000");
    REQUIRE(tempo.process.wait_for("info depth", kReply));  // the search is under way
    tempo.process.send("stop");
    tempo.lines_until("bestmove", kReply);
}

TEST_CASE("a ponder search that ends at its depth limit still answers ponderhit", "[integration]") {
    // The search to depth 1 is over long before the ponderhit; its bestmove is held until then,
    // and the ponderhit must release it rather than wait for a clock that will not start again.
    Tempo tempo;
    tempo.process.send("position startpos");
    tempo.process.send("go ponder depth 1");
    auto early = drain(tempo.process, 400ms);
    CHECK(count_prefix(early, "info depth 1 ") == 1);
    CHECK(count_prefix(early, "bestmove") == 0);
    tempo.process.send("ponderhit");
    tempo.lines_until("bestmove", kReply);
}
