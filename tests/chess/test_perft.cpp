// Perft node counts: tests/data/perft.epd (standard) and Chess960 positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "engine/chess/perft.h"
#include "engine/chess/position.h"
#include "tests/chess/test_data.h"

using chess::Position;
using chess_test::read_perft_file;

namespace {

constexpr std::uint64_t kUnitLimit = 2'000'000;
constexpr std::uint64_t kSlowLimit = 100'000'000;

void check_counts(const std::vector<chess_test::PerftCase>& cases, bool chess960, std::uint64_t above,
                  std::uint64_t up_to) {
    for (const auto& c : cases) {
        Position pos(c.fen, chess960);
        const std::string fen_before = pos.fen();
        for (auto [depth, expected] : c.counts) {
            if (expected <= above || expected > up_to) continue;
            INFO(c.fen << " depth " << depth);
            CHECK(chess::perft(pos, depth) == expected);
        }
        CHECK(pos.fen() == fen_before);
    }
}

// Chess960 counts derived with Debian stockfish 15.1: "setoption name UCI_Chess960 value true",
// "position fen <FEN>", "go perft N" (same data as tests/data/perft960.epd). Positions include:
// king already on its castling square (g1 / c-side), rook on the king's target square, rook
// already on its own target square (d1, f8), king and rook swapping, the castling rook shielding
// the king (b1 rook, black rook a1), castling through and into attacked squares, and en passant
// next to castling rights.
struct Pinned960 {
    const char* fen;
    std::uint64_t counts[6];  // depth 1..6; 0 = not pinned
};
const Pinned960 kChess960[] = {
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", {21, 528, 12189, 326672, 8146062, 0}},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", {21, 807, 18002, 667366, 16253601, 0}},
    {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", {20, 479, 10471, 273318, 6417013, 0}},
    {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", {22, 593, 13440, 382958, 9183776, 0}},
    {"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", {28, 1120, 31058, 1171749, 34030312, 0}},
    {"4k3/8/8/8/8/8/8/rRK4R w HB - 0 1", {17, 185, 4077, 57884, 1412716, 21285569}},
    {"rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w CAca - 0 1", {22, 484, 10720, 237384, 5288945, 0}},
    {"1r2k1r1/8/8/2bq4/8/8/8/1R2K1R1 w GBgb - 0 1", {21, 1075, 20593, 1004430, 19671644, 0}},
    {"1r2k1r1/8/8/8/2Q5/8/3B4/1R2K1R1 b GBgb - 0 1", {23, 1153, 22862, 1063402, 21580700, 0}},
    {"4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1", {25, 108, 2981, 14811, 429104, 2204799}},
    {"nrbbqnkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQNKR w HBhb - 0 1", {19, 361, 7870, 171187, 4179454, 0}},
    {"r1k1r3/8/8/3Pp3/8/8/8/R1K1R3 w EAea e6 0 1", {25, 497, 11463, 233645, 5498950, 0}},
    {"2r1kr2/8/8/8/8/8/8/3RK1R1 w GDfc - 0 1", {21, 424, 9438, 206369, 4772963, 0}},
};

void check_pinned_960(std::uint64_t above, std::uint64_t up_to) {
    for (const auto& p : kChess960) {
        Position pos(p.fen, true);
        for (int depth = 1; depth <= 6; ++depth) {
            const std::uint64_t expected = p.counts[depth - 1];
            if (expected == 0 || expected <= above || expected > up_to) continue;
            INFO(p.fen << " depth " << depth);
            CHECK(chess::perft(pos, depth) == expected);
        }
    }
}

}  // namespace

TEST_CASE("perft.epd counts up to 2M nodes", "[perft]") {
    check_counts(read_perft_file("perft.epd"), false, 0, kUnitLimit);
}

TEST_CASE("perft.epd counts from 2M to 100M nodes", "[perft][slow]") {
    check_counts(read_perft_file("perft.epd"), false, kUnitLimit, kSlowLimit);
}

TEST_CASE("Chess960 perft counts up to 2M nodes", "[perft][chess960]") { check_pinned_960(0, kUnitLimit); }

TEST_CASE("Chess960 perft counts from 2M to 100M nodes", "[perft][chess960][slow]") {
    check_pinned_960(kUnitLimit, kSlowLimit);
    check_counts(read_perft_file("perft960.epd"), true, kUnitLimit, kSlowLimit);
}

TEST_CASE("perft960.epd agrees with the pinned Chess960 counts", "[perft][chess960]") {
    const auto cases = read_perft_file("perft960.epd");
    REQUIRE(cases.size() == std::size(kChess960));
    for (std::size_t i = 0; i < cases.size(); ++i) {
        CHECK(cases[i].fen == kChess960[i].fen);
        for (auto [depth, nodes] : cases[i].counts)
            if (depth <= 6 && kChess960[i].counts[depth - 1]) CHECK(kChess960[i].counts[depth - 1] == nodes);
    }
    check_counts(cases, true, 0, kUnitLimit);
}

TEST_CASE("perft_divide prints like Stockfish go perft", "[perft]") {
    Position pos;
    std::ostringstream out;
    CHECK(chess::perft_divide(pos, 2, out) == 400);
    const std::string text = out.str();
    CHECK(text.find("e2e4: 20\n") != std::string::npos);
    CHECK(text.find("g1f3: 20\n") != std::string::npos);
    const std::string tail = "\n\nNodes searched: 400\n\n";  // SF 15.1 ends with an empty line
    REQUIRE(text.size() > tail.size());
    CHECK(text.substr(text.size() - tail.size()) == tail);
    CHECK(std::count(text.begin(), text.end(), '\n') == 20 + 3);
}

TEST_CASE("perft_divide uses king-takes-rook castling in Chess960", "[perft][chess960]") {
    Position pos("4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1", true);
    std::ostringstream out;
    chess::perft_divide(pos, 1, out);
    CHECK(out.str().find("f1g1: 1\n") != std::string::npos);  // O-O: king f1 "takes" rook g1
    CHECK(out.str().find("f1a1: 1\n") != std::string::npos);  // O-O-O

    Position standard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    std::ostringstream out2;
    chess::perft_divide(standard, 1, out2);
    CHECK(out2.str().find("e1g1: 1\n") != std::string::npos);
    CHECK(out2.str().find("e1c1: 1\n") != std::string::npos);
}
