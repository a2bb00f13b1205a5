// Basic chess value types shared by the engine and the harness.
// Everything here is a plain value type: no heap, no globals.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>

namespace chess {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

// ALL_PIECES is only meaningful as a pieces()/index argument ("any type").
enum PieceType : std::uint8_t {
    NO_PIECE_TYPE = 0,
    ALL_PIECES = 0,
    PAWN = 1,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    PIECE_TYPE_NB = 8
};

// Piece = color << 3 | type, so type_of/color_of are a mask and a shift.
enum Piece : std::uint8_t {
    NO_PIECE = 0,
    W_PAWN = 1,
    W_KNIGHT,
    W_BISHOP,
    W_ROOK,
    W_QUEEN,
    W_KING,
    B_PAWN = 9,
    B_KNIGHT,
    B_BISHOP,
    B_ROOK,
    B_QUEEN,
    B_KING,
    PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Square numbering: A1 = 0, B1 = 1, ..., H1 = 7, A2 = 8, ..., H8 = 63.
enum Square : std::int8_t {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
    SQ_NONE = 64,
    SQUARE_NB = 64
};

enum File : std::uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_NB };
enum Rank : std::uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_NB };

enum Direction : int {
    NORTH = 8,
    EAST = 1,
    SOUTH = -8,
    WEST = -1,
    NORTH_EAST = 9,
    NORTH_WEST = 7,
    SOUTH_EAST = -7,
    SOUTH_WEST = -9
};

constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s >= A1 && s <= H8; }
// Mirror vertically for Black: relative_rank(BLACK, RANK_8) == RANK_1.
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

constexpr Square operator+(Square s, Direction d) { return Square(int(s) + int(d)); }
constexpr Square operator-(Square s, Direction d) { return Square(int(s) - int(d)); }
constexpr Square& operator++(Square& s) { return s = Square(int(s) + 1); }
constexpr File& operator++(File& f) { return f = File(int(f) + 1); }
constexpr Rank& operator++(Rank& r) { return r = Rank(int(r) + 1); }
constexpr Rank& operator--(Rank& r) { return r = Rank(int(r) - 1); }
constexpr PieceType& operator++(PieceType& pt) { return pt = PieceType(int(pt) + 1); }

// Castling rights as a 4-bit set. Each right is tied to a specific rook square held by the
// Position (Position::castling_rook_square), which is how Chess960 is supported.
enum CastlingRights : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    KING_SIDE = WHITE_OO | BLACK_OO,
    QUEEN_SIDE = WHITE_OOO | BLACK_OOO,
    WHITE_CASTLING = WHITE_OO | WHITE_OOO,
    BLACK_CASTLING = BLACK_OO | BLACK_OOO,
    ANY_CASTLING = 15,
    CASTLING_RIGHT_NB = 16
};

constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) { return CastlingRights(int(a) | int(b)); }
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) { return CastlingRights(int(a) & int(b)); }
constexpr CastlingRights operator~(CastlingRights a) { return CastlingRights(~int(a) & 15); }
constexpr CastlingRights& operator|=(CastlingRights& a, CastlingRights b) { return a = a | b; }
constexpr CastlingRights& operator&=(CastlingRights& a, CastlingRights b) { return a = a & b; }
// The single right for (color, side): side_king == true -> OO.
constexpr CastlingRights castling_right(Color c, bool king_side) {
    return CastlingRights((king_side ? WHITE_OO : WHITE_OOO) << (2 * c));
}

// Move: 16 bits.
//   bits  0- 5  from square
//   bits  6-11  to square
//   bits 12-13  promotion piece type minus KNIGHT (0=N, 1=B, 2=R, 3=Q; only meaningful for PROMOTION)
//   bits 14-15  kind: 0 NORMAL, 1 PROMOTION, 2 EN_PASSANT, 3 CASTLING
// Castling is encoded as "king captures own rook": from = king square, to = rook square. This
// makes Chess960 and standard chess identical internally; to_uci() converts to e1g1 for standard.
// Move::none() (raw 0) and Move::null() (raw 65, from == to == B1) are never legal moves.
class Move {
public:
    enum Kind : std::uint16_t { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
    constexpr Move(Square from, Square to, Kind kind, PieceType promo = KNIGHT)
        : data_(std::uint16_t(from | (to << 6) | ((promo - KNIGHT) << 12) | kind)) {}

    static constexpr Move none() { return Move(); }
    static constexpr Move null() { return Move(std::uint16_t(65)); }

    constexpr Square from() const { return Square(data_ & 0x3F); }
    constexpr Square to() const { return Square((data_ >> 6) & 0x3F); }
    constexpr Kind kind() const { return Kind(data_ & (3 << 14)); }
    constexpr PieceType promotion_type() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return data_; }
    // True for anything that is not none() / null(); says nothing about legality.
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return data_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t data_ = 0;
};

// Fixed-capacity list; 256 exceeds the known maximum of 218 legal moves in any position.
class MoveList {
public:
    static constexpr std::size_t kCapacity = 256;

    Move* begin() { return moves_; }
    Move* end() { return last_; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return last_; }
    std::size_t size() const { return std::size_t(last_ - moves_); }
    bool empty() const { return last_ == moves_; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    void push_back(Move m) {
        assert(size() < kCapacity);
        *last_++ = m;
    }
    void clear() { last_ = moves_; }
    bool contains(Move m) const {
        for (const Move* p = moves_; p != last_; ++p)
            if (*p == m) return true;
        return false;
    }
    // For generators that write through a raw pointer: set_end(generate_xxx(pos, list.data())).
    Move* data() { return moves_; }
    void set_end(Move* end) {
        assert(end >= moves_ && end <= moves_ + kCapacity);
        last_ = end;
    }

    MoveList() = default;
    MoveList(const MoveList& other) { *this = other; }
    MoveList& operator=(const MoveList& other) {
        last_ = moves_;
        for (Move m : other) *last_++ = m;
        return *this;
    }

private:
    Move moves_[kCapacity];
    Move* last_ = moves_;
};

}  // namespace chess
