// Move generation: one template, specialised at compile time per color and per mode.
//
// Legal mode (and its counting twin, used for perft's last ply) handles pins and checks while
// generating, so no move is ever made to test legality: pinned pieces move only along their pin
// line, king destinations are tested against attackers with the king removed, en passant gets
// an exact occupancy test, and castling checks the king's path.
#include "engine/chess/movegen.h"

namespace chess {

namespace {

enum class Mode { Legal, CountLegal, Noisy, Quiets, Evasions };

// Where moves go: written out, or only counted (bulk counting needs no Move values).
template <Mode M>
struct Sink {
    static constexpr bool kCount = M == Mode::CountLegal;
    Move* out;
    int count = 0;

    void add(Move m) {
        if constexpr (kCount) ++count;
        else *out++ = m;
    }
    void add_targets(Square from, Bitboard targets) {
        if constexpr (kCount) count += popcount(targets);
        else
            while (targets) *out++ = Move(from, pop_lsb(targets));
    }
    // Pawn moves given by destination set and the step that led there.
    void add_pawn_moves(Bitboard targets, Direction step) {
        if constexpr (kCount) count += popcount(targets);
        else
            while (targets) {
                const Square to = pop_lsb(targets);
                *out++ = Move(to - step, to);
            }
    }
    void add_promotions(Bitboard targets, Direction step, bool queens, bool under) {
        if constexpr (kCount) count += popcount(targets) * ((queens ? 1 : 0) + (under ? 3 : 0));
        else
            while (targets) {
                const Square to = pop_lsb(targets);
                const Square from = to - step;
                if (queens) *out++ = Move(from, to, Move::PROMOTION, QUEEN);
                if (under) {
                    *out++ = Move(from, to, Move::PROMOTION, ROOK);
                    *out++ = Move(from, to, Move::PROMOTION, BISHOP);
                    *out++ = Move(from, to, Move::PROMOTION, KNIGHT);
                }
            }
    }
};

constexpr bool is_legal_mode(Mode m) { return m == Mode::Legal || m == Mode::CountLegal; }

// Squares a piece may move to: `target` for pseudo-legal modes; in legal mode pinned pieces are
// further restricted to the line through king and piece.
template <Mode M, PieceType PT, Color Us>
void piece_moves(const Position& pos, Sink<M>& sink, Bitboard target, Bitboard pinned, Square ksq) {
    Bitboard pieces = pos.pieces(Us, PT);
    if constexpr (PT == KNIGHT) pieces &= ~pinned;  // a pinned knight can never move
    const Bitboard occ = pos.pieces();
    while (pieces) {
        const Square from = pop_lsb(pieces);
        Bitboard b = attacks_bb<PT>(from, occ) & target;
        if (is_legal_mode(M) && (pinned & square_bb(from))) b &= line_bb(ksq, from);
        sink.add_targets(from, b);
    }
}

// Pawn moves of `pawns`; `target` limits destinations (check blocks, or the pin line for a
// single pinned pawn). The mode decides which of pushes / captures / promotions are produced.
template <Mode M, Color Us>
void pawn_moves(const Position& pos, Sink<M>& sink, Bitboard pawns, Bitboard target) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = pawn_push(Us);
    constexpr Direction UpLeft = Us == WHITE ? NORTH_WEST : SOUTH_EAST;
    constexpr Direction UpRight = Us == WHITE ? NORTH_EAST : SOUTH_WEST;
    constexpr Bitboard Rank7 = rank_bb(relative_rank(Us, RANK_7));
    constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3));
    constexpr bool Quiets = M != Mode::Noisy, Captures = M != Mode::Quiets;

    const Bitboard empty = ~pos.pieces();
    const Bitboard enemies = pos.pieces(Them);
    const Bitboard base = pawns & ~Rank7, promoting = pawns & Rank7;

    if constexpr (Quiets) {
        const Bitboard single = shift<Up>(base) & empty;
        const Bitboard dbl = shift<Up>(single & Rank3) & empty;
        sink.add_pawn_moves(single & target, Up);
        sink.add_pawn_moves(dbl & target, Direction(2 * Up));
    }
    if constexpr (Captures) {
        sink.add_pawn_moves(shift<UpLeft>(base) & enemies & target, UpLeft);
        sink.add_pawn_moves(shift<UpRight>(base) & enemies & target, UpRight);
    }
    if (promoting) {
        // Noisy takes every promotion; Quiets takes none; the rest take all.
        const bool queens = M != Mode::Quiets, under = M != Mode::Quiets;
        sink.add_promotions(shift<Up>(promoting) & empty & target, Up, queens, under);
        sink.add_promotions(shift<UpLeft>(promoting) & enemies & target, UpLeft, queens, under);
        sink.add_promotions(shift<UpRight>(promoting) & enemies & target, UpRight, queens, under);
    }
}

template <Mode M, Color Us>
void en_passant_moves(const Position& pos, Sink<M>& sink, Bitboard target) {
    const Square ep = pos.ep_square();
    if (ep == SQ_NONE || M == Mode::Quiets) return;
    const Square cap_sq = ep - pawn_push(Us);
    // In check, e.p. helps only by capturing the checking pawn or by landing on a blocking square.
    if (M == Mode::Evasions && !(target & square_bb(ep)) && !(pos.checkers() & square_bb(cap_sq))) return;
    Bitboard pawns = pawn_attacks_bb(~Us, ep) & pos.pieces(Us, PAWN);
    while (pawns) {
        const Square from = pop_lsb(pawns);
        const Move m(from, ep, Move::EN_PASSANT);
        if (!is_legal_mode(M) || pos.is_legal(m)) sink.add(m);
    }
}

