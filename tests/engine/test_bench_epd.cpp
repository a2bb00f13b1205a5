// tests/data/bench.epd is tempo's bench list as EPD (tests/data/SOURCES.md): the positions a
// ladder searches to a fixed depth unless its file names others. This test is the generator too:
// when the list changes, it writes the file it expects beside the test binary and names it.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/bench.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/support/text_file.h"

namespace {

// The first four FEN fields: EPD's position (the move counters are not part of it).
std::string epd_position(const std::string& fen) {
    std::istringstream fields(fen);
    std::string board, side, castling, en_passant;
    fields >> board >> side >> castling >> en_passant;
    return board + " " + side + " " + castling + " " + en_passant;
}

chess::Position position_after_moves(const tempo::BenchPosition& entry) {
    chess::Position pos(entry.fen, entry.chess960);
    std::istringstream moves(entry.moves);
    for (std::string move; moves >> move;) pos.make_move(chess::parse_uci(pos, move));
    return pos;
}

// Every bench position any UCI engine can search: Chess960 needs the engine's UCI_Chess960, and a
// position without a legal move (the stalemate) has no search to time. Ids keep the bench's numbers.
std::string expected_bench_epd() {
    std::string text;
    const auto& positions = tempo::bench_positions();
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (positions[i].chess960) continue;
        const chess::Position pos = position_after_moves(positions[i]);
        if (!pos.has_legal_moves()) continue;
        std::string number = std::to_string(i + 1);
        if (number.size() < 2) number.insert(0, "0");
        // Appended piecewise: g++ 12 warns falsely (-Warray-bounds) on chains of string temporaries.
        text += epd_position(pos.fen());
        text += " id \"bench.";
        text += number;
        text += "\";\n";
    }
    return text;
}

}  // namespace

TEST_CASE("bench.epd holds tempo's bench positions that every UCI engine can search", "[unit]") {
    const std::string expected = expected_bench_epd();
    const std::string actual = test_support::read_text(TEST_DATA_DIR "/bench.epd");
    if (actual != expected) {
        const std::string written = "bench.epd.expected";
        std::ofstream(written) << expected;
        FAIL("tests/data/bench.epd differs from tempo's bench list; the expected file is " << written
                                                                                           << " in the test's folder");
    }
    CHECK(expected.find("bench.01") != std::string::npos);
    CHECK(expected.find("bench.47") == std::string::npos);  // the stalemate
    CHECK(expected.find("bench.48") == std::string::npos);  // Chess960
}
