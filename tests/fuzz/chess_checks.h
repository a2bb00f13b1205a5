#pragma once
// Properties every position the rules core accepts must have; shared by the FEN and SAN targets.

#include <string>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/fuzz/fuzz_support.h"

namespace fuzz {

// fen() of an accepted position is itself accepted and describes the same position.
inline void check_fen_round_trip(const chess::Position& pos) {
    const std::string problem = pos.validate();
    check(problem.empty(), "inconsistent position " + pos.fen() + ": " + problem);
    const std::string fen = pos.fen();
    chess::Position again;
    try {
        again.set_fen(fen, pos.chess960());
    } catch (const chess::FenError& e) {
        fail("fen() output does not re-parse: " + fen + ": " + e.what());
    }
    check(again.fen() == fen, "FEN round trip changed " + fen + " into " + again.fen());
    check(again.key() == pos.key(), "FEN round trip changed the key of " + fen);
}

// Every legal move survives SAN and UCI round trips, and make/unmake restores the position;
// with `child_fens`, every position one move on also passes check_fen_round_trip.
inline void check_legal_moves(chess::Position& pos, bool child_fens) {
    chess::MoveList moves;
    chess::generate_legal(pos, moves);
    const std::string fen_before = pos.fen();
    const chess::Key key_before = pos.key();
    for (const chess::Move move : moves) {
        const std::string san = chess::to_san(pos, move);
        const std::string uci = chess::to_uci(pos, move);
        try {
            check(chess::parse_san(pos, san) == move, "SAN " + san + " parses to another move in " + fen_before);
            check(chess::parse_uci(pos, uci) == move, "UCI " + uci + " parses to another move in " + fen_before);
        } catch (const chess::MoveParseError& e) {
            fail("legal move " + uci + " (" + san + ") rejected in " + fen_before + ": " + e.what());
        }
        pos.make_move(move);
        if (child_fens) check_fen_round_trip(pos);
        pos.unmake_move(move);
        check(pos.key() == key_before, "unmake of " + uci + " did not restore the key of " + fen_before);
    }
    check(pos.fen() == fen_before, "make/unmake of the legal moves changed " + fen_before + " into " + pos.fen());
}

}  // namespace fuzz
