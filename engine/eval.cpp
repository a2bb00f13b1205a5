#include "engine/eval.h"

#include <algorithm>

#include "engine/eval_params.h"
#include "engine/eval_terms.h"
#include "engine/eval_trace.h"

namespace tempo {

namespace {

using namespace chess;

// A rook's worth of advantage, without pawns, is needed to win a pawnless ending.
constexpr int kPawnlessWinningMargin = 400;

int game_phase(const Position& pos) {
    int phase = 0;
    for (PieceType type = KNIGHT; type <= QUEEN; ++type) phase += kPhaseWeight[type] * popcount(pos.pieces(type));
    return phase;
}

template <class Sink>
void add_material_and_squares(const Position& pos, const EvalParams& params, Sink& sink) {
    for (Color side : {WHITE, BLACK}) {
        for (PieceType type = PAWN; type <= KING; ++type) {
            Bitboard pieces = pos.pieces(side, type);
            sink.add(side, params.material[type], popcount(pieces));
            while (pieces) sink.add(side, params.piece_square[type][relative_square(side, pop_lsb(pieces))]);
        }
    }
}

// Mobility and attacks on the enemy king zone come from the same attack masks.
template <class Sink>
void add_piece_activity(const Position& pos, const EvalParams& params, const FeatureSet& features, Sink& sink) {
    const bool mobility = features[Feature::Mobility];
    const bool king_safety = features[Feature::KingSafety];
    const Bitboard occupied = pos.pieces();
    for (Color us : {WHITE, BLACK}) {
        const Color them = ~us;
        const Bitboard enemy_pawn_attacks = them == WHITE ? pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN))
                                                          : pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN));
        const Bitboard mobility_area = ~pos.pieces(us) & ~enemy_pawn_attacks;
        const Bitboard enemy_zone = eval_terms::king_zone(pos, them);
        const Bitboard our_pawn_attacks = us == WHITE ? pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN))
                                                      : pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN));
        int attack_weight = params.king_attack_weight[PAWN] * popcount(our_pawn_attacks & enemy_zone);
        for (PieceType type = KNIGHT; type <= QUEEN; ++type) {
            Bitboard pieces = pos.pieces(us, type);
            while (pieces) {
                Bitboard attacks = attacks_bb(type, pop_lsb(pieces), occupied);
                if (mobility) sink.add(us, params.mobility[type][popcount(attacks & mobility_area)]);
                attack_weight += params.king_attack_weight[type] * popcount(attacks & enemy_zone);
            }
        }
        if (king_safety)
            sink.add_mg(them, params.king_attack_penalty[std::min(attack_weight, kKingAttackTableSize - 1)], -1);
    }
}

int blend_by_phase(PhasedScore score, int phase, bool tapered) {
    if (!tapered) return score.mg;
    phase = std::min(phase, kPhaseMax);
    return (score.mg * phase + score.eg * (kPhaseMax - phase)) / kPhaseMax;
}

int material_without_pawns(const Position& pos, Color side) {
    const EvalParams& params = hand_set_params();
    int total = 0;
    for (PieceType type = KNIGHT; type <= QUEEN; ++type) total += params.material[type].mg * pos.count(side, type);
    return total;
}

}  // namespace

int non_pawn_material(const Position& pos, Color side) { return material_without_pawns(pos, side); }

bool is_drawish_pawnless(const Position& pos) {
    if (pos.pieces(PAWN)) return false;
    int white = material_without_pawns(pos, WHITE), black = material_without_pawns(pos, BLACK);
    Color strong = white >= black ? WHITE : BLACK;
    bool only_knights = pos.pieces(strong) == (pos.pieces(strong, KNIGHT) | pos.pieces(strong, KING));
    if (only_knights && pos.count(strong, KNIGHT) <= 2) return true;
    return std::abs(white - black) < kPawnlessWinningMargin;
}

namespace {

template <class Sink>
int evaluate_with(const Position& pos, const FeatureSet& features, const EvalParams& params, Sink& sink) {
    add_material_and_squares(pos, params, sink);
    if (features[Feature::Mobility] || features[Feature::KingSafety]) add_piece_activity(pos, params, features, sink);
    for (Color us : {WHITE, BLACK}) {
        if (features[Feature::PassedPawns]) eval_terms::passed_pawns(pos, us, params, sink);
        if (features[Feature::KingSafety]) eval_terms::king_shelter_mg(pos, us, params, sink);
    }
    int white_view = blend_by_phase(sink.white_minus_black(), game_phase(pos), features[Feature::TaperedEval]);
    return pos.side_to_move() == WHITE ? white_view : -white_view;
}

}  // namespace

int evaluate(const Position& pos, const FeatureSet& features) {
    if (features[Feature::InsufficientMaterial] && is_drawish_pawnless(pos)) return 0;
    const EvalParams& params = features[Feature::TunedEval] ? tuned_params() : hand_set_params();
    ScoreSink sink;
    return evaluate_with(pos, features, params, sink);
}

int evaluate_traced(const Position& pos, const FeatureSet& features, const EvalParams& params, EvalTrace& trace) {
    trace = EvalTrace{};
    trace.white_to_move = pos.side_to_move() == WHITE;
    trace.tapered = features[Feature::TaperedEval];
    trace.phase = std::min(game_phase(pos), kPhaseMax);
    if (features[Feature::InsufficientMaterial] && is_drawish_pawnless(pos)) {
        trace.forced_draw = true;
        return 0;
    }
    TraceSink sink(params);
    int score = evaluate_with(pos, features, params, sink);
    sink.finish(trace);
    return score;
}

}  // namespace tempo
