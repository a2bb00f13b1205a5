#pragma once
// A stored game in fastchess's PGN layout, for `-pgnout file=F ...` (fastchess's form of the flag):
//   * tags in fastchess's order: the roster, SetUp/FEN, Variant, then GameDuration, GameStartTime,
//     GameEndTime (UTC, "+0000"), PlyCount, Termination (always, "normal" included), TimeControl;
//   * move numbers from the start FEN, SAN, LAN ("Ng1f3") or UCI moves, a line broken before a move
//     (with its comment) would pass 80 columns;
//   * each engine move's comment "{+0.25/7 0.002s, tl=..., latency=..., n=..., sd=..., nps=...,
//     hashfull=..., tbhits=..., pv="...", line="..."}" with the figures asked for, in that order,
//     "{book}" for book moves, and the reason the game ended after the last move's figures;
//   * min: the roster with SetUp/FEN and Variant, no comments.
// fastchess's EngineWhiteName/Author and ECO/Opening tags are not written (arbiter keeps no ECO
// table, and the database does not keep the engines' own names).
//
// The text comes from the database record alone (game row, its stored PGN and its moves), so that a
// live run and a resumed run that writes a game its file missed produce the same bytes.

#include <string>
#include <vector>

#include "db/records.h"

namespace arbiter::pgn {

enum class MoveNotation { san, lan, uci };

// `-pgnout file=F key=value...`: the notation and the figures asked for in each move's comment.
struct FastchessPgnOptions {
    MoveNotation notation = MoveNotation::san;
    // The figures written after each engine move's score, depth and time.
    bool timeleft = false;
    bool latency = false;
    bool nodes = false;
    bool seldepth = false;
    bool nps = false;
    bool hashfull = false;
    bool tbhits = false;
    bool pv = false;
    // match_line=: RE2 patterns (harness/protocol/line_pattern.h) of the engine lines kept per move
    // (MoveRecord::lines), each written as line="..." when any is given.
    std::vector<std::string> match_lines;
    bool operator==(const FastchessPgnOptions&) const = default;
};

// "san", "lan", "uci": notation='s words; parse returns false on anything else.
std::string to_string(MoveNotation notation);
bool parse_move_notation(const std::string& text, MoveNotation& notation);

// `game` must carry its moves (Database::moves_of_game) and the PGN stored with it. `minimal`
// (-pgnout min=true, shared with cutechess's layout): the tags above and the moves alone. Throws
// io::SourceError when the stored PGN does not parse and std::invalid_argument for a stored move
// that is not legal.
std::string fastchess_pgn(const db::GameRecord& game, const FastchessPgnOptions& options, bool minimal = false);

// "+0.25", "-0.10", "0.00", "+M5", "-M4": fastchess's score text (mate in plies, as it counts them).
std::string fastchess_score(const db::MoveRecord& move);

}  // namespace arbiter::pgn
