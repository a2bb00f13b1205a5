// tempo given bad input over UCI: it must say what is wrong in an `info string` (a GUI shows
// those), ignore the command, and keep serving. tests/engine covers that it survives malformed
// lines; this checks that a rejected FEN leaves the previous position in place.
#include <catch2/catch.hpp>

#include <chrono>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/support/child.h"

using namespace std::chrono_literals;

TEST_CASE("tempo keeps its position when given a broken FEN", "[badinput]") {
    test_support::Child tempo{test_support::talk_to(TEMPO_BIN)};
    tempo.send("uci");
    REQUIRE(tempo.wait_for("uciok", 10s));
    // Only a1 and e1 have legal moves here, and neither has one in the start position.
    const char* const kKept = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    tempo.send(std::string("position fen ") + kKept);
    for (const char* broken : {"4k3/8/8/8/8/8/8/R3K3 x - - 0 1", "4k3/8/8/8/8/8/8/R3K3K w - - 0 1",
                               "4k3/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/R3K3 w - - 0 1"}) {
        INFO(broken);
        tempo.send(std::string("position fen ") + broken);
        tempo.send("isready");
        std::vector<std::string> seen;
        REQUIRE(tempo.wait_for("readyok", 10s, &seen));
        REQUIRE(seen.size() == 2);
        CHECK(seen[0].rfind("info string", 0) == 0);
        CHECK(seen[0].find("FEN") != std::string::npos);
    }
    tempo.send("go depth 2");
    const auto bestmove = tempo.wait_for("bestmove", 20s);
    REQUIRE(bestmove);
    const std::string move = bestmove->substr(9, bestmove->find(' ', 9) - 9);
    const chess::Position kept(kKept);
    CHECK_NOTHROW(chess::parse_uci(kept, move));
    tempo.send("quit");
    CHECK(tempo.wait(10s).exit_code == 0);
}