template <Mode M, Color Us>
void castling_moves(const Position& pos, Sink<M>& sink) {
    const Square ksq = pos.king_square(Us);
    for (bool king_side : {true, false}) {
        const CastlingRights cr = castling_right(Us, king_side);
        if (!pos.can_castle(cr) || pos.castling_impeded(cr)) continue;
        const Move m(ksq, pos.castling_rook_square(cr), Move::CASTLING);
        if (!is_legal_mode(M) || pos.is_legal(m)) sink.add(m);
    }
}

template <Mode M, Color Us>
void king_moves(const Position& pos, Sink<M>& sink, Bitboard target) {
    const Square ksq = pos.king_square(Us);
    Bitboard b = attacks_bb<KING>(ksq) & target;
    if constexpr (is_legal_mode(M)) {
        const Bitboard occ = pos.pieces() ^ square_bb(ksq);
        const Bitboard enemies = pos.pieces(~Us);
        for (Bitboard todo = b; todo;) {
            const Square to = pop_lsb(todo);
            if (pos.attackers_to(to, occ) & enemies) b ^= square_bb(to);
        }
    }
    sink.add_targets(ksq, b);
}

template <Mode M, Color Us>
void generate(const Position& pos, Sink<M>& sink) {
    const Square ksq = pos.king_square(Us);
    const Bitboard checkers = pos.checkers();
    const Bitboard own = pos.pieces(Us);
    const bool legal = is_legal_mode(M);
    const bool evading = M == Mode::Evasions || (legal && checkers);

    Bitboard king_target = ~own;
    if constexpr (M == Mode::Noisy) king_target = pos.pieces(~Us);
    if constexpr (M == Mode::Quiets) king_target = ~pos.pieces();
    king_moves<M, Us>(pos, sink, king_target);
    if (evading && more_than_one(checkers)) return;

    // Pieces use the mode's target set; pawns get "anything not ours" because the mode itself
    // selects pushes, captures and promotions. When evading, both shrink to block-or-capture.
    Bitboard target = king_target, pawn_target = ~own;
    if (evading) target = pawn_target = between_bb(ksq, lsb(checkers));

    // In legal mode pinned pieces are either skipped (in check: a pinned piece can never help)
    // or restricted to their pin line.
    const Bitboard pinned = legal ? pos.pinned(Us) : 0;
    const Bitboard movable_pinned = legal && checkers ? 0 : pinned;
    const Bitboard pawns = pos.pieces(Us, PAWN);

    pawn_moves<M, Us>(pos, sink, pawns & ~pinned, pawn_target);
    for (Bitboard pp = pawns & movable_pinned; pp;) {
        const Square from = pop_lsb(pp);
        pawn_moves<M, Us>(pos, sink, square_bb(from), pawn_target & line_bb(ksq, from));
    }
    en_passant_moves<M, Us>(pos, sink, pawn_target);

    // Pinned pieces other than pawns need no skipping in check: their pin line meets the
    // block-or-capture set nowhere they can reach (the king stands in the way).
    piece_moves<M, KNIGHT, Us>(pos, sink, target, pinned, ksq);
    piece_moves<M, BISHOP, Us>(pos, sink, target, pinned, ksq);
    piece_moves<M, ROOK, Us>(pos, sink, target, pinned, ksq);
    piece_moves<M, QUEEN, Us>(pos, sink, target, pinned, ksq);

    if ((M == Mode::Quiets || (legal && !checkers)) && pos.castling_rights()) castling_moves<M, Us>(pos, sink);
}

template <Mode M>
Move* run(const Position& pos, Move* out) {
    Sink<M> sink{out};
    if (pos.side_to_move() == WHITE) generate<M, WHITE>(pos, sink);
    else generate<M, BLACK>(pos, sink);
    return sink.out;
}

}  // namespace

Move* generate_legal(const Position& pos, Move* out) { return run<Mode::Legal>(pos, out); }

Move* generate_noisy(const Position& pos, Move* out) {
    assert(!pos.in_check());
    return run<Mode::Noisy>(pos, out);
}

Move* generate_quiets(const Position& pos, Move* out) {
    assert(!pos.in_check());
    return run<Mode::Quiets>(pos, out);
}

Move* generate_evasions(const Position& pos, Move* out) {
    assert(pos.in_check());
    return run<Mode::Evasions>(pos, out);
}

Move* generate_pseudo_legal(const Position& pos, Move* out) {
    if (pos.in_check()) return generate_evasions(pos, out);
    return generate_quiets(pos, generate_noisy(pos, out));
}

int count_legal(const Position& pos) {
    Sink<Mode::CountLegal> sink{nullptr};
    if (pos.side_to_move() == WHITE) generate<Mode::CountLegal, WHITE>(pos, sink);
    else generate<Mode::CountLegal, BLACK>(pos, sink);
    return sink.count;
}

}  // namespace chess
