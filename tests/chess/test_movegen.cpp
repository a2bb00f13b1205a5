// Move generation: staged pseudo-legal generators against the legal generator, and the
// pseudo-legality / legality / gives-check predicates against make_move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/chess/test_data.h"

using chess::Move;
using chess::MoveList;
using chess::Position;

namespace {

std::set<std::uint16_t> raw_set(const MoveList& list) {
    std::set<std::uint16_t> s;
    for (Move m : list) s.insert(m.raw());
    return s;
}

// Checks the documented contract of every generator in one position.
void check_generators(Position& pos) {
    INFO(pos.fen());
    MoveList legal, pseudo;
    chess::generate_legal(pos, legal);
    CHECK(chess::count_legal(pos) == int(legal.size()));
    CHECK(raw_set(legal).size() == legal.size());  // no duplicates

    if (pos.in_check()) {
        chess::generate_evasions(pos, pseudo);
    } else {
        MoveList noisy, quiets;
        chess::generate_noisy(pos, noisy);
        chess::generate_quiets(pos, quiets);
        for (Move m : noisy) CHECK(pos.is_capture_or_promotion(m));
        for (Move m : quiets) CHECK_FALSE(pos.is_capture_or_promotion(m));
        for (Move m : noisy) pseudo.push_back(m);
        for (Move m : quiets) pseudo.push_back(m);
    }
    MoveList all_pseudo;
    chess::generate_pseudo_legal(pos, all_pseudo);
    CHECK(raw_set(all_pseudo) == raw_set(pseudo));
    CHECK(raw_set(pseudo).size() == pseudo.size());

    std::set<std::uint16_t> filtered;
    for (Move m : pseudo) {
        CHECK(pos.is_pseudo_legal(m));
        if (pos.is_legal(m)) filtered.insert(m.raw());
    }
    CHECK(filtered == raw_set(legal));

    for (Move m : legal) {
        const bool predicted = pos.gives_check(m);
        pos.make_move(m);
        INFO(chess::to_uci(m, pos.chess960()));
        CHECK(pos.in_check() == predicted);
        pos.unmake_move(m);
    }
}

// is_pseudo_legal must accept exactly the generated pseudo-legal moves, for any 16-bit value.
void check_all_raw_moves(const Position& pos) {
    INFO(pos.fen());
    MoveList pseudo;
    chess::generate_pseudo_legal(pos, pseudo);
    const auto expected = raw_set(pseudo);
    int mismatches = 0;
    for (std::uint32_t raw = 0; raw < 65536; ++raw) {
        const Move m{std::uint16_t(raw)};
        if (pos.is_pseudo_legal(m) != (expected.count(std::uint16_t(raw)) == 1)) ++mismatches;
    }
    CHECK(mismatches == 0);
}

std::vector<Position> sample_positions() {
    std::vector<Position> positions;
    for (const auto& c : chess_test::read_perft_file("perft.epd")) positions.emplace_back(c.fen);
    for (const auto& c : chess_test::read_perft_file("perft960.epd")) positions.emplace_back(c.fen, true);
    return positions;
}

}  // namespace

TEST_CASE("staged generators agree with the legal generator", "[movegen]") {
    std::mt19937 rng(7);
    for (Position pos : sample_positions()) {
        // The position itself and a short random line from it, which reaches many checks.
        for (int ply = 0; ply < 12; ++ply) {
            check_generators(pos);
            MoveList legal;
            chess::generate_legal(pos, legal);
            if (legal.empty()) break;
            pos.make_move(legal[rng() % legal.size()]);
        }
    }
}

TEST_CASE("is_pseudo_legal accepts exactly the generated moves for all 65536 values", "[movegen]") {
    const auto positions = sample_positions();
    for (std::size_t i = 0; i < positions.size(); i += 9) check_all_raw_moves(positions[i]);
    // Positions in check, double check, with e.p. and promotions.
    for (const char* fen : {"4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
                            "1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
                            "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1"})
        check_all_raw_moves(Position(fen));
}

TEST_CASE("MoveList basics", "[movegen]") {
    MoveList list;
    CHECK(list.empty());
    list.push_back(Move(chess::E2, chess::E4));
    list.push_back(Move(chess::G1, chess::F3));
    CHECK(list.size() == 2);
    CHECK(list.contains(Move(chess::G1, chess::F3)));
    CHECK_FALSE(list.contains(Move(chess::G1, chess::H3)));
    const MoveList copy = list;
    CHECK(copy.size() == 2);
    CHECK(copy[0] == Move(chess::E2, chess::E4));
    CHECK(std::distance(copy.begin(), copy.end()) == 2);
}

TEST_CASE("Move encoding", "[movegen]") {
    const Move promo(chess::B7, chess::A8, Move::PROMOTION, chess::QUEEN);
    CHECK(promo.from() == chess::B7);
    CHECK(promo.to() == chess::A8);
    CHECK(promo.kind() == Move::PROMOTION);
    CHECK(promo.promotion_type() == chess::QUEEN);
    CHECK(Move(chess::E1, chess::H1, Move::CASTLING).kind() == Move::CASTLING);
    CHECK_FALSE(Move::none().is_ok());
    CHECK_FALSE(Move::null().is_ok());
    CHECK(Move::null().raw() == 65);
}
