// Move-ordering memory that outlives a single node: killer moves per ply and the
// piece x to-square history. Cleared by `ucinewgame`, aged between iterations.
#pragma once

#include <array>

#include "engine/chess/position.h"
#include "engine/chess/types.h"
#include "engine/search_params.h"

namespace tempo {

class History {
public:
    void clear();
    // Between iterations: old evidence fades so recent cutoffs dominate.
    void age(int divisor = params::kHistoryAgingDivisor);

    // Killers: quiet moves that caused a beta cutoff at this ply in sibling nodes.
    chess::Move killer(int ply, int slot) const { return killers_[ply][slot]; }
    bool is_killer(int ply, chess::Move move) const { return killers_[ply][0] == move || killers_[ply][1] == move; }
    void add_killer(int ply, chess::Move move);
    void clear_killers(int ply) { killers_[ply] = {}; }

    int score(chess::Piece piece, chess::Square to) const { return butterfly_[piece][to]; }
    // A quiet move caused a cutoff at this remaining depth.
    void reward(chess::Piece piece, chess::Square to, int depth);

private:
    std::array<std::array<chess::Move, params::kKillersPerPly>, params::kMaxPly + 2> killers_{};
    std::array<std::array<int, chess::SQUARE_NB>, chess::PIECE_NB> butterfly_{};
};

}  // namespace tempo
