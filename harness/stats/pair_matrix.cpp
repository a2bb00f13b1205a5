#include "harness/stats/pair_matrix.h"

#include <stdexcept>

namespace arbiter::stats {

std::size_t PairMatrix::add_player(const std::string& name) {
    auto [it, inserted] = index_of_.try_emplace(name, names_.size());
    if (inserted) {
        names_.push_back(name);
        if (names_.size() > stride_) grow_to(stride_ == 0 ? 16 : 2 * stride_);
    }
    return it->second;
}

std::optional<std::size_t> PairMatrix::find(const std::string& name) const {
    auto it = index_of_.find(name);
    if (it == index_of_.end()) return std::nullopt;
    return it->second;
}

void PairMatrix::grow_to(std::size_t capacity) {
    std::vector<CellCounts> wider(capacity * capacity);
    for (std::size_t w = 0; w < stride_; ++w)
        for (std::size_t b = 0; b < stride_; ++b) wider[w * capacity + b] = cells_[w * stride_ + b];
    cells_ = std::move(wider);
    stride_ = capacity;
}

void PairMatrix::add_game(std::size_t white, std::size_t black, double white_score) {
    CellCounts one;
    if (white_score == 1.0) one.white_wins = 1;
    else if (white_score == 0.5) one.draws = 1;
    else if (white_score == 0.0) one.black_wins = 1;
    else throw std::invalid_argument("game result: white_score must be 1, 0.5 or 0");
    add_counts(white, black, one);
}

void PairMatrix::add_counts(std::size_t white, std::size_t black, const CellCounts& counts) {
    if (white >= size() || black >= size()) throw std::out_of_range("PairMatrix: unknown player index");
    if (white == black) throw std::invalid_argument("game result: a player cannot play itself (" + names_[white] + ")");
    if (counts.white_wins < 0 || counts.draws < 0 || counts.black_wins < 0)
        throw std::invalid_argument("game result: counts must not be negative");
    CellCounts& cell = mutable_cell(white, black);
    cell.white_wins += counts.white_wins;
    cell.draws += counts.draws;
    cell.black_wins += counts.black_wins;
}

WdlCounts PairMatrix::head_to_head(std::size_t player, std::size_t opponent) const {
    const CellCounts& as_white = cell(player, opponent);
    const CellCounts& as_black = cell(opponent, player);
    WdlCounts rec;
    rec.wins = as_white.white_wins + as_black.black_wins;
    rec.draws = as_white.draws + as_black.draws;
    rec.losses = as_white.black_wins + as_black.white_wins;
    return rec;
}

WdlCounts PairMatrix::record_of(std::size_t player) const {
    WdlCounts total;
    for (std::size_t opp = 0; opp < size(); ++opp) {
        if (opp == player) continue;
        total += head_to_head(player, opp);
    }
    return total;
}

PairMatrix aggregate_games(const std::vector<GameRecord>& games) {
    PairMatrix matrix;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const GameRecord& game = games[i];
        try {
            const std::size_t white = matrix.add_player(game.white);
            const std::size_t black = matrix.add_player(game.black);
            matrix.add_game(white, black, game.white_score);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string(e.what()) + " (game #" + std::to_string(i + 1) + ", " + game.white +
                                        " - " + game.black + ")");
        }
    }
    return matrix;
}

}  // namespace arbiter::stats
