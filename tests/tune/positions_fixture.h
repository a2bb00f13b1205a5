// Positions for the tune tests: random legal playouts from the opening book, reproducible.
#pragma once

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"

namespace tune_test {

// Up to `count` positions, each after a random number of random legal moves from a book line.
inline std::vector<chess::Position> random_positions(int count, unsigned seed) {
    std::ifstream book(std::string(REPO_ROOT_DIR) + "/openings/8mvs_+90_+99.epd");
    std::vector<std::string> openings;
    for (std::string line; std::getline(book, line) && openings.size() < 200;)
        if (!line.empty()) openings.push_back(line.substr(0, line.find(';')));
    std::mt19937 random(seed);
    std::vector<chess::Position> positions;
    while (int(positions.size()) < count && !openings.empty()) {
        chess::Position pos(openings[random() % openings.size()]);
        const int plies = int(random() % 80);
        for (int ply = 0; ply < plies; ++ply) {
            chess::MoveList moves;
            chess::generate_legal(pos, moves);
            if (moves.size() == 0) break;
            pos.make_move(moves[random() % moves.size()]);
        }
        positions.push_back(chess::Position(pos.fen()));  // no history: evals do not depend on it
    }
    return positions;
}

}  // namespace tune_test
