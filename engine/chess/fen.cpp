// Strict FEN reading and FEN writing.
//
// Reading rejects anything malformed or illegal with a FenError naming the field:
//   1 piece placement: 8 ranks of exactly 8 squares, only "pnbrqkPNBRQK1-8", no two digits in a
//     row; exactly one king per side, no pawns on rank 1 or 8, at most 16 pieces / 8 pawns a side.
//   2 side to move: 'w' or 'b'; the side NOT to move must not be in check.
//   3 castling: '-' or up to four of KQkq (outermost rook on that side, as in X-FEN) and
//     A-H / a-h (Shredder-FEN / X-FEN rook file); king on its back rank with the rook on it;
//     one right per color and side. Without chess960, only king e1/e8 with rooks a/h.
//   4 en passant: '-' or a square on rank 6 (white to move) / rank 3 (black to move), empty,
//     with the square behind it empty and an enemy pawn in front of it.
//   5 halfmove clock: 0..kMaxFenHalfmoveClock;  6 fullmove number: 1..kMaxFenFullmoveNumber.
//     Fields 5 and 6 may both be absent.
// Writing keeps the two counters within those ranges: moves played from a FEN at the limit count
// past it, and what fen() writes must always read back.
#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "engine/chess/position.h"
#include "engine/chess/san.h"

namespace chess {

namespace {

const char* const kFieldNames[] = {"",           "piece placement", "side to move",   "castling",
                                   "en passant", "halfmove clock",  "fullmove number"};

[[noreturn]] void fail(int field, const std::string& what) {
    throw FenError("FEN field " + std::to_string(field) + " (" + kFieldNames[field] + "): " + what);
}

std::vector<std::string_view> split_fields(std::string_view fen) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < fen.size()) {
        while (i < fen.size() && std::isspace(static_cast<unsigned char>(fen[i]))) ++i;
        const std::size_t start = i;
        while (i < fen.size() && !std::isspace(static_cast<unsigned char>(fen[i]))) ++i;
        if (i > start) fields.push_back(fen.substr(start, i - start));
    }
    return fields;
}

Piece piece_from_char(char c) {
    const std::string_view letters = "PNBRQK";
    const std::size_t i = letters.find(char(std::toupper(static_cast<unsigned char>(c))));
    if (i == std::string_view::npos) return NO_PIECE;
    return make_piece(std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK, PieceType(i + 1));
}

int parse_counter(std::string_view text, int field, int min, int max) {
    if (text.empty() || text.size() > 5) fail(field, "expected a number, got '" + std::string(text) + "'");
    int value = 0;
    for (char c : text) {
        if (!std::isdigit(static_cast<unsigned char>(c)))
            fail(field, "expected a number, got '" + std::string(text) + "'");
        value = value * 10 + (c - '0');
    }
    if (value < min || value > max)
        fail(field,
             "value " + std::to_string(value) + " out of range " + std::to_string(min) + ".." + std::to_string(max));
    return value;
}

const char* color_name(Color c) { return c == WHITE ? "white" : "black"; }

}  // namespace

// Builds a Position from scratch; friend of Position so it can use the setup primitives.
class FenParser {
public:
    FenParser(std::string_view fen, bool chess960) : fen_(fen), chess960_(chess960) {}

