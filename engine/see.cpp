#include "engine/see.h"

#include <algorithm>
#include <array>

namespace tempo {

namespace {

constexpr std::array<int, chess::PIECE_TYPE_NB> kSeeValue = {0, 100, 320, 330, 500, 950, 20000, 0};

chess::PieceType least_valuable(chess::Bitboard attackers, const chess::Position& pos, chess::Bitboard& chosen) {
    for (chess::PieceType type = chess::PAWN; type <= chess::KING; ++type) {
        chess::Bitboard of_type = attackers & pos.pieces(type);
        if (of_type) {
            chosen = of_type & (~of_type + 1);  // lowest set bit
            return type;
        }
    }
    chosen = 0;
    return chess::NO_PIECE_TYPE;
}

// Sliders behind a piece that just left `occupied` now see the target square too.
chess::Bitboard revealed_sliders(const chess::Position& pos, chess::Square to, chess::Bitboard occupied) {
    using namespace chess;
    return (attacks_bb<BISHOP>(to, occupied) & pos.pieces(BISHOP, QUEEN)) |
           (attacks_bb<ROOK>(to, occupied) & pos.pieces(ROOK, QUEEN));
}

}  // namespace

int see_piece_value(chess::PieceType type) { return kSeeValue[type]; }

int see(const chess::Position& pos, chess::Move move) {
    using namespace chess;
    if (move.kind() == Move::CASTLING) return 0;
    const Square from = move.from(), to = move.to();
    Bitboard occupied = pos.pieces() ^ square_bb(from);
    int captured_value = kSeeValue[type_of(pos.piece_on(to))];
    if (move.kind() == Move::EN_PASSANT) {
        captured_value = kSeeValue[PAWN];
        occupied ^= square_bb(to - pawn_push(pos.side_to_move()));
    }
    PieceType on_target = type_of(pos.moved_piece(move));
    std::array<int, 40> gain{};
    gain[0] = captured_value;
    if (move.kind() == Move::PROMOTION) {
        on_target = move.promotion_type();
        gain[0] += kSeeValue[on_target] - kSeeValue[PAWN];
    }
    Color side = ~pos.side_to_move();
    Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
    int depth = 0;
    while (depth + 1 < int(gain.size())) {
        Bitboard side_attackers = attackers & pos.pieces(side);
        if (!side_attackers) break;
        Bitboard chosen = 0;
        PieceType type = least_valuable(side_attackers, pos, chosen);
        // A king may only take last: if the other side still attacks the square it cannot capture.
        if (type == KING && (attackers & pos.pieces(~side) & ~chosen)) break;
        ++depth;
        gain[depth] = kSeeValue[on_target] - gain[depth - 1];
        occupied ^= chosen;
        attackers = (attackers | revealed_sliders(pos, to, occupied)) & occupied;
        on_target = type;
        side = ~side;
    }
    // Each side may decline to continue the exchange: fold the gains back from the end.
    while (depth > 0) {
        gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
        --depth;
    }
    return gain[0];
}

bool see_at_least(const chess::Position& pos, chess::Move move, int threshold) { return see(pos, move) >= threshold; }

}  // namespace tempo
