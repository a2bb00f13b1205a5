// X-FEN, the castling notation cutechess writes in Chess960 PGN, and fen_needs_chess960, which
// tells the EPD and PGN readers that a position can only be read as Chess960.
#include <catch2/catch.hpp>

#include <utility>

#include "engine/chess/position.h"

using chess::Position;

TEST_CASE("xfen writes KQkq for the outermost rooks and the file otherwise", "[unit][xfen]") {
    SECTION("a Chess960 start: each castling rook is the outermost one") {
        const Position pos("nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1", true);
        CHECK(pos.xfen() == "nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w KQkq - 0 1");
        CHECK(pos.fen() == "nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1");
    }
    SECTION("a rook farther out on the same side makes the letter a file") {
        // White: rooks a1 and b1 on the queen side, the right is b1's; h1's right is outermost.
        // Black: rooks f8 and h8 on the king side, the right is f8's.
        const Position pos("2k2r1r/8/8/8/8/8/8/RR1K3R w HBf - 0 1", true);
        CHECK(pos.xfen() == "2k2r1r/8/8/8/8/8/8/RR1K3R w KBf - 0 1");
        CHECK(pos.fen() == "2k2r1r/8/8/8/8/8/8/RR1K3R w HBf - 0 1");
    }
    SECTION("a Double Fischer Random start: both sides read back from X-FEN") {
        const Position pos("brnqkrnb/pppppppp/8/8/8/8/PPPPPPPP/NQNBRKBR w HEfb - 0 1", true);
        CHECK(pos.xfen() == "brnqkrnb/pppppppp/8/8/8/8/PPPPPPPP/NQNBRKBR w KQkq - 0 1");
        CHECK(Position(pos.xfen(), true).fen() == pos.fen());
    }
    SECTION("standard chess writes the same as fen()") {
        const Position pos("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20");
        CHECK(pos.xfen() == pos.fen());
        CHECK(pos.xfen() == "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20");
    }
}

TEST_CASE("every X-FEN reads back to the same position", "[unit][xfen]") {
    // Positions where X-FEN needs a file letter, and where it can use K/Q although a rook stands
    // between king and castling rook.
    const std::pair<const char*, const char*> cases[] = {
        {"rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1"},
        {"1r2k1rr/8/8/8/8/8/8/RR2K1R1 w GBgb - 0 1", "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgq - 0 1"},
        {"r1k1r2r/8/8/8/8/8/8/R1K1R2R b EAea - 0 1", "r1k1r2r/8/8/8/8/8/8/R1K1R2R b EQeq - 0 1"},
    };
    for (const auto& [shredder, xfen] : cases) {
        INFO(shredder);
        const Position pos(shredder, true);
        CHECK(pos.xfen() == xfen);
        CHECK(Position(pos.xfen(), true).fen() == pos.fen());
    }
}

TEST_CASE("fen_needs_chess960 finds positions only Chess960 reads", "[unit][xfen]") {
    CHECK_FALSE(chess::fen_needs_chess960("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    CHECK_FALSE(chess::fen_needs_chess960("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"));
    // File letters ask for Chess960, even on the standard squares.
    CHECK(chess::fen_needs_chess960("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"));
    CHECK(chess::fen_needs_chess960("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"));
    // X-FEN of a Chess960 start: KQkq, but the king is off the e-file.
    CHECK(chess::fen_needs_chess960("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"));
    // King on e1, but the queen-side rook on b1.
    CHECK(chess::fen_needs_chess960("1r2k2r/8/8/8/8/8/8/1R2K2R w Kk - 0 1") == false);
    CHECK(chess::fen_needs_chess960("1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1"));
    // No castling rights: any placement plays the same in both.
    CHECK_FALSE(chess::fen_needs_chess960("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1"));
    // Unreadable FENs are left to the strict reader.
    CHECK_FALSE(chess::fen_needs_chess960("not a fen"));
    CHECK_FALSE(chess::fen_needs_chess960(""));
}
