// FEN parsing and writing: round trips over the data files, strict rejection with field names.
#include <catch2/catch.hpp>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/chess/test_data.h"

using chess::FenError;
using chess::Position;

namespace {

std::string field(const std::string& fen, int index) {
    std::stringstream in(fen);
    std::string f;
    for (int i = 0; i <= index; ++i) in >> f;
    return f;
}

// Parses and checks that the error message starts with the expected text.
void expect_rejected(const std::string& fen, const std::string& message_start, bool chess960 = false) {
    INFO("FEN: " << fen);
    try {
        Position pos(fen, chess960);
        FAIL("accepted: " << pos.fen());
    } catch (const FenError& e) {
        const std::string what = e.what();
        INFO("message: " << what);
        CHECK(what.rfind(message_start, 0) == 0);
    }
}

}  // namespace

TEST_CASE("FEN round trip over perft.epd", "[fen]") {
    for (const auto& c : chess_test::read_perft_file("perft.epd")) {
        INFO(c.fen);
        const Position pos(c.fen);
        // The e.p. square is kept only when a capture is possible (Polyglot rule), so compare the
        // other fields exactly and the e.p. field only in that case.
        const std::string out = pos.fen();
        for (int i : {0, 1, 2, 4, 5}) CHECK(field(out, i) == field(c.fen, i));
        if (pos.ep_square() != chess::SQ_NONE || field(c.fen, 3) == "-") CHECK(out == c.fen);
        const Position again(out);
        CHECK(again.fen() == out);
        CHECK(again.key() == pos.key());
    }
}

TEST_CASE("FEN round trip over WAC positions (4-field FEN)", "[fen]") {
    for (const char* file : {"wac.epd", "wac_2018_201.epd"})
        for (const std::string& line : chess_test::read_lines(file)) {
            const auto rec = chess_test::split_epd(line);
            INFO(rec.fen);
            const Position pos(rec.fen);
            CHECK(pos.fen() == rec.fen + " 0 1");
            CHECK(pos.validate().empty());
        }
}

TEST_CASE("FEN counters and defaults", "[fen]") {
    Position pos("4k3/8/8/8/8/8/8/4K3 b - -");
    CHECK(pos.rule50() == 0);
    CHECK(pos.fullmove_number() == 1);
    CHECK(pos.game_ply() == 1);
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");

    pos.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 37 52");
    CHECK(pos.rule50() == 37);
    CHECK(pos.fullmove_number() == 52);
    CHECK(pos.game_ply() == 102);
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 37 52");
}

// Found by the FEN fuzzer: from "... 9999 10000" one king move made the halfmove clock 10000, a
// FEN the reader refuses. Moves may count past the limits; what fen() writes stays readable.
TEST_CASE("FEN counters at their limits stay readable after moves", "[fen]") {
    Position pos("4k3/8/8/8/8/8/8/4K3 w - - 9999 99999");
    pos.make_move(chess::parse_uci(pos, "e1d1"));
    pos.make_move(chess::parse_uci(pos, "e8d8"));
    CHECK(pos.rule50() == 10001);
    CHECK(pos.fullmove_number() == 100000);
    CHECK(pos.fen() == "3k4/8/8/8/8/8/8/3K4 w - - 9999 99999");
    CHECK_NOTHROW(Position(pos.fen()));
    CHECK_THROWS_AS(Position("4k3/8/8/8/8/8/8/4K3 w - - 10000 1"), FenError);
    CHECK_THROWS_AS(Position("4k3/8/8/8/8/8/8/4K3 w - - 0 100000"), FenError);
}

TEST_CASE("FEN en passant square kept only when capturable", "[fen]") {
    Position pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(pos.ep_square() == chess::SQ_NONE);
    CHECK(field(pos.fen(), 3) == "-");
    pos.set_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2");
    CHECK(pos.ep_square() == chess::E3);
    CHECK(field(pos.fen(), 3) == "e3");
}

