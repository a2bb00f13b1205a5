// arbiter epd on a suite with Chess960 positions: the engine is switched to Chess960 by the same
// protocol code as a -variant fischerandom match (UCI_Chess960, checked against what the engine
// declares), so the O-O-O mate below is solved, and an engine without UCI_Chess960 is refused by
// name instead of answering a position it cannot read.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/epdrun/epdrun_test_support.h"

using namespace epdrun_test;
using Catch::Matchers::Contains;

namespace {

// Rook c1 and king d1: only O-O-O (d1c1, king-takes-rook) mates, the rook landing on d1. X-FEN
// writes the right as Q (c1 is the outermost rook), Shredder-FEN as C.
const char* kSuite =
    "2rkr3/2p1p3/8/8/8/8/8/2RK4 w Q - bm O-O-O#; id \"960.xfen\";\n"
    "2rkr3/2p1p3/8/8/8/8/8/2RK4 w C - bm O-O-O#; id \"960.shredder\";\n";

}  // namespace

TEST_CASE("epd: Chess960 positions are solved with UCI_Chess960 switched on", "[epd][chess960]") {
#ifdef TEMPO_BIN
    ScratchDir dir;
    const std::string suite = dir.write("castle960.epd", kSuite);
    const auto run =
        run_epd({"--engine", "cmd=" TEMPO_BIN, "--suite", suite, "--depth", "3", "--db", dir.file("e.db")});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    CHECK_THAT(run.out, Contains("2/2 solved"));
#else
    WARN("tempo not built; skipped");
#endif
}

TEST_CASE("epd: an engine without UCI_Chess960 is refused on a Chess960 suite", "[epd][chess960]") {
    ScratchDir dir;
    const std::string suite = dir.write("castle960.epd", kSuite);
    const std::string engine = dir.write("plain.sh",
                                         "#!/bin/sh\nwhile read -r line; do case \"$line\" in\n"
                                         "uci) echo 'id name plain'; echo uciok;;\nisready) echo readyok;;\n"
                                         "go*) echo 'bestmove 0000';;\nquit) exit 0;;\nesac; done\n",
                                         true);
    const auto run = run_epd(
        {"--engine", "cmd=" + engine + " name=plain", "--suite", suite, "--depth", "3", "--db", dir.file("e.db")});
    INFO(run.out << run.err);
    CHECK(run.code == 1);  // as for any option the engine lacks: the positions are not run
    CHECK_THAT(run.err, Contains("engine plain cannot play Chess960: it declares no UCI_Chess960 option"));
}
