#pragma once
// The two records of a finished game: the PGN text (harness/pgn/cutechess_layout.h) and the
// database row with its moves (db/records.h). Both come from the same PlayedGame so they agree.

#include <string>

#include "db/records.h"
#include "harness/game/game.h"
#include "harness/pgn/cutechess_layout.h"

namespace arbiter::game {

// Tags that are not part of the game itself.
struct PgnContext {
    std::string event;
    std::string site;
    int round = 0;  // 0 -> "?"
};

// The PGN of a finished game (not of an interrupted one: std::invalid_argument).
std::string game_pgn(const GameSetup& setup, const PlayedGame& game, const PgnContext& context,
                     const pgn::WriterOptions& options = {});

// The database record with every move; run_id, pair/game indexes, round and engine ids are the
// scheduler's to fill. `pgn` is stored with the game.
db::GameRecord game_db_record(const GameSetup& setup, const PlayedGame& game, std::string pgn);

// What -epdout wrote for a game, rebuilt from the full PGN stored with it: a resumed run writes the
// games its output file misses with the text a live run gives them. Throws io::SourceError when
// `stored_pgn` does not parse.
std::string final_epd_from_stored(const std::string& stored_pgn);

}  // namespace arbiter::game
