#pragma once
// Moves of finished games for tuning-data export (arbiter export-positions): one row per move, in
// game and ply order, with what the exporter needs to replay the game and label its positions.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "db/records.h"

namespace arbiter::db {

struct ExportMove {
    std::int64_t game_id = 0;
    std::string opening_fen;  // the game's start position
    GameResult result = GameResult::draw;
    int ply = 0;
    std::string uci;
    bool searched = false;        // false for book moves: no engine search stands behind them
    std::optional<int> score_cp;  // the mover's score
    std::optional<int> score_mate;
};

// Streams every move of the games that pass `filter`, opening its own read-only connection to the
// database file at `path` (which must exist with the current schema). Throws DbError naming the file.
void stream_export_moves(const std::string& path, const ResultFilter& filter,
                         const std::function<void(const ExportMove&)>& sink);

}  // namespace arbiter::db
