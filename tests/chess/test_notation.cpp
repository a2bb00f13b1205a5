// SAN and UCI notation.
#include <catch2/catch.hpp>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/chess/test_data.h"

using chess::Move;
using chess::MoveParseError;
using chess::Position;

namespace {

void san_round_trip(const Position& pos) {
    chess::MoveList moves;
    chess::generate_legal(pos, moves);
    for (Move m : moves) {
        const std::string san = chess::to_san(pos, m);
        INFO(pos.fen() << " move " << chess::to_uci(pos, m) << " san " << san);
        CHECK(chess::parse_san(pos, san) == m);
        CHECK(chess::parse_uci(pos, chess::to_uci(pos, m)) == m);
    }
}

std::string san_of(const std::string& fen, const std::string& uci, bool chess960 = false) {
    const Position pos(fen, chess960);
    return chess::to_san(pos, chess::parse_uci(pos, uci));
}

}  // namespace

TEST_CASE("SAN and UCI round trip for every legal move of perft.epd and WAC", "[san]") {
    for (const auto& c : chess_test::read_perft_file("perft.epd")) san_round_trip(Position(c.fen));
    for (const auto& c : chess_test::read_perft_file("perft960.epd")) san_round_trip(Position(c.fen, true));
    for (const char* file : {"wac.epd", "wac_2018_201.epd"})
        for (const std::string& line : chess_test::read_lines(file))
            san_round_trip(Position(chess_test::split_epd(line).fen));
}

TEST_CASE("every WAC best move parses and is written back identically", "[san]") {
    int parsed = 0;
    for (const char* file : {"wac.epd", "wac_2018_201.epd"})
        for (const std::string& line : chess_test::read_lines(file)) {
            const auto rec = chess_test::split_epd(line);
            const Position pos(rec.fen);
            const auto best = chess_test::epd_moves(rec.ops, "bm");
            CHECK(!best.empty());
            for (const std::string& san : best) {
                INFO(line << " -> " << san);
                const Move m = chess::parse_san(pos, san);
                CHECK(chess::to_san(pos, m) == san);  // WAC SAN is canonical
                ++parsed;
            }
        }
    CHECK(parsed >= 501);
}

