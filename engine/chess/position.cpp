// Position: board representation, make/unmake, attack and legality queries.
// FEN reading/writing lives in fen.cpp; draw rules and debugging helpers in position_rules.cpp.
#include "engine/chess/position.h"

#include <algorithm>
#include <iterator>

#include "engine/chess/zobrist.h"

namespace chess {

namespace {
constexpr std::size_t kInitialHistory = 512;  // reserve so games and searches rarely reallocate
}

Position::Position() { set_fen(kStartFen); }

Position::Position(std::string_view fen, bool chess960) { set_fen(fen, chess960); }

// Every member but states_ is copied; keep this in step with the member list in position.h.
Position Position::without_history() const {
    Position copy(EmptyTag{});
    std::copy(std::begin(board_), std::end(board_), copy.board_);
    std::copy(std::begin(by_type_), std::end(by_type_), copy.by_type_);
    std::copy(std::begin(by_color_), std::end(by_color_), copy.by_color_);
    std::copy(std::begin(piece_count_), std::end(piece_count_), copy.piece_count_);
    std::copy(std::begin(castling_mask_), std::end(castling_mask_), copy.castling_mask_);
    std::copy(std::begin(castling_rook_sq_), std::end(castling_rook_sq_), copy.castling_rook_sq_);
    std::copy(std::begin(castling_path_), std::end(castling_path_), copy.castling_path_);
    copy.side_ = side_;
    copy.game_ply_ = game_ply_;
    copy.chess960_ = chess960_;
    copy.states_.reserve(2);  // the state, and the one a move on the copy pushes
    copy.states_.push_back(st());
    return copy;
}

void Position::clear() {
    bitboards_init();
    for (Piece& p : board_) p = NO_PIECE;
    for (Bitboard& b : by_type_) b = 0;
    for (Bitboard& b : by_color_) b = 0;
    for (int& n : piece_count_) n = 0;
    for (CastlingRights& cr : castling_mask_) cr = NO_CASTLING;
    for (Square& s : castling_rook_sq_) s = SQ_NONE;
    for (Bitboard& b : castling_path_) b = 0;
    side_ = WHITE;
    game_ply_ = 0;
    chess960_ = false;
    states_.clear();
    states_.reserve(kInitialHistory);
    states_.emplace_back();
}

void Position::put_piece(Piece pc, Square s) {
    const Bitboard b = square_bb(s);
    board_[s] = pc;
    by_type_[ALL_PIECES] |= b;
    by_type_[type_of(pc)] |= b;
    by_color_[color_of(pc)] |= b;
    ++piece_count_[pc];
}

void Position::remove_piece(Square s) {
    const Piece pc = board_[s];
    const Bitboard b = square_bb(s);
    by_type_[ALL_PIECES] ^= b;
    by_type_[type_of(pc)] ^= b;
    by_color_[color_of(pc)] ^= b;
    board_[s] = NO_PIECE;
    --piece_count_[pc];
}

void Position::move_piece(Square from, Square to) {
    const Piece pc = board_[from];
    const Bitboard b = square_bb(from) | square_bb(to);
    by_type_[ALL_PIECES] ^= b;
    by_type_[type_of(pc)] ^= b;
    by_color_[color_of(pc)] ^= b;
    board_[from] = NO_PIECE;
    board_[to] = pc;
}

// Registers a castling right for the rook on rook_sq (king must already be placed).
void Position::set_castling_right(Color c, Square rook_sq) {
    const Square king = king_square(c);
    const bool king_side = rook_sq > king;
    const CastlingRights cr = castling_right(c, king_side);
    st().castling |= cr;
    castling_mask_[king] |= cr;
    castling_mask_[rook_sq] |= cr;
    castling_rook_sq_[cr] = rook_sq;
    const Square king_to = relative_square(c, king_side ? G1 : C1);
    const Square rook_to = relative_square(c, king_side ? F1 : D1);
    castling_path_[cr] =
        (between_bb(rook_sq, rook_to) | between_bb(king, king_to)) & ~(square_bb(king) | square_bb(rook_sq));
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks_bb(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks_bb(WHITE, s) & pieces(BLACK, PAWN)) |
           (attacks_bb<KNIGHT>(s) & pieces(KNIGHT)) | (attacks_bb<ROOK>(s, occupied) & pieces(ROOK, QUEEN)) |
           (attacks_bb<BISHOP>(s, occupied) & pieces(BISHOP, QUEEN)) | (attacks_bb<KING>(s) & pieces(KING));
}

// Pieces (either color) that alone stand between `target` and a slider in `sliders`.
// pinners receives the sliders whose single blocker has the target's color.
Bitboard Position::slider_blockers(Bitboard sliders, Square target, Bitboard& pinners) const {
    Bitboard blockers = 0;
    pinners = 0;
    Bitboard snipers =
        ((attacks_bb<ROOK>(target) & pieces(QUEEN, ROOK)) | (attacks_bb<BISHOP>(target) & pieces(QUEEN, BISHOP))) &
        sliders;
    const Bitboard occupancy = pieces() ^ snipers;
    const Bitboard own = pieces(color_of(piece_on(target)));
    while (snipers) {
        const Square sniper = pop_lsb(snipers);
        const Bitboard b = between_bb(target, sniper) & occupancy;
        if (b && !more_than_one(b)) {
            blockers |= b;
            if (b & own) pinners |= square_bb(sniper);
        }
    }
    return blockers;
}

void Position::set_check_info(StateInfo& si) const {
    si.blockers[WHITE] = slider_blockers(pieces(BLACK), king_square(WHITE), si.pinners[WHITE]);
    si.blockers[BLACK] = slider_blockers(pieces(WHITE), king_square(BLACK), si.pinners[BLACK]);
    const Square ksq = king_square(~side_);
    si.check_squares[PAWN] = pawn_attacks_bb(~side_, ksq);
    si.check_squares[KNIGHT] = attacks_bb<KNIGHT>(ksq);
    si.check_squares[BISHOP] = attacks_bb<BISHOP>(ksq, pieces());
    si.check_squares[ROOK] = attacks_bb<ROOK>(ksq, pieces());
    si.check_squares[QUEEN] = si.check_squares[BISHOP] | si.check_squares[ROOK];
    si.check_squares[KING] = 0;
}

// Recomputes every derived field of si from the board (used after FEN setup).
void Position::set_state(StateInfo& si) const {
    si.checkers = attackers_to(king_square(side_)) & pieces(~side_);
    set_check_info(si);
    si.key = compute_key();
    si.pawn_key = compute_pawn_key();
}

// Polyglot rule: an e.p. square counts only if a pawn of the side to move (us) attacks it.
bool Position::ep_capture_possible(Square ep, Color us) const { return pawn_attacks_bb(~us, ep) & pieces(us, PAWN); }

Key Position::compute_key() const {
    Key k = compute_pawn_key();
    for (Bitboard b = pieces() & ~pieces(PAWN); b;) {
        const Square s = pop_lsb(b);
        k ^= zobrist::piece_square(piece_on(s), s);
    }
    k ^= zobrist::castling(st().castling);
    if (st().ep_square != SQ_NONE) k ^= zobrist::en_passant_file(file_of(st().ep_square));
    if (side_ == WHITE) k ^= zobrist::white_to_move();
    return k;
}

Key Position::compute_pawn_key() const {
    Key k = 0;
    for (Bitboard b = pieces(PAWN); b;) {
        const Square s = pop_lsb(b);
        k ^= zobrist::piece_square(piece_on(s), s);
    }
    return k;
}

// Moves king and rook for castling (Do) or back (!Do). `to` holds the rook square on entry and
// the king's destination on exit. Both pieces are lifted before either is placed because in
// Chess960 the destination squares may be each other's origins.
template <bool Do>
void Position::do_castling(Color us, Square king_from, Square& to, Square& rook_from, Square& rook_to) {
    const bool king_side = to > king_from;
    rook_from = to;
    rook_to = relative_square(us, king_side ? F1 : D1);
    to = relative_square(us, king_side ? G1 : C1);
    remove_piece(Do ? king_from : to);
    remove_piece(Do ? rook_from : rook_to);
    put_piece(make_piece(us, KING), Do ? to : king_from);
    put_piece(make_piece(us, ROOK), Do ? rook_to : rook_from);
}

void Position::make_move(Move m, bool gives_check) {
    states_.push_back(states_.back());
    StateInfo& si = states_.back();
    si.move = m;
    ++si.rule50;
    ++si.plies_from_null;
    ++game_ply_;

    const Color us = side_, them = ~us;
    const Square from = m.from();
    Square to = m.to();
    const Piece pc = piece_on(from);
    Piece captured = m.kind() == Move::EN_PASSANT ? make_piece(them, PAWN) : piece_on(to);
    Key k = si.key ^ zobrist::white_to_move();

    if (si.ep_square != SQ_NONE) {
        k ^= zobrist::en_passant_file(file_of(si.ep_square));
        si.ep_square = SQ_NONE;
    }
    // Rights are dropped when the king or a castling rook leaves its square or a rook is captured;
    // done before `to` is rewritten for castling so the rook square is seen.
    if (si.castling && (castling_mask_[from] | castling_mask_[to])) {
        k ^= zobrist::castling(si.castling);
        si.castling &= ~(castling_mask_[from] | castling_mask_[to]);
        k ^= zobrist::castling(si.castling);
    }

    if (m.kind() == Move::CASTLING) {
        Square rook_from, rook_to;
        do_castling<true>(us, from, to, rook_from, rook_to);
        const Piece rook = make_piece(us, ROOK);
        k ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to) ^ zobrist::piece_square(rook, rook_from) ^
             zobrist::piece_square(rook, rook_to);
        captured = NO_PIECE;
    } else {
        if (captured) {
            Square cap_sq = to;
            if (type_of(captured) == PAWN) {
                if (m.kind() == Move::EN_PASSANT) cap_sq = to - pawn_push(us);
                si.pawn_key ^= zobrist::piece_square(captured, cap_sq);
            }
            remove_piece(cap_sq);
            k ^= zobrist::piece_square(captured, cap_sq);
            si.rule50 = 0;
        }
        move_piece(from, to);
        k ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);

