// Move generation.
//
// generate_legal: exactly the legal moves (pins and checks handled during generation; no
// make/unmake). The others are pseudo-legal stages for a staged search; filter them with
// Position::is_legal(m). Every generator appends to `out` and returns the new end pointer; the
// MoveList overloads clear the list first. Order within a result is unspecified.
//
//   generate_noisy   (precondition: not in check) all captures (including en passant and
//                    capture-promotions) plus all non-capture promotions, all four promotion
//                    pieces (N, B, R, Q) each.
//   generate_quiets  (precondition: not in check) every other pseudo-legal move: non-capture,
//                    non-promotion moves, including double pushes and castling. Castling is
//                    emitted when the right exists and the path is empty; whether the king passes
//                    through attacked squares is left to is_legal().
//   generate_evasions (precondition: in check) all king moves to squares not occupied by own
//                    pieces (attacked squares included), plus, in single check only, every move
//                    that captures the checker or lands between it and the king: promotions (all
//                    four pieces) and an en-passant capture that removes the checking pawn or
//                    blocks. Nothing is filtered for pins or king safety: use is_legal().
//   generate_pseudo_legal  noisy + quiets, or evasions when in check.
// noisy ∪ quiets (not in check) and evasions (in check) each contain every legal move.
#pragma once

#include "engine/chess/position.h"
#include "engine/chess/types.h"

namespace chess {

Move* generate_legal(const Position& pos, Move* out);
Move* generate_noisy(const Position& pos, Move* out);
Move* generate_quiets(const Position& pos, Move* out);
Move* generate_evasions(const Position& pos, Move* out);
Move* generate_pseudo_legal(const Position& pos, Move* out);

inline void generate_legal(const Position& pos, MoveList& list) { list.set_end(generate_legal(pos, list.data())); }
inline void generate_noisy(const Position& pos, MoveList& list) { list.set_end(generate_noisy(pos, list.data())); }
inline void generate_quiets(const Position& pos, MoveList& list) { list.set_end(generate_quiets(pos, list.data())); }
inline void generate_evasions(const Position& pos, MoveList& list) {
    list.set_end(generate_evasions(pos, list.data()));
}
inline void generate_pseudo_legal(const Position& pos, MoveList& list) {
    list.set_end(generate_pseudo_legal(pos, list.data()));
}

// Number of legal moves, without writing them out when avoidable (used by perft's last ply).
int count_legal(const Position& pos);

}  // namespace chess
