// chess rules core — API overview
// ==============================
// Library target `chess`, namespace `chess`. Include paths are "chess/<header>.h".
//
//   types.h     Color, PieceType, Piece, Square (A1=0..H8=63), File, Rank, Bitboard, Key,
//               CastlingRights, Move (16-bit, layout documented there), MoveList (capacity 256).
//   bitboard.h  attacks_bb<PT>(sq, occ), pawn_attacks_bb, between_bb, line_bb, popcount/lsb/pop_lsb.
//   zobrist.h   Polyglot Random64 keys: Position::key() == Polyglot book key for standard chess.
//   position.h  Position (this file): FEN in/out, make/unmake, attacks, legality, draw rules,
//               adjudicate().
//   movegen.h   generate_legal / generate_noisy / generate_quiets / generate_evasions /
//               generate_pseudo_legal, count_legal.
//   san.h       to_san / parse_san, to_uci / parse_uci, square names; MoveParseError.
//   perft.h     perft / perft_divide (Stockfish "go perft" output format).
//
// Typical use:
//   chess::Position pos;                                    // start position
//   pos.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");    // throws chess::FenError
//   chess::MoveList moves; chess::generate_legal(pos, moves);
//   for (chess::Move m : moves) { pos.make_move(m); ...; pos.unmake_move(m); }
//   chess::Move m = chess::parse_san(pos, "O-O");           // throws chess::MoveParseError
//   std::string uci = chess::to_uci(m, pos.chess960());     // "e1g1" ("e1h1" in Chess960)
//   chess::Termination t = chess::adjudicate(pos);
//
// Castling is stored as "king captures own rook" and castling rights are tied to rook squares,
// so Chess960 works from the start; the chess960() flag only changes notation (FEN castling
// letters, UCI castling moves).
// A Position keeps its own history (state stack) so that repetition detection works across the
// moves made on it; copying a Position copies that history (a search thread can take a copy).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/bitboard.h"
#include "engine/chess/types.h"

namespace chess {

// Thrown by Position::set_fen for malformed or illegal FEN. The message names the field, e.g.
// "FEN field 2 (side to move): expected 'w' or 'b', got 'x'".
// The largest move counters a FEN may carry (fields 5 and 6); fen() writes no larger ones.
inline constexpr int kMaxFenHalfmoveClock = 9999;
inline constexpr int kMaxFenFullmoveNumber = 99999;

class FenError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Per-ply state, pushed by make_move and popped by unmake_move. Public so that tests and tools
// can inspect it, but engine code should use the Position accessors.
struct StateInfo {
    // Carried over from the previous ply, then updated.
    Key pawn_key = 0;
    CastlingRights castling = NO_CASTLING;
    Square ep_square = SQ_NONE;
    int rule50 = 0;
    int plies_from_null = 0;
    // Recomputed for the new position.
    Key key = 0;
    Move move;                  // move that led to this state (none for the root)
    Piece captured = NO_PIECE;  // piece captured by that move
    Bitboard checkers = 0;
    Bitboard blockers[COLOR_NB]{};            // pieces (either color) shielding the king of that color
    Bitboard pinners[COLOR_NB]{};             // sliders of ~color pinning a piece to the king of that color
    Bitboard check_squares[PIECE_TYPE_NB]{};  // squares where a side-to-move piece would give check
};

class Position {
public:
    Position();  // standard start position
    // Throws FenError. chess960 = true enables X-FEN/Shredder castling letters and 960 notation.
    explicit Position(std::string_view fen, bool chess960 = false);

    // Strict FEN parse (see fen.cpp for every check). Accepts FEN without the two move counters
    // (defaults "0 1"). On error throws FenError and leaves *this unchanged. Clears the history.
    void set_fen(std::string_view fen, bool chess960 = false);
    // Standard FEN for standard chess (castling "KQkq"); for Chess960, Shredder-FEN castling
    // letters (file letters, e.g. "HAha"). The e.p. square is written only when an e.p. capture is
    // pseudo-legal (same rule as the key), so "e3" after 1.e4 in the start position is written "-".
    std::string fen() const;
    // X-FEN, as cutechess writes Chess960 positions in PGN: a right whose rook is the outermost
    // rook of its colour on that side of the king is K/Q/k/q, any other its file letter. Equal to
    // fen() for standard chess.
    std::string xfen() const;

