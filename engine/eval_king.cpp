#include "engine/eval_terms.h"

namespace tempo::eval_terms {

using namespace chess;

Bitboard king_zone(const Position& pos, Color us) {
    Square king = pos.king_square(us);
    return attacks_bb<KING>(king) | square_bb(king);
}

template <class Sink>
void king_shelter_mg(const Position& pos, Color us, const EvalParams& params, Sink& sink) {
    const Square king = pos.king_square(us);
    const Bitboard our_pawns = pos.pieces(us, PAWN);
    const bool castled_like = relative_rank(us, king) <= RANK_2;
    const int king_file = file_of(king);
    for (int file = king_file - 1; file <= king_file + 1; ++file) {
        if (file < 0 || file > 7) continue;
        Bitboard file_pawns = our_pawns & file_bb(File(file));
        if (!file_pawns) sink.add_mg(us, params.semi_open_file_near_king_mg);
        if (!castled_like) continue;  // a king up the board has no shield to speak of
        Square one_ahead = make_square(File(file), Rank(rank_of(king) + (us == WHITE ? 1 : -1)));
        Square two_ahead = one_ahead + pawn_push(us);
        if (file_pawns & square_bb(one_ahead)) sink.add_mg(us, params.pawn_shield_mg[0]);
        else if (is_ok(two_ahead) && (file_pawns & square_bb(two_ahead))) sink.add_mg(us, params.pawn_shield_mg[1]);
        else sink.add_mg(us, params.pawn_shield_mg[2]);
    }
}

template void king_shelter_mg(const Position&, Color, const EvalParams&, ScoreSink&);
template void king_shelter_mg(const Position&, Color, const EvalParams&, TraceSink&);

}  // namespace tempo::eval_terms
