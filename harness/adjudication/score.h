#pragma once
// An engine's evaluation of the move it played, from the mover's point of view, as UCI reports
// it (`score cp N` / `score mate N`). Shared by the adjudicator and the PGN writer.

#include <cstdlib>

namespace arbiter::adjudication {

struct Score {
    enum class Kind { None, Centipawns, Mate };
    Kind kind = Kind::None;
    int value = 0;  // centipawns, or UCI mate distance in moves (negative: getting mated)

    static Score none() { return {}; }
    static Score cp(int centipawns) { return {Kind::Centipawns, centipawns}; }
    static Score mate(int moves) { return {Kind::Mate, moves}; }
    bool operator==(const Score&) const = default;
};

// cutechess keeps mate scores as huge centipawn values; thresholds (-resign score=N) compare
// against these, so a mate score always counts as winning or losing beyond any threshold.
inline constexpr int kMateScore = 100000;

// Plies to mate as cutechess counts them: mating in N moves is 2N-1 plies, being mated in N
// moves is 2N plies ("mate 0" is treated as already mated).
inline int mate_plies(int uci_mate_moves) { return uci_mate_moves > 0 ? 2 * uci_mate_moves - 1 : 2 * -uci_mate_moves; }

// The single number the adjudication thresholds compare, in centipawns.
inline int comparable_centipawns(const Score& score) {
    if (score.kind != Score::Kind::Mate) return score.value;
    int plies = mate_plies(score.value);
    return score.value > 0 ? kMateScore - plies : -(kMateScore - plies);
}

}  // namespace arbiter::adjudication
