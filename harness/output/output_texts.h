#pragma once
// What -pgnout and -epdout write for a game, from its database record: cutechess's layout (the PGN
// stored with the game, or its `min` form) or fastchess's (`-pgnout file=F ...`), and the final
// position's FEN. A live run and a resumed run that writes the games a file missed use the same
// functions on the same record, so the file reads the same either way.

#include <string>
#include <vector>

#include "db/records.h"
#include "harness/config/match_config.h"
#include "harness/protocol/line_pattern.h"

namespace arbiter::output {

// True when the PGN text needs the game's moves (fastchess's layout); else the stored PGN suffices.
bool pgn_text_needs_moves(const config::MatchConfig& config);

// The -pgnout text of `game` (with its moves when pgn_text_needs_moves).
std::string pgn_file_text(const config::MatchConfig& config, const db::GameRecord& game);

// The -epdout line of `game`: its final position as a six-field FEN, and a newline.
std::string epd_file_text(const db::GameRecord& game);

// match_line= patterns, compiled (they were checked when read).
std::vector<protocol::LinePattern> match_line_patterns(const config::MatchConfig& config);

}  // namespace arbiter::output