    void parse(Position& pos) {
        const std::vector<std::string_view> f = split_fields(fen_);
        if (f.size() != 4 && f.size() != 6)
            throw FenError("FEN: expected 4 or 6 space-separated fields, got " + std::to_string(f.size()) + " in '" +
                           std::string(fen_) + "'");
        pos.clear();
        pos.chess960_ = chess960_;
        parse_placement(pos, f[0]);
        parse_side(pos, f[1]);
        parse_castling(pos, f[2]);
        parse_en_passant(pos, f[3]);
        const int rule50 = f.size() == 6 ? parse_counter(f[4], 5, 0, kMaxFenHalfmoveClock) : 0;
        const int fullmove = f.size() == 6 ? parse_counter(f[5], 6, 1, kMaxFenFullmoveNumber) : 1;
        pos.st().rule50 = rule50;
        pos.game_ply_ = 2 * (fullmove - 1) + (pos.side_ == BLACK ? 1 : 0);
        pos.set_state(pos.st());
        if (pos.attackers_to(pos.king_square(~pos.side_)) & pos.pieces(pos.side_))
            fail(2, std::string("the side not to move (") + color_name(~pos.side_) + ") is in check");
    }

private:
    static void parse_placement(Position& pos, std::string_view text) {
        int rank = RANK_8, file = 0;
        bool last_was_digit = false;
        for (char c : text) {
            if (c == '/') {
                if (file != 8)
                    fail(1,
                         "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, expected 8");
                if (--rank < RANK_1) fail(1, "more than 8 ranks");
                file = 0;
                last_was_digit = false;
                continue;
            }
            if (c >= '1' && c <= '8') {
                if (last_was_digit) fail(1, "two digits in a row in rank " + std::to_string(rank + 1));
                file += c - '0';
                last_was_digit = true;
            } else {
                const Piece pc = piece_from_char(c);
                if (pc == NO_PIECE) fail(1, std::string("invalid character '") + c + "'");
                if (file < 8) pos.put_piece(pc, make_square(File(file), Rank(rank)));
                ++file;
                last_was_digit = false;
            }
            if (file > 8) fail(1, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
        }
        if (rank != RANK_1) fail(1, "expected 8 ranks separated by '/', got " + std::to_string(8 - rank));
        if (file != 8) fail(1, "rank 1 has " + std::to_string(file) + " squares, expected 8");
        check_material(pos);
    }

    static void check_material(const Position& pos) {
        for (Color c : {WHITE, BLACK}) {
            if (pos.count(c, KING) != 1)
                fail(1,
                     std::string(color_name(c)) + " has " + std::to_string(pos.count(c, KING)) + " kings, expected 1");
            if (pos.count(c, PAWN) > 8) fail(1, std::string(color_name(c)) + " has more than 8 pawns");
            if (popcount(pos.pieces(c)) > 16) fail(1, std::string(color_name(c)) + " has more than 16 pieces");
        }
        const Bitboard back_ranks = rank_bb(RANK_1) | rank_bb(RANK_8);
        if (pos.pieces(PAWN) & back_ranks) fail(1, "pawn on " + square_name(lsb(pos.pieces(PAWN) & back_ranks)));
    }

    static void parse_side(Position& pos, std::string_view text) {
        if (text != "w" && text != "b") fail(2, "expected 'w' or 'b', got '" + std::string(text) + "'");
        pos.side_ = text == "w" ? WHITE : BLACK;
    }

    void parse_castling(Position& pos, std::string_view text) const {
        if (text == "-") return;
        if (text.size() > 4) fail(3, "more than four rights in '" + std::string(text) + "'");
        for (char c : text) {
            const Color color = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
            const Square rook = castling_rook_for(pos, c, color);
            const CastlingRights right = castling_right(color, rook > pos.king_square(color));
            if (pos.can_castle(right)) fail(3, std::string("right '") + c + "' given twice for the same side");
            pos.set_castling_right(color, rook);
        }
    }

    // Resolves one castling letter to the rook square it refers to, validating the setup.
    Square castling_rook_for(const Position& pos, char c, Color color) const {
        const char upper = char(std::toupper(static_cast<unsigned char>(c)));
        const std::string letter = std::string("'") + c + "'";
        if (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H')) fail(3, "invalid character " + letter);
        const Rank back = relative_rank(color, RANK_1);
        const Square king = pos.king_square(color);
        if (rank_of(king) != back)
            fail(3,
                 "right " + letter + " needs the " + color_name(color) + " king on rank " + std::to_string(back + 1));
        const Bitboard rooks = pos.pieces(color, ROOK) & rank_bb(back);
        const Bitboard king_side = rooks & ~(square_bb(king) * 2 - 1);  // squares above the king
        const Bitboard queen_side = rooks & (square_bb(king) - 1);
        Square rook = SQ_NONE;
        if (upper == 'K' && king_side) rook = msb(king_side);         // outermost (X-FEN)
        else if (upper == 'Q' && queen_side) rook = lsb(queen_side);  // outermost (X-FEN)
        else if (upper >= 'A' && upper <= 'H' && (rooks & square_bb(make_square(File(upper - 'A'), back))))
            rook = make_square(File(upper - 'A'), back);
        if (rook == SQ_NONE)
            fail(3, "right " + letter + " has no " + color_name(color) + " rook on the matching square of rank " +
                        std::to_string(back + 1));
        if (!chess960_ && (file_of(king) != FILE_E || (file_of(rook) != FILE_A && file_of(rook) != FILE_H)))
            fail(3, "right " + letter + " needs king on the e-file and rook on the a- or h-file (standard chess)");
        return rook;
    }

    static void parse_en_passant(Position& pos, std::string_view text) {
        if (text == "-") return;
        const Color us = pos.side_;
        if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
            fail(4, "expected '-' or a square, got '" + std::string(text) + "'");
        const Square ep = make_square(File(text[0] - 'a'), Rank(text[1] - '1'));
        const Rank expected = relative_rank(us, RANK_6);
        if (rank_of(ep) != expected)
            fail(4, "'" + std::string(text) + "' is not on rank " + std::to_string(expected + 1) + " (" +
                        color_name(us) + " to move)");
        const Square pawn_sq = ep - pawn_push(us);
        if (pos.piece_on(pawn_sq) != make_piece(~us, PAWN) || !pos.empty(ep) || !pos.empty(ep + pawn_push(us)))
            fail(4, "'" + std::string(text) + "' does not follow a " + color_name(~us) + " double pawn push");
        // Polyglot rule: keep the square only if a pawn of the side to move can capture there.
        if (pos.ep_capture_possible(ep, us)) pos.st().ep_square = ep;
    }

    std::string_view fen_;
    bool chess960_;
};

void Position::set_fen(std::string_view fen, bool chess960) {
    Position fresh{EmptyTag{}};
    FenParser(fen, chess960).parse(fresh);
    *this = std::move(fresh);
}

namespace {

enum class CastlingLetters { Standard, Shredder, XFen };

// True when another rook of the castling rook's colour stands farther out on that side.
bool has_outer_rook(const Position& pos, Square rook, bool king_side) {
    const Color color = color_of(pos.piece_on(rook));
    const Bitboard rooks = pos.pieces(color, ROOK) & rank_bb(rank_of(rook));
    const Bitboard beyond = king_side ? ~(square_bb(rook) * 2 - 1) : square_bb(rook) - 1;
    return rooks & beyond;
}

std::string castling_field(const Position& pos, CastlingLetters letters) {
    const CastlingRights order[] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
    const char standard[] = {'K', 'Q', 'k', 'q'};
    std::string field;
    for (int i = 0; i < 4; ++i) {
        if (!pos.can_castle(order[i])) continue;
        const Square rook = pos.castling_rook_square(order[i]);
        const bool king_side = i % 2 == 0;
        const bool by_file = letters == CastlingLetters::Shredder ||
                             (letters == CastlingLetters::XFen && has_outer_rook(pos, rook, king_side));
        const char file_letter = char((i < 2 ? 'A' : 'a') + file_of(rook));
        field += by_file ? file_letter : standard[i];
    }
    return field.empty() ? "-" : field;
}

// Built with appends, not a stream: the match runner writes a FEN after every capture and pawn
// move, and a stringstream costs ten times as much.
std::string fen_with(const Position& pos, CastlingLetters letters) {
    static constexpr char kPieceChars[] = " PNBRQK  pnbrqk";
    std::string out;
    out.reserve(96);
    for (int r = RANK_8; r >= RANK_1; --r) {
        char empty_run = 0;
        for (int f = FILE_A; f <= FILE_H; ++f) {
            const Piece pc = pos.piece_on(make_square(File(f), Rank(r)));
            if (pc == NO_PIECE) {
                ++empty_run;
                continue;
            }
            if (empty_run) out += static_cast<char>('0' + empty_run);
            empty_run = 0;
            out += kPieceChars[pc];
        }
        if (empty_run) out += static_cast<char>('0' + empty_run);
        if (r > RANK_1) out += '/';
    }
    out += pos.side_to_move() == WHITE ? " w " : " b ";
    out += castling_field(pos, letters);
    out += ' ';
    out += square_name(pos.ep_square());
    out += ' ';
    out += std::to_string(std::min(pos.rule50(), kMaxFenHalfmoveClock));
    out += ' ';
    out += std::to_string(std::min(pos.fullmove_number(), kMaxFenFullmoveNumber));
    return out;
}

}  // namespace

std::string Position::fen() const {
    return fen_with(*this, chess960_ ? CastlingLetters::Shredder : CastlingLetters::Standard);
}

std::string Position::xfen() const {
    return fen_with(*this, chess960_ ? CastlingLetters::XFen : CastlingLetters::Standard);
}

bool fen_needs_chess960(std::string_view fen) {
    Position pos;
    try {
        pos.set_fen(fen, true);
    } catch (const FenError&) {
        return false;
    }
    const CastlingRights rights[] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
    for (const CastlingRights right : rights) {
        if (!pos.can_castle(right)) continue;
        const Color color = right == WHITE_OO || right == WHITE_OOO ? WHITE : BLACK;
        const File rook_file = file_of(pos.castling_rook_square(right));
        const bool king_side = right == WHITE_OO || right == BLACK_OO;
        if (file_of(pos.king_square(color)) != FILE_E || rook_file != (king_side ? FILE_H : FILE_A)) return true;
    }
    // Standard squares named by file ("HAha") still read as Chess960, as the letters ask.
    std::istringstream fields{std::string(fen)};
    std::string placement, side, castling;
    fields >> placement >> side >> castling;
    return castling.find_first_not_of("KQkq-") != std::string::npos;
}

}  // namespace chess
