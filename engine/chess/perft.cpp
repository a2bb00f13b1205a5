// Perft with bulk counting: the last ply only counts legal moves (count_legal), it never
// writes or makes them.
#include "engine/chess/perft.h"

#include "engine/chess/movegen.h"
#include "engine/chess/san.h"

namespace chess {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(count_legal(pos));
    Move moves[MoveList::kCapacity];
    Move* const end = generate_legal(pos, moves);
    std::uint64_t nodes = 0;
    for (Move* m = moves; m != end; ++m) {
        pos.make_move(*m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(*m);
    }
    return nodes;
}

std::uint64_t perft_divide(Position& pos, int depth, std::ostream& out) {
    MoveList moves;
    generate_legal(pos, moves);
    std::uint64_t total = 0;
    for (Move m : moves) {
        std::uint64_t nodes = 1;
        if (depth > 1) {
            pos.make_move(m);
            nodes = perft(pos, depth - 1);
            pos.unmake_move(m);
        }
        total += nodes;
        out << to_uci(m, pos.chess960()) << ": " << nodes << '\n';
    }
    if (depth <= 0) total = 1;
    out << "\nNodes searched: " << total << "\n" << std::endl;
    return total;
}

}  // namespace chess
