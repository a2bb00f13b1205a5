#include "harness/schedule/chess960.h"

#include <array>
#include <stdexcept>

#include "harness/openings/seeded_random.h"

namespace arbiter::schedule {
namespace {

// Places `piece` on the `nth` still-empty square (0-based, from the a-file).
void place_on_empty(std::array<char, 8>& rank, int nth, char piece) {
    for (char& square : rank) {
        if (square != 0) continue;
        if (nth-- == 0) {
            square = piece;
            return;
        }
    }
}

}  // namespace

std::string chess960_start_fen(int number) {
    if (number < 0 || number > 959) throw std::out_of_range("Chess960 position " + std::to_string(number));
    // Knight pairs among the five squares left after bishops and queen, in numbering order.
    static constexpr int kKnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                                {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    std::array<char, 8> rank{};
    int n = number;
    rank[static_cast<std::size_t>(2 * (n % 4) + 1)] = 'B';  // light-squared bishop: b, d, f, h
    n /= 4;
    rank[static_cast<std::size_t>(2 * (n % 4))] = 'B';  // dark-squared bishop: a, c, e, g
    n /= 4;
    place_on_empty(rank, n % 6, 'Q');
    n /= 6;
    // The farther knight first, so the nearer one's index still counts the same empty squares.
    place_on_empty(rank, kKnightPairs[n][1], 'N');
    place_on_empty(rank, kKnightPairs[n][0], 'N');
    place_on_empty(rank, 0, 'R');
    place_on_empty(rank, 0, 'K');
    place_on_empty(rank, 0, 'R');

    std::string white(rank.begin(), rank.end()), black;
    std::string castling;
    for (std::size_t file = 0; file < 8; ++file) {
        black += static_cast<char>(white[file] - 'A' + 'a');
        if (white[file] == 'R') castling += static_cast<char>('A' + file);
    }
    // Shredder order: king side (higher file) first.
    std::string rights = {castling[1], castling[0], static_cast<char>(castling[1] - 'A' + 'a'),
                          static_cast<char>(castling[0] - 'A' + 'a')};
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + rights + " - 0 1";
}

int chess960_number_for_slot(std::uint64_t seed, std::uint64_t slot) {
    openings::SeededRandom random(openings::derive_seed(seed, slot));
    return static_cast<int>(random.below(960));
}

}  // namespace arbiter::schedule
