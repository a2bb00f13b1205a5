// A game's moves as stored since schema 5: one JSON text per game (table `game_moves`) holding one
// array per move, its fields in the order of the `moves` view's columns after game_id (those after
// the move's last set field left out). A row per move cost SQLite about 9,000 instructions (the
// record of 17 columns, its place in the clustered key, the foreign-key probe), a hundred times a
// game; one text per game is a single append.
#pragma once

#include <span>
#include <string>

#include "db/records.h"

namespace arbiter::db::detail {

// Appends `[[ply,"uci","san",time_ms,...],...]` to `out`: unset numbers are null, texts are JSON
// strings (quotes, backslashes and control characters escaped; other bytes as they are).
void append_moves_json(std::string& out, std::span<const MoveRecord> moves);

}  // namespace arbiter::db::detail