    // ---- board ----
    Color side_to_move() const { return side_; }
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Piece moved_piece(Move m) const { return board_[m.from()]; }
    Bitboard pieces() const { return by_type_[ALL_PIECES]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & pieces(a, b); }
    int count(Piece pc) const { return piece_count_[pc]; }
    int count(Color c, PieceType pt) const { return piece_count_[make_piece(c, pt)]; }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    bool chess960() const { return chess960_; }

    // ---- castling / en passant ----
    CastlingRights castling_rights() const { return st().castling; }
    bool can_castle(CastlingRights cr) const { return st().castling & cr; }
    // Rook square of one single right (e.g. WHITE_OO); SQ_NONE if never set up.
    Square castling_rook_square(CastlingRights single) const { return castling_rook_sq_[single]; }
    // True if any square the king or rook must cross (excluding themselves) is occupied.
    bool castling_impeded(CastlingRights single) const { return pieces() & castling_path_[single]; }
    // Set only when a pawn of the side to move attacks it (Polyglot rule); SQ_NONE otherwise.
    Square ep_square() const { return st().ep_square; }

    // ---- attacks, checks, pins ----
    Bitboard checkers() const { return st().checkers; }
    bool in_check() const { return st().checkers != 0; }
    // Pieces of either color that block a slider attack on c's king (pins and discovered checks).
    Bitboard blockers_for_king(Color c) const { return st().blockers[c]; }
    // Pieces of c pinned to c's own king.
    Bitboard pinned(Color c) const { return st().blockers[c] & by_color_[c]; }
    // Enemy sliders that pin a piece to c's king.
    Bitboard pinners(Color c) const { return st().pinners[c]; }
    // Squares from which a piece of type pt of the side to move would attack the enemy king.
    Bitboard check_squares(PieceType pt) const { return st().check_squares[pt]; }
    // Pieces of both colors attacking s with the given occupancy (default: the current one).
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    bool is_attacked_by(Color attacker, Square s) const { return attackers_to(s) & by_color_[attacker]; }

    // ---- move properties ----
    // Safe for ANY 16-bit value (e.g. a move from a hash table): true iff m is one of the moves the
    // pseudo-legal generators (noisy + quiets, or evasions when in check) produce here.
    bool is_pseudo_legal(Move m) const;
    // Precondition: m is pseudo-legal. True iff it does not leave the own king attacked (castling:
    // also checks the king's path).
    bool is_legal(Move m) const;
    // Precondition: m is pseudo-legal (legality not required).
    bool gives_check(Move m) const;
    bool is_capture(Move m) const {  // includes en passant; castling is not a capture
        return (!empty(m.to()) && m.kind() != Move::CASTLING) || m.kind() == Move::EN_PASSANT;
    }
    bool is_promotion(Move m) const { return m.kind() == Move::PROMOTION; }
    bool is_capture_or_promotion(Move m) const { return is_capture(m) || is_promotion(m); }
    Piece captured_piece() const { return st().captured; }  // by the last move made
    Move last_move() const { return st().move; }

    // ---- making moves ----
    // Precondition: m is legal. unmake_move(m) must be given the last move made. The two-argument
    // form lets search reuse a gives_check(m) it already computed; passing anything else corrupts
    // the checkers.
    void make_move(Move m) { make_move(m, gives_check(m)); }
    void make_move(Move m, bool gives_check);
    void unmake_move(Move m);
    // Pass the move (search only). Precondition: not in check.
    void make_null();
    void unmake_null();

    // ---- keys and counters ----
    Key key() const { return st().key; }            // Polyglot key (incremental)
    Key pawn_key() const { return st().pawn_key; }  // pawns only (Polyglot piece-square values)
    Key compute_key() const;                        // key() recomputed from scratch (for tests)
    Key compute_pawn_key() const;
    int rule50() const { return st().rule50; }  // half-moves since last capture or pawn move
    int game_ply() const { return game_ply_; }  // 0 at the start of a game, +1 per half-move
    int fullmove_number() const { return 1 + game_ply_ / 2; }
    int plies_from_null() const { return st().plies_from_null; }
    int history_size() const { return int(states_.size()) - 1; }  // moves made since set_fen

