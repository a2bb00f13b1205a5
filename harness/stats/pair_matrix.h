#pragma once
// Game results aggregated per ordered (white, black) pair of players, so that rating fits iterate
// over at most N^2 cells instead of over every game.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "harness/stats/wdl_counts.h"

namespace arbiter::stats {

// One finished game. white_score is 1 (White won), 0.5 (draw) or 0 (Black won).
struct GameRecord {
    std::string white;
    std::string black;
    double white_score = 0.5;
};

// Results of the games with one player as White and another as Black.
struct CellCounts {
    std::int64_t white_wins = 0;
    std::int64_t draws = 0;
    std::int64_t black_wins = 0;

    std::int64_t games() const { return white_wins + draws + black_wins; }
    double white_points() const { return static_cast<double>(white_wins) + 0.5 * static_cast<double>(draws); }
};

class PairMatrix {
public:
    PairMatrix() = default;

    // Index of the player, registering the name on first sight.
    std::size_t add_player(const std::string& name);
    std::optional<std::size_t> find(const std::string& name) const;

    // white_score must be 1, 0.5 or 0 (std::invalid_argument otherwise); white != black.
    void add_game(std::size_t white, std::size_t black, double white_score);
    void add_counts(std::size_t white, std::size_t black, const CellCounts& counts);

    std::size_t size() const { return names_.size(); }
    const std::vector<std::string>& names() const { return names_; }
    const CellCounts& cell(std::size_t white, std::size_t black) const { return cells_[white * stride_ + black]; }

    // Totals of `player` against `opponent`, both colours, from the player's point of view.
    WdlCounts head_to_head(std::size_t player, std::size_t opponent) const;
    // Totals of `player` against everyone.
    WdlCounts record_of(std::size_t player) const;

private:
    CellCounts& mutable_cell(std::size_t white, std::size_t black) { return cells_[white * stride_ + black]; }
    void grow_to(std::size_t capacity);

    std::vector<std::string> names_;
    std::unordered_map<std::string, std::size_t> index_of_;
    std::size_t stride_ = 0;         // allocated row length (capacity doubles, so adding is amortized)
    std::vector<CellCounts> cells_;  // stride_ x stride_, row = white, column = black
};

// Aggregate game records; an invalid score throws std::invalid_argument naming the game's index.
PairMatrix aggregate_games(const std::vector<GameRecord>& games);

}  // namespace arbiter::stats