        if (type_of(pc) == PAWN) {
            si.rule50 = 0;
            si.pawn_key ^= zobrist::piece_square(pc, from);
            if (m.kind() == Move::PROMOTION) {
                const Piece promoted = make_piece(us, m.promotion_type());
                remove_piece(to);
                put_piece(promoted, to);
                k ^= zobrist::piece_square(pc, to) ^ zobrist::piece_square(promoted, to);
            } else {
                si.pawn_key ^= zobrist::piece_square(pc, to);
                if ((int(to) ^ int(from)) == 16 && ep_capture_possible(to - pawn_push(us), them)) {
                    si.ep_square = to - pawn_push(us);
                    k ^= zobrist::en_passant_file(file_of(si.ep_square));
                }
            }
        }
    }

    si.captured = captured;
    si.key = k;
    side_ = them;
    si.checkers = gives_check ? attackers_to(king_square(them)) & pieces(us) : 0;
    set_check_info(si);
}

void Position::unmake_move(Move m) {
    side_ = ~side_;
    const Color us = side_;
    const Square from = m.from();
    Square to = m.to();

    if (m.kind() == Move::PROMOTION) {
        remove_piece(to);
        put_piece(make_piece(us, PAWN), to);
    }
    if (m.kind() == Move::CASTLING) {
        Square rook_from, rook_to;
        do_castling<false>(us, from, to, rook_from, rook_to);
    } else {
        move_piece(to, from);
        const Piece captured = st().captured;
        if (captured) {
            const Square cap_sq = m.kind() == Move::EN_PASSANT ? to - pawn_push(us) : to;
            put_piece(captured, cap_sq);
        }
    }
    states_.pop_back();
    --game_ply_;
}

