// Evaluation parameters. Two sets exist so the TunedEval switch has something to choose
// between: the hand-set values below and the values `tempo tune` writes to
// eval_tuned_params.cpp (a generated file; see engine/tune/README.md).
#pragma once

#include <array>

#include "engine/chess/types.h"

namespace tempo {

// A middlegame / endgame pair; the eval blends the two by game phase.
struct PhasedScore {
    int mg = 0;
    int eg = 0;
    constexpr PhasedScore operator+(PhasedScore o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr PhasedScore operator-(PhasedScore o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr PhasedScore operator*(int k) const { return {mg * k, eg * k}; }
    constexpr PhasedScore& operator+=(PhasedScore o) {
        mg += o.mg;
        eg += o.eg;
        return *this;
    }
    constexpr PhasedScore& operator-=(PhasedScore o) {
        mg -= o.mg;
        eg -= o.eg;
        return *this;
    }
};

inline constexpr int kMaxMobility = 28;  // a queen in the middle of an empty board: 27
inline constexpr int kKingAttackTableSize = 64;

struct EvalParams {
    std::array<PhasedScore, chess::PIECE_TYPE_NB> material;
    // [piece type][square from White's side]; Black reads the vertically mirrored square.
    std::array<std::array<PhasedScore, chess::SQUARE_NB>, chess::PIECE_TYPE_NB> piece_square;

    // Passed pawns, by relative rank (non-linear: most of the value comes on ranks 5-7).
    std::array<PhasedScore, chess::RANK_NB> passed_pawn;
    std::array<int, chess::RANK_NB> free_passed_pawn_eg;  // nothing stands in front of it
    std::array<int, chess::RANK_NB> king_escort_eg;       // per square of king-distance advantage
    int unstoppable_passed_pawn = 0;                      // pawn outruns the enemy king, no pieces

    // Mobility: [piece type][attacked squares], centred so average mobility scores zero.
    std::array<std::array<PhasedScore, kMaxMobility>, chess::PIECE_TYPE_NB> mobility;

    // King safety (middlegame only).
    std::array<int, 3> pawn_shield_mg;                          // shield pawn one / two ranks ahead, or missing
    int semi_open_file_near_king_mg = 0;                        // own pawn missing on the king file or beside it
    std::array<int, chess::PIECE_TYPE_NB> king_attack_weight;   // per attacked king-zone square
    std::array<int, kKingAttackTableSize> king_attack_penalty;  // non-linear in the total weight
};

const EvalParams& hand_set_params();
const EvalParams& tuned_params();

// Defined in the generated eval_tuned_params.cpp; tuned_params() keeps one copy.
EvalParams generated_tuned_params();

// Game phase weights: 24 with all minor and major pieces on the board.
inline constexpr int kPhaseMax = 24;
inline constexpr std::array<int, chess::PIECE_TYPE_NB> kPhaseWeight = {0, 0, 1, 1, 2, 4, 0, 0};

}  // namespace tempo