    // ---- draw rules and game end ----
    // Earlier occurrences (same key, same side to move) of the current position, looking back over
    // reversible moves only (bounded by rule50 and by the last null move) and only as far as the
    // history made on this Position reaches.
    int repetition_count() const;
    // FIDE threefold: the current position occurred at least twice before.
    bool is_threefold_repetition() const { return repetition_count() >= 2; }
    // Search variant: true if the current position occurred earlier at a ply strictly after the
    // search root (distance < plies_from_root; one recurrence inside the tree is enough), or
    // occurred at least twice before in total (the game history counts too).
    bool is_repetition(int plies_from_root) const;
    // rule50() >= 100. The caller must check for mate first: a mate delivered on the 100th
    // half-move wins (FIDE 9.3); adjudicate() does that.
    bool is_fifty_move_draw() const { return st().rule50 >= 100; }
    // Dead positions counted (any pawn, rook or queen on the board => false):
    //   K v K; K+N v K; K+B v K; and positions where all non-king pieces are bishops standing on
    //   squares of one color (covers K+B v K+B same-colored bishops, and more such bishops).
    // Not counted (not always dead): K+N+N v K, K+N v K+N, K+B v K+N, opposite-colored bishops.
    bool is_insufficient_material() const;
    bool has_legal_moves() const;
    // This position with no moves behind it: the board and the current state only. Cheap where
    // a full copy would copy the game's whole history; its repetition counts start afresh.
    Position without_history() const;
    bool is_checkmate() const { return in_check() && !has_legal_moves(); }
    bool is_stalemate() const { return !in_check() && !has_legal_moves(); }

    // ---- debugging ----
    std::string pretty() const;    // ASCII board + FEN + key
    std::string validate() const;  // "" if all internal structures agree, else a description

private:
    friend class FenParser;
    struct EmptyTag {};
    explicit Position(EmptyTag) {}
    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }
    void clear();
    void put_piece(Piece pc, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void set_castling_right(Color c, Square rook_sq);
    void set_check_info(StateInfo& si) const;
    void set_state(StateInfo& si) const;
    Bitboard slider_blockers(Bitboard sliders, Square target, Bitboard& pinners) const;
    bool ep_capture_possible(Square ep, Color us) const;
    template <bool Do>
    void do_castling(Color us, Square king_from, Square& to, Square& rook_from, Square& rook_to);

    Piece board_[SQUARE_NB];
    Bitboard by_type_[PIECE_TYPE_NB];
    Bitboard by_color_[COLOR_NB];
    int piece_count_[PIECE_NB];
    CastlingRights castling_mask_[SQUARE_NB];  // rights lost when a piece moves from/to the square
    Square castling_rook_sq_[CASTLING_RIGHT_NB];
    Bitboard castling_path_[CASTLING_RIGHT_NB];
    Color side_ = WHITE;
    int game_ply_ = 0;
    bool chess960_ = false;
    std::vector<StateInfo> states_;  // states_.back() is the current state; never empty
};

// True when `fen` can only be read as Chess960: its castling field names a rook by file
// (Shredder-FEN, X-FEN for an inner rook), or gives K/Q/k/q for a king off the e-file or a rook
// off the a- and h-files (X-FEN of a Chess960 start). False for anything unreadable: the caller's
// strict parse reports that.
bool fen_needs_chess960(std::string_view fen);

// Why a game is over, as far as the position alone can tell.
enum class Termination : std::uint8_t { None, Checkmate, Stalemate, Threefold, FiftyMove, InsufficientMaterial };

// Checked in this order: checkmate, stalemate, insufficient material, threefold repetition,
// fifty-move rule (so mate on the 100th half-move is reported as Checkmate).
Termination adjudicate(const Position& pos);
// "none", "checkmate", "stalemate", "threefold", "fifty-move", "insufficient-material".
const char* to_string(Termination t);

}  // namespace chess
