// Move notation: SAN and UCI (long algebraic) strings, square names.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/chess/position.h"
#include "engine/chess/types.h"

namespace chess {

// Thrown by parse_san / parse_uci / parse_square. The message quotes the input and says why
// (malformed, illegal, ambiguous).
class MoveParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

std::string square_name(Square s);           // "e4"; "-" for SQ_NONE
Square parse_square(std::string_view text);  // "e4" -> E4; throws MoveParseError

// SAN of a legal move in pos: piece letter, minimal disambiguation (file, else rank, else both),
// 'x' for captures, "=Q" promotions, "O-O"/"O-O-O", and a trailing '+' or '#'.
std::string to_san(const Position& pos, Move m);

// Parses SAN for the side to move. Accepts: "O-O"/"0-0"/"O-O-O"/"0-0-0", "e8=Q" and "e8Q",
// an optional 'x', over-disambiguation ("Ng1f3", "Nge2"), and trailing check/mate marks and
// annotations (+ # ! ? !! ?? !? ?!). Throws MoveParseError if malformed, illegal or ambiguous.
// In Chess960 a king move onto its own rook's square is not SAN; use O-O / O-O-O.
Move parse_san(const Position& pos, std::string_view san);

// UCI long algebraic: "e2e4", "e7e8q". Castling: standard -> king destination ("e1g1");
// chess960 -> king takes rook ("e1h1"). Move::none() -> "0000", Move::null() -> "0000".
std::string to_uci(Move m, bool chess960);
inline std::string to_uci(const Position& pos, Move m) { return to_uci(m, pos.chess960()); }

// Parses a UCI move and returns the matching legal move of pos; throws MoveParseError otherwise.
// Standard mode also accepts king-to-own-rook castling ("e1h1") for robustness; Chess960 mode
// accepts only king-takes-rook.
Move parse_uci(const Position& pos, std::string_view uci);

}  // namespace chess
