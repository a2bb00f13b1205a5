// Zobrist hashing with the Polyglot opening-book constants, so that for standard chess
// Position::key() is exactly the Polyglot book key.
//
// Polyglot layout of the 781 published Random64 values:
//   [0, 768)   piece-square: 64 * kind + 8 * rank + file, kind = 2 * type_index + (white ? 1 : 0),
//              type_index pawn=0 knight=1 bishop=2 rook=3 queen=4 king=5 (so black pawn = 0).
//   768..771   castling: white short, white long, black short, black long.
//   772..779   en-passant file a..h (only xored when a pawn of the side to move can capture e.p.).
//   780        side to move: xored when WHITE is to move.
// For Chess960 we key castling by right (short/long per color), with the same four constants.
#pragma once

#include <array>
#include <cstdint>

#include "engine/chess/types.h"

namespace chess::zobrist {

// Entry i of the raw published table (Polyglot "book_format.html" Random64[781]), 0 <= i < 781.
Key polyglot_random64(int index);

namespace detail {
// Compile-time constants derived from the Polyglot table (constant-initialised: no init order issue).
extern const std::array<std::array<Key, SQUARE_NB>, PIECE_NB> piece_square;  // 0 for NO_PIECE etc.
extern const std::array<Key, CASTLING_RIGHT_NB> castling;                    // xor over the rights in the set
extern const std::array<Key, FILE_NB> en_passant;
extern const Key white_to_move;
}  // namespace detail

inline Key piece_square(Piece pc, Square s) { return detail::piece_square[pc][s]; }
// Xor of the keys of every right set in cr.
inline Key castling(CastlingRights cr) { return detail::castling[cr]; }
inline Key en_passant_file(File f) { return detail::en_passant[f]; }
inline Key white_to_move() { return detail::white_to_move; }

}  // namespace chess::zobrist
