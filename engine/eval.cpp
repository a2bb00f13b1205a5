#include "eval.h"

#include <algorithm>

#include "eval_params.h"
#include "eval_terms.h"

namespace tempo {

namespace {

using namespace chess;

// A rook's worth of advantage, without pawns, is needed to win a pawnless ending.
constexpr int kPawnlessWinningMargin = 400;

struct SideTotals {
  PhasedScore score[COLOR_NB];
  int phase = 0;
};

void add_material_and_squares(const Position& pos, const EvalParams& params, SideTotals& totals) {
  for (Color side : {WHITE, BLACK}) {
    for (PieceType type = PAWN; type <= KING; ++type) {
      Bitboard pieces = pos.pieces(side, type);
      totals.phase += kPhaseWeight[type] * popcount(pieces);
      while (pieces) {
        Square s = relative_square(side, pop_lsb(pieces));
        totals.score[side] += params.material[type] + params.piece_square[type][s];
      }
    }
  }
}

// Mobility and attacks on the enemy king zone come from the same attack masks.
void add_piece_activity(const Position& pos, const EvalParams& params, const FeatureSet& features,
                        SideTotals& totals) {
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
        if (mobility) totals.score[us] += params.mobility[type][popcount(attacks & mobility_area)];
        attack_weight += params.king_attack_weight[type] * popcount(attacks & enemy_zone);
      }
    }
    if (king_safety)
      totals.score[them].mg -= params.king_attack_penalty[std::min(attack_weight, kKingAttackTableSize - 1)];
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
  for (PieceType type = KNIGHT; type <= QUEEN; ++type)
    total += params.material[type].mg * pos.count(side, type);
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

int evaluate(const Position& pos, const FeatureSet& features) {
  if (features[Feature::InsufficientMaterial] && is_drawish_pawnless(pos)) return 0;
  const EvalParams& params = features[Feature::TunedEval] ? tuned_params() : hand_set_params();
  SideTotals totals;
  add_material_and_squares(pos, params, totals);
  if (features[Feature::Mobility] || features[Feature::KingSafety])
    add_piece_activity(pos, params, features, totals);
  for (Color us : {WHITE, BLACK}) {
    if (features[Feature::PassedPawns]) totals.score[us] += eval_terms::passed_pawns(pos, us, params);
    if (features[Feature::KingSafety]) totals.score[us].mg += eval_terms::king_shelter_mg(pos, us, params);
  }
  int white_view = blend_by_phase(totals.score[WHITE] - totals.score[BLACK], totals.phase,
                                  features[Feature::TaperedEval]);
  return pos.side_to_move() == WHITE ? white_view : -white_view;
}

}  // namespace tempo