TEST_CASE("Chess960 FEN: X-FEN and Shredder input, Shredder output", "[fen][chess960]") {
    CHECK(Position(chess::kStartFen, true).fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // KQ means the outermost rook on each side (X-FEN).
    CHECK(Position("4k3/8/8/8/8/8/8/R4KR1 w KQ - 0 1", true).fen() == "4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1");
    // An inner rook needs its file letter.
    const Position inner("4k3/8/8/8/8/8/8/2K2RR1 w F - 0 1", true);
    CHECK(inner.castling_rook_square(chess::WHITE_OO) == chess::F1);
    CHECK(inner.fen() == "4k3/8/8/8/8/8/8/2K2RR1 w F - 0 1");
    const Position outer("4k3/8/8/8/8/8/8/2K2RR1 w K - 0 1", true);
    CHECK(outer.castling_rook_square(chess::WHITE_OO) == chess::G1);
    // Standard mode reads Shredder letters for the standard setup and writes KQkq.
    CHECK(Position("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

TEST_CASE("malformed FEN is rejected naming the field", "[fen]") {
    const std::string start = chess::kStartFen;
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                    "FEN field 2 (side to move): expected 'w' or 'b', got 'x'");
    expect_rejected("", "FEN: expected 4 or 6 space-separated fields, got 0");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "FEN: expected 4 or 6");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "FEN: expected 4 or 6");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "FEN field 1 (piece placement): expected 8 ranks");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "FEN field 1 (piece placement): more than 8 ranks");
    expect_rejected("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "FEN field 1 (piece placement): rank 7 has more than 8");
    expect_rejected("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "FEN field 1 (piece placement): rank 7 has 7 squares");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
                    "FEN field 1 (piece placement): rank 1 has 7 squares");
    expect_rejected("rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "FEN field 1 (piece placement): invalid character 'X'");
    expect_rejected("rnbqkbnr/pppppppp/8/8/44/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    "FEN field 1 (piece placement): two digits");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
                    "FEN field 1 (piece placement): white has 0 kings");
    expect_rejected("rnbqkbnr/pppppppp/8/8/3k4/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                    "FEN field 1 (piece placement): black has 2 kings");
    expect_rejected("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
                    "FEN field 1 (piece placement): pawn on h8");
    expect_rejected("rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/pNBQKBNR w Kkq - 0 1",
                    "FEN field 1 (piece placement): pawn on a1");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
                    "FEN field 3 (castling): invalid character 'z'");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
                    "FEN field 3 (castling): right 'K' has no white rook");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
                    "FEN field 3 (castling): right 'K' needs the white king on rank 1");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
                    "FEN field 3 (castling): right 'K' given twice");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
                    "FEN field 3 (castling): more than four");
    expect_rejected("4k3/8/8/8/8/8/8/R4KR1 w KQ - 0 1", "FEN field 3 (castling): right 'K' needs king on the e-file");
    expect_rejected("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
                    "FEN field 4 (en passant): 'e4' is not on rank 3");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
                    "FEN field 4 (en passant): 'e6' does not follow a black double pawn push");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
                    "FEN field 4 (en passant): expected '-' or a square, got 'z9'");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
                    "FEN field 5 (halfmove clock): expected a number, got '-1'");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "FEN field 5 (halfmove clock)");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
                    "FEN field 6 (fullmove number): value 0 out of range");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "FEN field 6 (fullmove number)");
    expect_rejected("4k3/8/8/8/8/8/8/4K2r b - - 0 1",
                    "FEN field 2 (side to move): the side not to move (white) is in check");
    CHECK_NOTHROW(Position(start));
}

TEST_CASE("set_fen leaves the position unchanged on error", "[fen]") {
    Position pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 7");
    const std::string before = pos.fen();
    CHECK_THROWS_AS(pos.set_fen("not a fen"), FenError);
    CHECK(pos.fen() == before);
    CHECK(pos.validate().empty());
}