TEST_CASE("SAN writing: disambiguation, captures, promotions, checks, castling", "[san]") {
    // Knights on b1 and f1... file disambiguation.
    CHECK(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2") == "Nbd2");
    // Rooks on a1 and a5: same file -> rank.
    CHECK(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3") == "R1a3");
    // Queens on a1, a3, c1 all reach b2: both file and rank needed for a1.
    CHECK(san_of("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2") == "Qa1b2");
    // A pinned knight does not force disambiguation.
    CHECK(san_of("4k3/8/8/8/4r3/8/N3N3/4K3 w - - 0 1", "a2c3") == "Nc3");
    CHECK(san_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5") == "exd5");
    CHECK(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6") == "exd6");
    CHECK(san_of("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q") == "cxd8=Q+");
    CHECK(san_of("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8n") == "c8=N");
    CHECK(san_of("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8") == "Ra8#");
    CHECK(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1") == "O-O");
    CHECK(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1") == "O-O-O");
    CHECK(san_of("4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1", "f1g1", true) == "O-O");
    CHECK(san_of("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1") == "O-O-O+");
}

TEST_CASE("SAN parsing accepts common variants", "[san]") {
    const Position start;
    CHECK(chess::to_uci(start, chess::parse_san(start, "Nf3")) == "g1f3");
    CHECK(chess::to_uci(start, chess::parse_san(start, "Ngf3")) == "g1f3");
    CHECK(chess::to_uci(start, chess::parse_san(start, "Ng1f3")) == "g1f3");
    CHECK(chess::to_uci(start, chess::parse_san(start, "e4!?")) == "e2e4");
    CHECK(chess::to_uci(start, chess::parse_san(start, "e4!!")) == "e2e4");
    CHECK(chess::to_uci(start, chess::parse_san(start, "d4?!")) == "d2d4");
    const Position castle("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (const char* s : {"O-O", "0-0", "O-O+", "0-0!"})
        CHECK(chess::to_uci(castle, chess::parse_san(castle, s)) == "e1g1");
    for (const char* s : {"O-O-O", "0-0-0"}) CHECK(chess::to_uci(castle, chess::parse_san(castle, s)) == "e1c1");
    const Position promo("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    for (const char* s : {"cxd8=Q+", "cxd8Q", "cd8=Q", "cxd8=Q", "c7xd8=Q+", "cxd8=q"})
        CHECK(chess::to_uci(promo, chess::parse_san(promo, s)) == "c7d8q");
    CHECK(chess::to_uci(promo, chess::parse_san(promo, "c8=R")) == "c7c8r");
    const Position capture("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    CHECK(chess::to_uci(capture, chess::parse_san(capture, "ed5")) == "e4d5");
    CHECK(chess::to_uci(capture, chess::parse_san(capture, "exd5#?")) == "e4d5");
}

TEST_CASE("SAN parsing rejects illegal, ambiguous and malformed input", "[san]") {
    const Position start;
    CHECK_THROWS_AS(chess::parse_san(start, "Nf4"), MoveParseError);
    CHECK_THROWS_AS(chess::parse_san(start, "e5"), MoveParseError);
    CHECK_THROWS_AS(chess::parse_san(start, "O-O"), MoveParseError);
    CHECK_THROWS_AS(chess::parse_san(start, ""), MoveParseError);
    CHECK_THROWS_AS(chess::parse_san(start, "Zf3"), MoveParseError);
    CHECK_THROWS_AS(chess::parse_san(start, "Nxf3"), MoveParseError);  // not a capture
    CHECK_THROWS_AS(chess::parse_san(start, "e2e4x"), MoveParseError);
    const Position two_knights("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    CHECK_THROWS_WITH(chess::parse_san(two_knights, "Nd2"), Catch::Contains("ambiguous"));
    const Position promo("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    CHECK_THROWS_AS(chess::parse_san(promo, "c8"), MoveParseError);  // promotion piece required
    CHECK_THROWS_WITH(chess::parse_san(start, "Qh5"), Catch::Contains("'Qh5'") && Catch::Contains("no legal move"));
}

TEST_CASE("UCI notation", "[uci]") {
    const Position castle("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const Move oo = chess::parse_uci(castle, "e1g1");
    CHECK(oo.kind() == Move::CASTLING);
    CHECK(oo.to() == chess::H1);  // stored as king takes rook
    CHECK(chess::to_uci(oo, false) == "e1g1");
    CHECK(chess::to_uci(oo, true) == "e1h1");
    CHECK(chess::parse_uci(castle, "e1h1") == oo);  // accepted in standard mode for robustness
    CHECK(chess::parse_uci(castle, "e1a1") == chess::parse_uci(castle, "e1c1"));

    const Position c960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
    CHECK(chess::to_uci(c960, chess::parse_uci(c960, "e1h1")) == "e1h1");
    CHECK_THROWS_AS(chess::parse_uci(c960, "e1g1"), MoveParseError);  // 960: only king takes rook

    const Position promo("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(chess::to_uci(promo, chess::parse_uci(promo, "c7c8n")) == "c7c8n");
    CHECK_THROWS_AS(chess::parse_uci(promo, "c7c8"), MoveParseError);
    CHECK_THROWS_AS(chess::parse_uci(promo, "c7c8x"), MoveParseError);
    CHECK_THROWS_AS(chess::parse_uci(promo, "e1e3"), MoveParseError);
    CHECK_THROWS_AS(chess::parse_uci(promo, "i1e2"), MoveParseError);
    CHECK(chess::to_uci(Move::none(), false) == "0000");
    CHECK(chess::to_uci(Move::null(), false) == "0000");
    CHECK(chess::square_name(chess::E4) == "e4");
    CHECK(chess::parse_square("h8") == chess::H8);
}
