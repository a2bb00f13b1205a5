// Zobrist keys: Polyglot reference keys, incremental vs from-scratch keys, make/unmake symmetry.
#include <catch2/catch.hpp>

#include <random>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "engine/chess/zobrist.h"
#include "tests/chess/test_data.h"

using chess::Move;
using chess::Position;

namespace {

Position after_moves(const std::vector<std::string>& uci_moves) {
    Position pos;
    for (const auto& m : uci_moves) pos.make_move(chess::parse_uci(pos, m));
    return pos;
}

// Everything observable that make/unmake must restore.
struct Snapshot {
    std::string fen;
    chess::Key key, pawn_key;
    chess::Bitboard checkers, pinned_w, pinned_b;
    int rule50, ply, history;
    chess::Move last;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const Position& p) {
    return {p.fen(),    p.key(),      p.pawn_key(),     p.checkers(), p.pinned(chess::WHITE), p.pinned(chess::BLACK),
            p.rule50(), p.game_ply(), p.history_size(), p.last_move()};
}

// Plays random legal moves from pos, checking keys after every move and every unmake.
void random_walk(Position pos, std::mt19937& rng, int plies) {
    std::vector<Move> played;
    std::vector<Snapshot> before;
    for (int i = 0; i < plies; ++i) {
        chess::MoveList moves;
        chess::generate_legal(pos, moves);
        if (moves.empty()) break;
        const Move m = moves[rng() % moves.size()];
        before.push_back(snapshot(pos));
        played.push_back(m);
        pos.make_move(m);
        INFO(pos.fen());
        REQUIRE(pos.key() == pos.compute_key());
        REQUIRE(pos.pawn_key() == pos.compute_pawn_key());
        REQUIRE(pos.validate().empty());
        if (!pos.in_check() && rng() % 8 == 0) {  // null moves keep keys consistent as well
            pos.make_null();
            REQUIRE(pos.key() == pos.compute_key());
            pos.unmake_null();
        }
    }
    while (!played.empty()) {
        pos.unmake_move(played.back());
        played.pop_back();
        REQUIRE(snapshot(pos) == before.back());
        before.pop_back();
    }
}

}  // namespace

TEST_CASE("Polyglot reference keys", "[zobrist]") {
    CHECK(Position().key() == 0x463b96181691fc9cULL);
    CHECK(after_moves({"e2e4"}).key() == 0x823c9b50fd114196ULL);
    CHECK(after_moves({"e2e4", "d7d5"}).key() == 0x0756b94461c50fb0ULL);
    CHECK(after_moves({"e2e4", "d7d5", "e4e5"}).key() == 0x662fafb965db29d4ULL);
    CHECK(after_moves({"e2e4", "d7d5", "e4e5", "f7f5"}).key() == 0x22a48b5a8e47ff78ULL);
    CHECK(after_moves({"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}).key() == 0x652a607ca3f242c1ULL);
    CHECK(after_moves({"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}).key() == 0x00fdd303c946bdd9ULL);
    CHECK(after_moves({"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}).key() == 0x3c8123ea7b067637ULL);
    CHECK(after_moves({"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}).key() == 0x5c3f9b829b279560ULL);
}

TEST_CASE("Polyglot keys from FEN equal keys reached by moves", "[zobrist]") {
    const Position by_moves = after_moves({"e2e4", "d7d5", "e4e5", "f7f5"});
    const Position by_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    CHECK(by_fen.key() == 0x22a48b5a8e47ff78ULL);
    CHECK(by_fen.fen() == by_moves.fen());
    // The same position without the e.p. right hashes differently...
    CHECK(Position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").key() != by_fen.key());
    // ...but an e.p. square no pawn can use is not part of the key.
    CHECK(after_moves({"e2e4"}).key() == Position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
}

TEST_CASE("the Polyglot table layout", "[zobrist]") {
    using namespace chess;
    CHECK(zobrist::polyglot_random64(0) == 0x9D39247E33776D41ULL);
    CHECK(zobrist::polyglot_random64(780) == 0xF8D626AAAF278509ULL);
    CHECK(zobrist::piece_square(B_PAWN, A1) == zobrist::polyglot_random64(0));
    CHECK(zobrist::piece_square(W_PAWN, A1) == zobrist::polyglot_random64(64));
    CHECK(zobrist::piece_square(W_KING, H8) == zobrist::polyglot_random64(64 * 11 + 63));
    CHECK(zobrist::castling(WHITE_OO) == zobrist::polyglot_random64(768));
    CHECK(zobrist::castling(BLACK_OOO) == zobrist::polyglot_random64(771));
    CHECK(zobrist::castling(ANY_CASTLING) == (zobrist::polyglot_random64(768) ^ zobrist::polyglot_random64(769) ^
                                              zobrist::polyglot_random64(770) ^ zobrist::polyglot_random64(771)));
    CHECK(zobrist::en_passant_file(FILE_H) == zobrist::polyglot_random64(779));
    CHECK(zobrist::white_to_move() == zobrist::polyglot_random64(780));
}

TEST_CASE("incremental keys match recomputed keys; unmake restores everything", "[zobrist]") {
    std::mt19937 rng(20240531);
    for (const auto& c : chess_test::read_perft_file("perft.epd")) random_walk(Position(c.fen), rng, 60);
    for (const auto& c : chess_test::read_perft_file("perft960.epd")) random_walk(Position(c.fen, true), rng, 60);
    for (int game = 0; game < 50; ++game) random_walk(Position(), rng, 200);
}

TEST_CASE("Chess960 castling keys by right", "[zobrist][chess960]") {
    Position pos("4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1", true);
    const chess::Key before = pos.key();
    pos.make_move(chess::parse_uci(pos, "f1g1"));  // O-O: king and rook swap squares
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    CHECK(pos.key() == pos.compute_key());
    CHECK(pos.key() == Position("4k3/8/8/8/8/8/8/R4RK1 b - - 1 1", true).key());
    pos.unmake_move(pos.last_move());
    CHECK(pos.key() == before);
}
