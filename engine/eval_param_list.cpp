#include "engine/eval_param_list.h"

#include <stdexcept>

namespace tempo {

namespace {

using namespace chess;

struct Bounds {
    int min;
    int max;
};

// Bounds wide enough to let the data speak, narrow enough that a random swarm particle still
// plays chess. Material per piece type; king and the unused type indices stay at zero.
constexpr Bounds kMaterialBounds[PIECE_TYPE_NB] = {{0, 0},     {50, 200},   {200, 500}, {200, 500},
                                                   {350, 800}, {700, 1500}, {0, 0},     {0, 0}};
constexpr Bounds kPieceSquareBounds{-200, 200};  // the hand-set king on the 7th rank is -171
constexpr Bounds kPassedPawnBounds{0, 250};
constexpr Bounds kFreePassedPawnBounds{0, 250};
constexpr Bounds kKingEscortBounds{0, 40};
constexpr Bounds kUnstoppablePawnBounds{200, 900};
constexpr Bounds kMobilityBounds{-120, 120};
constexpr Bounds kPawnShieldBounds{-60, 60};
constexpr Bounds kSemiOpenFileBounds{-60, 20};
constexpr Bounds kKingAttackPenaltyBounds{0, 800};
// Most squares a piece can attack: the mobility table entries beyond are never read.
constexpr int kMaxAttacks[PIECE_TYPE_NB] = {0, 0, 8, 13, 14, 27, 0, 0};

constexpr const char* kTypeNames[PIECE_TYPE_NB] = {"none", "pawn",  "knight", "bishop",
                                                   "rook", "queen", "king",   "unused"};

class ListBuilder {
public:
    explicit ListBuilder(const EvalParams& layout) : layout_(&layout) {}

    void add(const std::string& name, const int& field, Bounds bounds, bool tunable = true) {
        const auto offset = reinterpret_cast<const char*>(&field) - reinterpret_cast<const char*>(layout_);
        if (!tunable) bounds = {0, 0};
        list_.push_back({name, int(offset / std::ptrdiff_t(sizeof(int))), bounds.min, bounds.max, tunable});
    }
    void add_pair(const std::string& name, const PhasedScore& field, Bounds bounds, bool tunable = true) {
        add(name + ".mg", field.mg, bounds, tunable);
        add(name + ".eg", field.eg, bounds, tunable);
    }
    std::vector<ParamInfo> take() { return std::move(list_); }

private:
    const EvalParams* layout_;
    std::vector<ParamInfo> list_;
};

bool is_piece(PieceType type) { return type >= PAWN && type <= KING; }
bool is_passer_rank(int rank) { return rank >= RANK_2 && rank <= RANK_7; }

std::string square_name(int square) { return std::string{char('a' + square % 8), char('1' + square / 8)}; }

void add_material_and_squares(const EvalParams& p, ListBuilder& list) {
    for (PieceType type = NO_PIECE_TYPE; type < PIECE_TYPE_NB; type = PieceType(type + 1))
        list.add_pair(std::string("material.") + kTypeNames[type], p.material[type], kMaterialBounds[type],
                      kMaterialBounds[type].max > 0);
    for (PieceType type = NO_PIECE_TYPE; type < PIECE_TYPE_NB; type = PieceType(type + 1)) {
        for (int square = 0; square < SQUARE_NB; ++square) {
            const bool pawn_rank_unused = type == PAWN && (square < 8 || square >= 56);
            list.add_pair(std::string("psqt.") + kTypeNames[type] + "." + square_name(square),
                          p.piece_square[type][square], kPieceSquareBounds, is_piece(type) && !pawn_rank_unused);
        }
    }
}

void add_passed_pawns(const EvalParams& p, ListBuilder& list) {
    for (int rank = 0; rank < RANK_NB; ++rank) {
        const std::string suffix = ".rank" + std::to_string(rank + 1);
        list.add_pair("passed_pawn" + suffix, p.passed_pawn[rank], kPassedPawnBounds, is_passer_rank(rank));
    }
    for (int rank = 0; rank < RANK_NB; ++rank)
        list.add("free_passed_pawn_eg.rank" + std::to_string(rank + 1), p.free_passed_pawn_eg[rank],
                 kFreePassedPawnBounds, is_passer_rank(rank));
    for (int rank = 0; rank < RANK_NB; ++rank)
        list.add("king_escort_eg.rank" + std::to_string(rank + 1), p.king_escort_eg[rank], kKingEscortBounds,
                 is_passer_rank(rank));
    list.add("unstoppable_passed_pawn", p.unstoppable_passed_pawn, kUnstoppablePawnBounds);
}

void add_mobility(const EvalParams& p, ListBuilder& list) {
    for (PieceType type = NO_PIECE_TYPE; type < PIECE_TYPE_NB; type = PieceType(type + 1))
        for (int count = 0; count < kMaxMobility; ++count)
            list.add_pair(std::string("mobility.") + kTypeNames[type] + "." + std::to_string(count),
                          p.mobility[type][count], kMobilityBounds, count <= kMaxAttacks[type]);
}

void add_king_safety(const EvalParams& p, ListBuilder& list) {
    static constexpr const char* kShieldNames[3] = {"one_ahead", "two_ahead", "missing"};
    for (int i = 0; i < 3; ++i)
        list.add(std::string("pawn_shield_mg.") + kShieldNames[i], p.pawn_shield_mg[i], kPawnShieldBounds);
    list.add("semi_open_file_near_king_mg", p.semi_open_file_near_king_mg, kSemiOpenFileBounds);
    // Fixed: the weights pick the penalty table's index, which the linear trace cannot vary.
    for (PieceType type = NO_PIECE_TYPE; type < PIECE_TYPE_NB; type = PieceType(type + 1))
        list.add(std::string("king_attack_weight.") + kTypeNames[type], p.king_attack_weight[type], {0, 0}, false);
    for (int weight = 0; weight < kKingAttackTableSize; ++weight)
        list.add("king_attack_penalty." + std::to_string(weight), p.king_attack_penalty[weight],
                 kKingAttackPenaltyBounds);
}

std::vector<ParamInfo> build_list() {
    static const EvalParams layout{};
    ListBuilder list(layout);
    add_material_and_squares(layout, list);
    add_passed_pawns(layout, list);
    add_mobility(layout, list);
    add_king_safety(layout, list);
    std::vector<ParamInfo> params = list.take();
    // Guards the list against a field added to EvalParams but not here.
    for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i].slot != int(i))
            throw std::logic_error("eval_param_list misses EvalParams slot " + std::to_string(i));
    if (params.size() * sizeof(int) != sizeof(EvalParams)) throw std::logic_error("eval_param_list size mismatch");
    return params;
}

}  // namespace

const std::vector<ParamInfo>& eval_param_list() {
    static const std::vector<ParamInfo> params = build_list();
    return params;
}

}  // namespace tempo
