#pragma once
// The position a UCI `position` command describes, for the scripted test engine
// (tests/misbehave/misbehave_engine.cpp).

#include <sstream>
#include <string>

#include "engine/chess/position.h"
#include "engine/chess/san.h"

namespace test_support {

// Reads "startpos|fen F... [moves m1 m2 ...]" (the words after `position`). Throws what the
// chess core throws for a bad FEN or an illegal move.
inline chess::Position position_from_uci(std::istringstream& words) {
    std::string word, fen;
    words >> word;
    if (word == "fen") {
        while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else {
        fen = chess::kStartFen;
        words >> word;  // "moves" or nothing
    }
    chess::Position position(fen);
    while (words >> word) position.make_move(chess::parse_uci(position, word));
    return position;
}

}  // namespace test_support