void Position::make_null() {
    assert(!in_check());
    states_.push_back(states_.back());
    StateInfo& si = states_.back();
    si.move = Move::null();
    si.captured = NO_PIECE;
    si.key ^= zobrist::white_to_move();
    if (si.ep_square != SQ_NONE) {
        si.key ^= zobrist::en_passant_file(file_of(si.ep_square));
        si.ep_square = SQ_NONE;
    }
    ++si.rule50;
    si.plies_from_null = 0;
    side_ = ~side_;
    si.checkers = 0;
    set_check_info(si);
}

void Position::unmake_null() {
    states_.pop_back();
    side_ = ~side_;
}

bool Position::gives_check(Move m) const {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Square ksq = king_square(them);

    if (m.kind() == Move::CASTLING) {
        // Rare: compute the occupancy after castling and look for any slider attack on the king.
        const bool king_side = to > from;
        const Square king_to = relative_square(us, king_side ? G1 : C1);
        const Square rook_to = relative_square(us, king_side ? F1 : D1);
        const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(king_to) | square_bb(rook_to);
        const Bitboard rooks = (pieces(us, ROOK, QUEEN) & ~square_bb(to)) | square_bb(rook_to);
        return (attacks_bb<ROOK>(ksq, occ) & rooks) || (attacks_bb<BISHOP>(ksq, occ) & pieces(us, BISHOP, QUEEN));
    }
    if (check_squares(type_of(piece_on(from))) & square_bb(to)) return true;
    if ((blockers_for_king(them) & square_bb(from)) && !aligned(from, to, ksq)) return true;

    switch (m.kind()) {
        case Move::PROMOTION: return attacks_bb(m.promotion_type(), to, pieces() ^ square_bb(from)) & square_bb(ksq);
        case Move::EN_PASSANT: {
            // The captured pawn may uncover a slider too.
            const Square cap_sq = make_square(file_of(to), rank_of(from));
            const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(cap_sq)) | square_bb(to);
            return (attacks_bb<ROOK>(ksq, occ) & pieces(us, QUEEN, ROOK)) ||
                   (attacks_bb<BISHOP>(ksq, occ) & pieces(us, QUEEN, BISHOP));
        }
        default: return false;
    }
}

bool Position::is_legal(Move m) const {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Square ksq = king_square(us);

    if (m.kind() == Move::EN_PASSANT) {
        const Square cap_sq = to - pawn_push(us);
        const Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(cap_sq)) | square_bb(to);
        return !(attackers_to(ksq, occ) & pieces(them) & ~square_bb(cap_sq));
    }
    if (m.kind() == Move::CASTLING) {
        // Every square the king crosses, destination included, must be safe (the start square is
        // covered by "not in check", a generator precondition). In Chess960 the castling rook may
        // itself be shielding the king's destination along the back rank.
        const Square king_to = relative_square(us, to > from ? G1 : C1);
        const Direction step = king_to > from ? WEST : EAST;
        for (Square s = king_to; s != from; s = s + step)
            if (attackers_to(s) & pieces(them)) return false;
        return !(blockers_for_king(us) & square_bb(to));
    }
    if (from == ksq) return !(attackers_to(to, pieces() ^ square_bb(from)) & pieces(them));
    return !(pinned(us) & square_bb(from)) || aligned(from, to, ksq);
}

}  // namespace chess
