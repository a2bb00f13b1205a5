// SAN and UCI move notation.
#include "engine/chess/san.h"

#include <cctype>

#include "engine/chess/movegen.h"

namespace chess {

namespace {

constexpr std::string_view kPieceLetters = " PNBRQK";

[[noreturn]] void fail(std::string_view input, const std::string& why, const Position& pos) {
    throw MoveParseError("cannot parse move '" + std::string(input) + "': " + why + " (position " + pos.fen() + ")");
}

bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank_char(char c) { return c >= '1' && c <= '8'; }

PieceType promotion_from_char(char c) {
    switch (c) {
        case 'N':
        case 'n': return KNIGHT;
        case 'B':
        case 'b': return BISHOP;
        case 'R':
        case 'r': return ROOK;
        case 'Q':
        case 'q': return QUEEN;
        default: return NO_PIECE_TYPE;
    }
}

// "+" or "#" for a legal move that gives check.
std::string check_suffix(const Position& pos, Move m) {
    if (!pos.gives_check(m)) return "";
    Position after = pos.without_history();
    after.make_move(m, true);
    return after.has_legal_moves() ? "+" : "#";
}

// File, rank or both, whichever first tells m apart from other same-piece moves to its square.
std::string disambiguation(const Position& pos, Move m) {
    // Only another piece of the same kind attacking the square can clash (the attack relation of
    // knights and sliders is symmetric); for most moves there is none, and no move list is needed.
    const Piece moved = pos.moved_piece(m);
    const Bitboard rivals = pos.attackers_to(m.to()) & pos.pieces(color_of(moved), type_of(moved));
    if ((rivals & ~square_bb(m.from())) == 0) return "";
    MoveList legal;
    generate_legal(pos, legal);
    bool clash = false, same_file = false, same_rank = false;
    for (Move other : legal) {
        if (other == m || other.to() != m.to() || other.from() == m.from()) continue;
        if (other.kind() == Move::CASTLING || pos.moved_piece(other) != pos.moved_piece(m)) continue;
        clash = true;
        same_file |= file_of(other.from()) == file_of(m.from());
        same_rank |= rank_of(other.from()) == rank_of(m.from());
    }
    const std::string square = square_name(m.from());
    if (!clash) return "";
    if (!same_file) return square.substr(0, 1);
    if (!same_rank) return square.substr(1, 1);
    return square;
}

// The parts of a non-castling SAN string.
struct SanParts {
    PieceType piece = PAWN;
    int from_file = -1, from_rank = -1;
    bool capture = false;
    Square to = SQ_NONE;
    PieceType promotion = NO_PIECE_TYPE;
};

SanParts split_san(std::string_view san, std::string_view input, const Position& pos) {
    SanParts p;
    if (san.size() >= 2 && promotion_from_char(san.back()) != NO_PIECE_TYPE &&
        (std::isupper(static_cast<unsigned char>(san.back())) || san[san.size() - 2] == '=')) {
        p.promotion = promotion_from_char(san.back());
        san.remove_suffix(1);
        if (!san.empty() && san.back() == '=') san.remove_suffix(1);
    }
    if (san.size() < 2 || !is_file_char(san[san.size() - 2]) || !is_rank_char(san.back()))
        fail(input, "no destination square", pos);
    p.to = parse_square(san.substr(san.size() - 2));
    san.remove_suffix(2);
    if (!san.empty() && kPieceLetters.find(san.front()) != std::string_view::npos && san.front() != ' ') {
        p.piece = PieceType(kPieceLetters.find(san.front()));
        san.remove_prefix(1);
    }
    if (!san.empty() && (san.back() == 'x' || san.back() == ':')) {
        p.capture = true;
        san.remove_suffix(1);
    }
    if (!san.empty() && is_file_char(san.front())) {
        p.from_file = san.front() - 'a';
        san.remove_prefix(1);
    }
    if (!san.empty() && is_rank_char(san.front())) {
        p.from_rank = san.front() - '1';
        san.remove_prefix(1);
    }
    if (!san.empty()) fail(input, "unexpected '" + std::string(san) + "'", pos);
    return p;
}

bool matches(const Position& pos, Move m, const SanParts& p) {
    if (m.kind() == Move::CASTLING || m.to() != p.to || type_of(pos.moved_piece(m)) != p.piece) return false;
    if (p.from_file >= 0 && file_of(m.from()) != p.from_file) return false;
    if (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank) return false;
    if (p.capture && !pos.is_capture(m)) return false;
    if (m.kind() == Move::PROMOTION) return p.promotion == m.promotion_type();
    return p.promotion == NO_PIECE_TYPE;
}

Move parse_castling(const Position& pos, std::string_view san, std::string_view input) {
    const bool king_side = san.size() == 3;
    for (Move m : [&] {
             MoveList l;
             generate_legal(pos, l);
             return l;
         }())
        if (m.kind() == Move::CASTLING && (m.to() > m.from()) == king_side) return m;
    fail(input, "castling is not legal here", pos);
}

}  // namespace

std::string square_name(Square s) {
    if (s == SQ_NONE) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view text) {
    if (text.size() != 2 || !is_file_char(text[0]) || !is_rank_char(text[1]))
        throw MoveParseError("invalid square '" + std::string(text) + "'");
    return make_square(File(text[0] - 'a'), Rank(text[1] - '1'));
}

std::string to_san(const Position& pos, Move m) {
    if (m.kind() == Move::CASTLING) return (m.to() > m.from() ? "O-O" : "O-O-O") + check_suffix(pos, m);
    const PieceType pt = type_of(pos.moved_piece(m));
    std::string san;
    if (pt == PAWN) {
        if (pos.is_capture(m)) san += square_name(m.from())[0];
    } else {
        san += kPieceLetters[pt];
        san += disambiguation(pos, m);
    }
    if (pos.is_capture(m)) san += 'x';
    san += square_name(m.to());
    if (m.kind() == Move::PROMOTION) {
        san += '=';
        san += kPieceLetters[m.promotion_type()];
    }
    return san + check_suffix(pos, m);
}

Move parse_san(const Position& pos, std::string_view input) {
    std::string_view san = input;
    while (!san.empty() && std::string_view("+#!? \t").find(san.back()) != std::string_view::npos) san.remove_suffix(1);
    if (san.empty()) fail(input, "empty move", pos);
    if (san == "O-O" || san == "0-0" || san == "O-O-O" || san == "0-0-0") return parse_castling(pos, san, input);

    const SanParts parts = split_san(san, input, pos);
    MoveList legal;
    generate_legal(pos, legal);
    Move found = Move::none();
    for (Move m : legal) {
        if (!matches(pos, m, parts)) continue;
        if (found) fail(input, "ambiguous", pos);
        found = m;
    }
    if (!found) fail(input, "no legal move matches", pos);
    return found;
}

std::string to_uci(Move m, bool chess960) {
    if (!m.is_ok()) return "0000";
    Square to = m.to();
    if (m.kind() == Move::CASTLING && !chess960) to = make_square(to > m.from() ? FILE_G : FILE_C, rank_of(m.from()));
    std::string s = square_name(m.from()) + square_name(to);
    if (m.kind() == Move::PROMOTION) s += " nbrq"[m.promotion_type() - 1];
    return s;
}

Move parse_uci(const Position& pos, std::string_view uci) {
    if (uci.size() != 4 && uci.size() != 5) fail(uci, "expected 4 or 5 characters like e2e4 or e7e8q", pos);
    const Square from = parse_square(uci.substr(0, 2));
    const Square to = parse_square(uci.substr(2, 2));
    const PieceType promo = uci.size() == 5 ? promotion_from_char(uci[4]) : NO_PIECE_TYPE;
    if (uci.size() == 5 && promo == NO_PIECE_TYPE) fail(uci, "invalid promotion piece", pos);
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal) {
        if (m.from() != from) continue;
        const bool promo_ok = m.kind() == Move::PROMOTION ? m.promotion_type() == promo : promo == NO_PIECE_TYPE;
        if (!promo_ok) continue;
        if (m.kind() == Move::CASTLING) {
            const Square king_to = make_square(m.to() > m.from() ? FILE_G : FILE_C, rank_of(m.from()));
            // Chess960: king takes rook only. Standard: king destination, or king-to-rook as a fallback.
            if (pos.chess960() ? to == m.to() : (to == king_to || to == m.to())) return m;
        } else if (m.to() == to) {
            return m;
        }
    }
    fail(uci, "not a legal move", pos);
}

}  // namespace chess
