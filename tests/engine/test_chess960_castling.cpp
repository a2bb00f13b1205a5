// tempo under UCI_Chess960, through its pipes: castling in king-takes-rook notation where king
// and rook land on each other's squares, read from `position ... moves` and played by the search.
// The expected positions and counts come from the rules core, which arbiter referees with.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "engine/chess/perft.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/support/child.h"

using test_support::Child;
using namespace std::chrono_literals;

namespace {

constexpr auto kReply = 5000ms;  // generous: CI machines are shared

struct Tempo960 {
    Child process{test_support::talk_to(TEMPO_BIN)};
    Tempo960() {
        process.send("uci");
        REQUIRE(process.wait_for("uciok", kReply));
        process.send("setoption name UCI_Chess960 value true");
    }
    std::vector<std::string> lines_until(const std::string& prefix) {
        std::vector<std::string> seen;
        REQUIRE(process.wait_for(prefix, kReply, &seen));
        return seen;
    }
};

chess::Position after(const std::string& fen, const std::vector<std::string>& moves) {
    chess::Position pos(fen, true);
    for (const std::string& uci : moves) pos.make_move(chess::parse_uci(pos, uci));
    return pos;
}

std::uint64_t core_perft(const std::string& fen, const std::vector<std::string>& moves, int depth) {
    chess::Position pos = after(fen, moves);
    return chess::perft(pos, depth);
}

// The rules core's `go perft` lines for `moves` played from `fen`.
std::vector<std::string> core_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
    chess::Position pos = after(fen, moves);
    std::ostringstream out;
    chess::perft_divide(pos, depth, out);
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The "<move>: <count>" lines among `lines`.
std::multiset<std::string> divide_lines(const std::vector<std::string>& lines) {
    std::multiset<std::string> moves;
    for (const std::string& line : lines)
        if (line.find(": ") == 4 || line.find(": ") == 5) moves.insert(line);
    return moves;
}

}  // namespace

TEST_CASE("tempo castles king-takes-rook where king and rook swap squares", "[integration][chess960]") {
    // Position 3: king f1, rook g1 (and f8/g8). O-O is f1g1: the king goes to g1, the rook to f1.
    const std::string start = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1";
    Tempo960 tempo;
    tempo.process.send("position fen " + start + " moves f1g1 f8g8");
    tempo.process.send("go perft 2");
    const auto lines = tempo.lines_until("Nodes searched");
    // Every "<move>: <count>" line and the total, as the rules core counts them after both castlings.
    CHECK(divide_lines(lines) == divide_lines(core_divide(start, {"f1g1", "f8g8"}, 2)));
    CHECK(lines.back() == "Nodes searched: " + std::to_string(core_perft(start, {"f1g1", "f8g8"}, 2)));
    CHECK_FALSE(divide_lines(lines).empty());
}

TEST_CASE("tempo finds the mate that only O-O-O gives, and sends it king-takes-rook", "[integration][chess960]") {
    // Rook c1 and king d1 swap with O-O-O (d1c1): the rook lands on d1 and mates the king on d8.
    const std::string fen = "2rkr3/2p1p3/8/8/8/8/8/2RK4 w C - 0 1";
    chess::Position pos(fen, true);
    pos.make_move(chess::parse_uci(pos, "d1c1"));
    REQUIRE(chess::adjudicate(pos) == chess::Termination::Checkmate);

    Tempo960 tempo;
    tempo.process.send("position fen " + fen);
    tempo.process.send("go depth 3");
    const auto lines = tempo.lines_until("bestmove");
    CHECK(lines.back().rfind("bestmove d1c1", 0) == 0);
    bool mate_seen = false;
    for (const std::string& line : lines) mate_seen = mate_seen || line.find("score mate 1 ") != std::string::npos;
    CHECK(mate_seen);
}
