// Position queries that sit on top of move generation: pseudo-legality of arbitrary moves,
// draw rules, game-end adjudication, and debugging helpers.
#include <algorithm>
#include <sstream>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"

namespace chess {

namespace {

// Pseudo-legality of a NORMAL move by a pawn: push, double push or capture, never onto the last
// rank (that would have to be a PROMOTION move).
bool pawn_move_ok(const Position& pos, Color us, Square from, Square to) {
    if (relative_rank(us, to) == RANK_8) return false;
    const Direction up = pawn_push(us);
    if (pawn_attacks_bb(us, from) & pos.pieces(~us) & square_bb(to)) return true;
    if (from + up == to) return pos.empty(to);
    return from + up + up == to && relative_rank(us, from) == RANK_2 && pos.empty(to) && pos.empty(from + up);
}

}  // namespace

bool Position::is_pseudo_legal(Move m) const {
    if (!m.is_ok()) return false;
    // Special moves are rare in hash tables: compare against the generated list.
    if (m.kind() != Move::NORMAL) {
        MoveList list;
        generate_pseudo_legal(*this, list);
        return list.contains(m);
    }
    const Color us = side_;
    const Square from = m.from(), to = m.to();
    if (m != Move(from, to)) return false;  // stray promotion bits: never generated
    const Piece pc = piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us || (pieces(us) & square_bb(to))) return false;
    if (type_of(pc) == PAWN) {
        if (!pawn_move_ok(*this, us, from, to)) return false;
    } else if (!(attacks_bb(type_of(pc), from, pieces()) & square_bb(to))) {
        return false;
    }
    // In check only evasions are generated: king moves, or block/capture of a single checker.
    if (in_check() && type_of(pc) != KING) {
        if (more_than_one(checkers())) return false;
        if (!(between_bb(king_square(us), lsb(checkers())) & square_bb(to))) return false;
    }
    return true;
}

int Position::repetition_count() const {
    const int current = int(states_.size()) - 1;
    const int reach = std::min({st().rule50, st().plies_from_null, current});
    int count = 0;
    // Same side to move => even distance; a position needs at least 4 plies to recur.
    for (int i = 4; i <= reach; i += 2)
        if (states_[current - i].key == st().key) ++count;
    return count;
}

bool Position::is_repetition(int plies_from_root) const {
    const int current = int(states_.size()) - 1;
    const int reach = std::min({st().rule50, st().plies_from_null, current});
    int count = 0;
    for (int i = 4; i <= reach; i += 2) {
        if (states_[current - i].key != st().key) continue;
        // An earlier occurrence strictly inside the search tree is enough (the root itself is part
        // of the game, so recurring to it needs the full count).
        if (i < plies_from_root) return true;
        if (++count >= 2) return true;
    }
    return false;
}

bool Position::is_insufficient_material() const {
    if (pieces(PAWN) | pieces(ROOK, QUEEN)) return false;
    const Bitboard minors = pieces(KNIGHT, BISHOP);
    if (!more_than_one(minors)) return true;  // K v K, K+N v K, K+B v K
    if (pieces(KNIGHT)) return false;
    // Only bishops left: dead iff they all stand on squares of one color.
    const Bitboard bishops = pieces(BISHOP);
    return !(bishops & kDarkSquares) || !(bishops & kLightSquares);
}

bool Position::has_legal_moves() const { return count_legal(*this) > 0; }

Termination adjudicate(const Position& pos) {
    if (!pos.has_legal_moves()) return pos.in_check() ? Termination::Checkmate : Termination::Stalemate;
    if (pos.is_insufficient_material()) return Termination::InsufficientMaterial;
    if (pos.is_threefold_repetition()) return Termination::Threefold;
    if (pos.is_fifty_move_draw()) return Termination::FiftyMove;
    return Termination::None;
}

const char* to_string(Termination t) {
    switch (t) {
        case Termination::None: return "none";
        case Termination::Checkmate: return "checkmate";
        case Termination::Stalemate: return "stalemate";
        case Termination::Threefold: return "threefold";
        case Termination::FiftyMove: return "fifty-move";
        case Termination::InsufficientMaterial: return "insufficient-material";
    }
    return "unknown";
}

std::string Position::pretty() const {
    static constexpr char kPieceChars[] = " PNBRQK  pnbrqk";
    std::ostringstream out;
    for (int r = RANK_8; r >= RANK_1; --r) {
        out << (r + 1) << ' ';
        for (int f = FILE_A; f <= FILE_H; ++f) {
            const Piece pc = piece_on(make_square(File(f), Rank(r)));
            out << ' ' << (pc == NO_PIECE ? '.' : kPieceChars[pc]);
        }
        out << '\n';
    }
    out << "   a b c d e f g h\nFEN: " << fen() << "\nKey: " << std::hex << key() << std::dec << '\n';
    return out.str();
}

std::string Position::validate() const {
    std::ostringstream err;
    Bitboard all = 0;
    for (Square s = A1; s <= H8; ++s) {
        const Piece pc = board_[s];
        if (pc == NO_PIECE) continue;
        all |= square_bb(s);
        if (!(pieces(color_of(pc), type_of(pc)) & square_bb(s))) err << "bitboards miss " << square_name(s) << "; ";
    }
    if (all != pieces()) err << "occupancy mismatch; ";
    if ((pieces(WHITE) & pieces(BLACK)) || (pieces(WHITE) | pieces(BLACK)) != pieces()) err << "color sets; ";
    for (Color c : {WHITE, BLACK})
        for (PieceType pt = PAWN; pt <= KING; ++pt)
            if (count(c, pt) != popcount(pieces(c, pt))) err << "piece count " << int(pt) << "; ";
    if (count(WHITE, KING) != 1 || count(BLACK, KING) != 1) return err.str() + "king count; ";
    if (key() != compute_key()) err << "key mismatch; ";
    if (pawn_key() != compute_pawn_key()) err << "pawn key mismatch; ";
    if (checkers() != (attackers_to(king_square(side_)) & pieces(~side_))) err << "checkers; ";
    if (attackers_to(king_square(~side_)) & pieces(side_)) err << "side not to move in check; ";
    if (ep_square() != SQ_NONE && !ep_capture_possible(ep_square(), side_)) err << "useless ep square; ";
    return err.str();
}

}  // namespace chess
