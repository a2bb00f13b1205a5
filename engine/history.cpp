#include "engine/history.h"

namespace tempo {

void History::clear() {
    killers_ = {};
    butterfly_ = {};
}

void History::age(int divisor) {
    for (auto& row : butterfly_)
        for (int& value : row) value /= divisor;
}

void History::add_killer(int ply, chess::Move move) {
    auto& slots = killers_[ply];
    if (slots[0] == move) return;
    slots[1] = slots[0];
    slots[0] = move;
}

void History::reward(chess::Piece piece, chess::Square to, int depth) {
    int& value = butterfly_[piece][to];
    value += depth * depth;
    if (value > params::kHistoryMax) {
        // Keep the scale bounded while preserving the relative order of all entries.
        for (auto& row : butterfly_)
            for (int& entry : row) entry /= 2;
    }
}

}  // namespace tempo
