#include <algorithm>

#include "engine/eval_terms.h"

namespace tempo::eval_terms {

namespace {

using namespace chess;

// Squares on ranks strictly ahead of `s` from `us`'s point of view.
Bitboard ranks_ahead(Color us, Square s) {
    int rank = rank_of(s);
    return us == WHITE ? (rank == 7 ? 0 : ~Bitboard(0) << (8 * (rank + 1))) : (Bitboard(1) << (8 * rank)) - 1;
}

Bitboard file_and_neighbours(File file) {
    Bitboard files = file_bb(file);
    if (file > FILE_A) files |= file_bb(File(file - 1));
    if (file < FILE_H) files |= file_bb(File(file + 1));
    return files;
}

bool has_pieces(const Position& pos, Color side) { return pos.pieces(side) & ~pos.pieces(PAWN) & ~pos.pieces(KING); }

// Rule of the square: the defending king cannot reach the promotion square in time.
bool outruns_king(const Position& pos, Color us, Square pawn, Square promotion) {
    int moves_to_promote = std::min(5, 7 - relative_rank(us, pawn));  // double push from the 2nd rank
    int king_moves = distance(pos.king_square(~us), promotion);
    if (pos.side_to_move() == ~us) --king_moves;  // the defender moves first
    return moves_to_promote < king_moves;
}

template <class Sink>
void one_passed_pawn(const Position& pos, Color us, Square pawn, const EvalParams& params, Sink& sink) {
    const int rank = relative_rank(us, pawn);
    const Square promotion = make_square(file_of(pawn), us == WHITE ? RANK_8 : RANK_1);
    const Square stop = pawn + pawn_push(us);
    const Bitboard path = file_bb(pawn) & ranks_ahead(us, pawn);
    sink.add(us, params.passed_pawn[rank]);
    const bool free_path = !(path & pos.pieces());
    if (free_path) sink.add_eg(us, params.free_passed_pawn_eg[rank]);
    // Escort: our king closer to the stop square than theirs helps the pawn through.
    int escort = distance(pos.king_square(~us), stop) - distance(pos.king_square(us), stop);
    sink.add_eg(us, params.king_escort_eg[rank], std::clamp(escort, -4, 4));
    if (free_path && !has_pieces(pos, ~us) && outruns_king(pos, us, pawn, promotion)) {
        sink.add_eg(us, params.unstoppable_passed_pawn);
        sink.add_fixed_eg(us, 10 * rank);  // the nearer promotion, the sooner the win
    }
}

}  // namespace

template <class Sink>
void passed_pawns(const Position& pos, Color us, const EvalParams& params, Sink& sink) {
    const Bitboard their_pawns = pos.pieces(~us, PAWN);
    Bitboard our_pawns = pos.pieces(us, PAWN);
    while (our_pawns) {
        Square pawn = pop_lsb(our_pawns);
        Bitboard blockers_span = file_and_neighbours(file_of(pawn)) & ranks_ahead(us, pawn);
        if (!(their_pawns & blockers_span)) one_passed_pawn(pos, us, pawn, params, sink);
    }
}

template void passed_pawns(const Position&, Color, const EvalParams&, ScoreSink&);
template void passed_pawns(const Position&, Color, const EvalParams&, TraceSink&);

}  // namespace tempo::eval_terms
