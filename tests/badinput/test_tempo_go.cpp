// tempo given a malformed `go` over UCI (issue #17, item 7): whatever is wrong with the limits, it
// names the problem in an `info string` and still answers with a bestmove, since a GUI waits for
// one after every `go`. The parser's decisions are unit-tested in tests/engine/test_uci_malformed_go.cpp.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/child.h"

using namespace std::chrono_literals;

namespace {

constexpr auto kBestmoveDeadline = 20s;  // the fallback search takes at most about a second

struct Tempo {
    test_support::Child process{test_support::talk_to(TEMPO_BIN)};
    Tempo() {
        process.send("uci");
        REQUIRE(process.wait_for("uciok", 10s));
        process.send("position startpos");
    }
};

}  // namespace

TEST_CASE("tempo answers every malformed go with a bestmove", "[badinput]") {
    Tempo tempo;
    for (const char* line : {"go depth abc", "go nodes x", "go movetime -5", "go depth", "go wtime", "go wtime abc",
                             "go movetime 1.5", "go mate x", "go perft abc", "go movestogo 0", "go winc 100 binc",
                             "go searchmoves e2e4", "go depth 99999999999999999999x",
                             "go wtime 99999999999999999999 depth 3", "go nodes 99999999999999999999 depth 2"}) {
        INFO(line);
        tempo.process.send(line);
        std::vector<std::string> seen;
        REQUIRE(tempo.process.wait_for("bestmove", kBestmoveDeadline, &seen));
        CHECK(seen.back() != "bestmove 0000");
        CHECK(seen.front().rfind("info string go:", 0) == 0);  // the problem is named first
    }
}

TEST_CASE("an overflowing clock searches instead of failing", "[badinput]") {
    Tempo tempo;
    tempo.process.send("go wtime 99999999999999999999 btime 99999999999999999999");
    std::vector<std::string> seen;
    // The clamped clock allows a long think: the search has started once an iteration is reported.
    REQUIRE(tempo.process.wait_for("info depth", 10s, &seen));
    CHECK(seen.front().find("out of range") != std::string::npos);
    tempo.process.send("stop");
    REQUIRE(tempo.process.wait_for("bestmove", 10s));
}

TEST_CASE("a malformed go ponder answers after ponderhit", "[badinput]") {
    Tempo tempo;
    tempo.process.send("go ponder depth abc");
    REQUIRE(tempo.process.wait_for("info depth 1 ", 10s));
    tempo.process.send("ponderhit");
    REQUIRE(tempo.process.wait_for("bestmove", kBestmoveDeadline));
}
