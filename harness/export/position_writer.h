#pragma once
// Replays exported games and writes their positions, one per line:
//
//   <fen> | <score> | <result>
//
//   fen     the position before an engine move (6-field FEN)
//   score   that engine's score of it from White's side: centipawns ("35", "-120"), mate in N
//           moves ("#3" White mates, "#-3" Black mates), or "-" when the engine gave none
//   result  the game's result from White's side: 1.0, 0.5 or 0.0
//
// Book moves (no engine search) and the first skip_plies plies of each game are left out.

#include <cstdint>
#include <ostream>
#include <string>

#include "engine/chess/position.h"
#include "db/position_export.h"

namespace arbiter::exporter {

struct ExportCounts {
    std::int64_t games = 0;
    std::int64_t positions = 0;
    std::int64_t book = 0;
    std::int64_t early = 0;
};

class PositionWriter {
public:
    PositionWriter(std::ostream& out, int skip_plies) : out_(out), skip_plies_(skip_plies) {}

    // Moves must arrive in game and ply order (stream_export_moves' order). Throws
    // std::runtime_error naming the game and ply on a move that does not replay.
    void add(const db::ExportMove& move);
    const ExportCounts& counts() const { return counts_; }

private:
    void start_game(const db::ExportMove& move);

    std::ostream& out_;
    int skip_plies_;
    ExportCounts counts_;
    std::int64_t game_id_ = -1;
    chess::Position position_;
    std::string result_text_;
};

// "35", "-120", "#3", "#-3" or "-", from White's side, for the score the mover gave.
std::string white_score_text(const db::ExportMove& move, chess::Color mover);

}  // namespace arbiter::exporter
