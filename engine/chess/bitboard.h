// Bitboards and precomputed attack tables.
//
// The tables are filled exactly once (std::call_once inside bitboards_init(), which also runs from a
// static initializer in bitboard.cpp and from every Position constructor), and are read-only
// afterwards. Slider attacks use magic bitboards whose magics are searched at start-up with a
// fixed-seed PRNG (deterministic, ~ a few ms); with TEMPO_USE_PEXT (CMake -DTEMPO_PEXT=ON) the
// index is computed with BMI2 pext instead of the magic multiply.
#pragma once

#include <bit>
#include <string>

#include "engine/chess/types.h"

#ifdef TEMPO_USE_PEXT
#include <immintrin.h>
#endif

namespace chess {

// Idempotent and thread-safe; cheap after the first call.
void bitboards_init();

constexpr Bitboard kFileABB = 0x0101010101010101ULL;
constexpr Bitboard kRank1BB = 0xFFULL;
constexpr Bitboard kAllSquares = ~Bitboard(0);
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;  // a1 is dark
constexpr Bitboard kLightSquares = ~kDarkSquares;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(File f) { return kFileABB << f; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Rank r) { return kRank1BB << (8 * r); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

inline int popcount(Bitboard b) { return std::popcount(b); }
// lsb/msb of an empty bitboard is undefined (asserted in debug builds).
inline Square lsb(Bitboard b) {
    assert(b);
    return Square(std::countr_zero(b));
}
inline Square msb(Bitboard b) {
    assert(b);
    return Square(63 - std::countl_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shift every square one step in direction D, dropping squares that would wrap around a board edge.
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
    constexpr Bitboard notA = ~kFileABB, notH = ~(kFileABB << 7);
    if constexpr (D == NORTH) return b << 8;
    else if constexpr (D == SOUTH) return b >> 8;
    else if constexpr (D == EAST) return (b & notH) << 1;
    else if constexpr (D == WEST) return (b & notA) >> 1;
    else if constexpr (D == NORTH_EAST) return (b & notH) << 9;
    else if constexpr (D == NORTH_WEST) return (b & notA) << 7;
    else if constexpr (D == SOUTH_EAST) return (b & notH) >> 7;
    else return (b & notA) >> 9;  // SOUTH_WEST
}

// All squares attacked by the pawns in b (of color C).
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
    return C == WHITE ? shift<NORTH_WEST>(b) | shift<NORTH_EAST>(b) : shift<SOUTH_WEST>(b) | shift<SOUTH_EAST>(b);
}

namespace detail {
// One entry per (slider kind, square). mask = relevant occupancy (board edges excluded).
struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;
    unsigned index(Bitboard occupied) const {
#ifdef TEMPO_USE_PEXT
        return unsigned(_pext_u64(occupied, mask));
#else
        return unsigned(((occupied & mask) * magic) >> shift);
#endif
    }
};
extern Magic rook_magics[SQUARE_NB];
extern Magic bishop_magics[SQUARE_NB];
extern Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
extern Bitboard pseudo_attacks[PIECE_TYPE_NB][SQUARE_NB];  // empty-board attacks; KNIGHT..KING
extern Bitboard between[SQUARE_NB][SQUARE_NB];
extern Bitboard line[SQUARE_NB][SQUARE_NB];
extern int square_distance[SQUARE_NB][SQUARE_NB];
}  // namespace detail

inline Bitboard pawn_attacks_bb(Color c, Square s) { return detail::pawn_attacks[c][s]; }

// Attacks of a piece of type PT (not PAWN) on s given the occupancy.
template <PieceType PT>
inline Bitboard attacks_bb(Square s, Bitboard occupied) {
    static_assert(PT != PAWN, "use pawn_attacks_bb");
    if constexpr (PT == BISHOP) {
        const detail::Magic& m = detail::bishop_magics[s];
        return m.attacks[m.index(occupied)];
    } else if constexpr (PT == ROOK) {
        const detail::Magic& m = detail::rook_magics[s];
        return m.attacks[m.index(occupied)];
    } else if constexpr (PT == QUEEN) {
        return attacks_bb<BISHOP>(s, occupied) | attacks_bb<ROOK>(s, occupied);
    } else {
        return detail::pseudo_attacks[PT][s];
    }
}

// Empty-board attacks (KNIGHT..KING).
template <PieceType PT>
inline Bitboard attacks_bb(Square s) {
    return detail::pseudo_attacks[PT][s];
}

// Runtime piece type variant (not PAWN).
Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied);

// The squares strictly between a and b when they share a rank, file or diagonal (none otherwise),
// always plus b itself. Including b makes "block or capture the checker" a single lookup:
// between_bb(king, checker) is the evasion target mask for any single checker, even a knight.
inline Bitboard between_bb(Square a, Square b) { return detail::between[a][b]; }
// The full line (edge to edge) through a and b, or 0 if they are not aligned.
inline Bitboard line_bb(Square a, Square b) { return detail::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }
// Chebyshev (king-move) distance.
inline int distance(Square a, Square b) { return detail::square_distance[a][b]; }

// 8x8 picture of a bitboard, rank 8 first ("X" set, "." empty); for debugging and tests.
std::string pretty(Bitboard b);

}  // namespace chess
