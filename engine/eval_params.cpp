#include "engine/eval_params.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tempo {

namespace {

using chess::Square;

// 0 for the four centre squares, 1 for the ring around them, ... 3 for the board edge.
int centre_ring(Square s) {
    int file = chess::file_of(s), rank = chess::rank_of(s);
    int file_steps = std::max(3 - file, file - 4);
    int rank_steps = std::max(3 - rank, rank - 4);
    return std::max(file_steps, rank_steps);
}

PhasedScore pawn_square(Square s) {
    static constexpr int kCentreFileMg[8] = {-4, 0, 6, 14, 14, 6, 0, -4};
    static constexpr int kAdvanceEg[8] = {0, 0, 4, 8, 14, 22, 34, 0};
    int rank = chess::rank_of(s), file = chess::file_of(s);
    // Central pawns are worth most once they have stepped forward to take the centre.
    int mg = (rank >= 3 && rank <= 4) ? kCentreFileMg[file] : kCentreFileMg[file] / 2;
    if (rank == 1 && (file == 3 || file == 4)) mg -= 6;  // unmoved d/e pawns block development
    return {mg, kAdvanceEg[rank]};
}

PhasedScore knight_square(Square s) {
    static constexpr int kRingMg[4] = {22, 12, -4, -26};
    static constexpr int kRingEg[4] = {14, 8, -4, -20};
    return {kRingMg[centre_ring(s)], kRingEg[centre_ring(s)]};
}

PhasedScore bishop_square(Square s) {
    static constexpr int kRingMg[4] = {12, 8, 2, -10};
    static constexpr int kRingEg[4] = {8, 5, 0, -8};
    int file = chess::file_of(s), rank = chess::rank_of(s);
    bool long_diagonal = file == rank || file + rank == 7;
    return {kRingMg[centre_ring(s)] + (long_diagonal ? 6 : 0), kRingEg[centre_ring(s)]};
}

PhasedScore rook_square(Square s) {
    int file = chess::file_of(s), rank = chess::rank_of(s);
    int mg = (file == 3 || file == 4) ? 6 : 0;
    if (rank == 6) return {mg + 18, 12};  // the seventh rank attacks pawns and confines the king
    return {mg, 0};
}

PhasedScore queen_square(Square s) {
    static constexpr int kRingMg[4] = {4, 4, 0, -6};
    static constexpr int kRingEg[4] = {12, 8, 0, -12};
    return {kRingMg[centre_ring(s)], kRingEg[centre_ring(s)]};
}

PhasedScore king_square(Square s) {
    static constexpr int kHomeRankMg[8] = {18, 28, 10, -6, -6, 10, 28, 18};
    static constexpr int kRingEg[4] = {28, 16, 0, -24};
    int file = chess::file_of(s), rank = chess::rank_of(s);
    // Middlegame: hide behind the pawns, the further up the board the more exposed.
    int mg = rank == 0 ? kHomeRankMg[file] : kHomeRankMg[file] / 2 - 24 * rank;
    return {mg, kRingEg[centre_ring(s)]};
}

// value(m) = scale * (sqrt(m) - sqrt(average)): diminishing returns, zero at the average.
std::array<PhasedScore, kMaxMobility> mobility_curve(double average, int scale_mg, int scale_eg) {
    std::array<PhasedScore, kMaxMobility> curve{};
    for (int m = 0; m < kMaxMobility; ++m) {
        double shape = std::sqrt(double(m)) - std::sqrt(average);
        curve[m] = {int(std::lround(scale_mg * shape)), int(std::lround(scale_eg * shape))};
    }
    return curve;
}

// Quadratic growth: one attacker is a nuisance, several coordinated attackers are deadly. A queen
// and a knight on two zone squares each (weight 14) cost about half a pawn. The first curve
// (1.5 w^2, so 300 cp for that queen and knight) made KingSafety lose: 35% for tempo against
// tempo without it over 50 games at 15k nodes; this scale scores 56% over 100.
std::array<int, kKingAttackTableSize> king_attack_curve() {
    std::array<int, kKingAttackTableSize> curve{};
    for (int weight = 0; weight < kKingAttackTableSize; ++weight) curve[weight] = std::min(500, weight * weight / 4);
    return curve;
}

EvalParams make_hand_set_params() {
    using namespace chess;
    EvalParams p{};
    p.material = {{{0, 0}, {85, 110}, {330, 310}, {345, 330}, {470, 540}, {980, 1000}, {0, 0}, {0, 0}}};
    for (Square s = A1; s <= H8; ++s) {
        p.piece_square[PAWN][s] = pawn_square(s);
        p.piece_square[KNIGHT][s] = knight_square(s);
        p.piece_square[BISHOP][s] = bishop_square(s);
        p.piece_square[ROOK][s] = rook_square(s);
        p.piece_square[QUEEN][s] = queen_square(s);
        p.piece_square[KING][s] = king_square(s);
    }
    p.passed_pawn = {{{0, 0}, {5, 10}, {8, 15}, {14, 28}, {25, 50}, {45, 85}, {75, 140}, {0, 0}}};
    p.free_passed_pawn_eg = {0, 0, 5, 10, 25, 50, 90, 0};
    p.king_escort_eg = {0, 0, 2, 4, 7, 11, 16, 0};
    p.unstoppable_passed_pawn = 650;
    p.mobility[KNIGHT] = mobility_curve(4.0, 16, 16);
    p.mobility[BISHOP] = mobility_curve(6.0, 18, 18);
    p.mobility[ROOK] = mobility_curve(7.0, 10, 20);
    p.mobility[QUEEN] = mobility_curve(13.0, 6, 10);
    p.pawn_shield_mg = {12, 6, -12};
    p.semi_open_file_near_king_mg = -14;
    p.king_attack_weight = {0, 1, 2, 2, 3, 5, 0, 0};
    p.king_attack_penalty = king_attack_curve();
    return p;
}

}  // namespace

const EvalParams& hand_set_params() {
    static const EvalParams params = make_hand_set_params();
    return params;
}

const EvalParams& tuned_params() {
    static const EvalParams params = generated_tuned_params();
    return params;
}

}  // namespace tempo
