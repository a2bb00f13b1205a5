#include "engine/tune/quiet.h"

#include <algorithm>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/eval.h"
#include "engine/movepick.h"
#include "engine/see.h"

namespace tempo::tune {

namespace {

using namespace chess;

constexpr int kMateScore = 32000;
constexpr int kMaxQuietPly = 24;  // capture sequences end long before; a guard against check loops

using Line = std::vector<Move>;

class QuietSearch {
public:
    explicit QuietSearch(const FeatureSet& features) : features_(features) {}

    int search(Position& pos, int alpha, int beta, int ply, Line& line) {
        line.clear();
        if (ply >= kMaxQuietPly) return evaluate(pos, features_);
        const bool in_check = pos.in_check();
        if (!in_check) {
            const int stand_pat = evaluate(pos, features_);
            if (stand_pat >= beta) return stand_pat;
            alpha = std::max(alpha, stand_pat);
        }
        MoveList moves;
        if (in_check) {
            generate_evasions(pos, moves);
        } else {
            generate_noisy(pos, moves);
        }
        std::vector<Move> ordered(moves.begin(), moves.end());
        std::stable_sort(ordered.begin(), ordered.end(),
                         [&](Move a, Move b) { return mvv_lva_score(pos, a) > mvv_lva_score(pos, b); });
        bool any_legal = false;
        Line child;
        for (Move move : ordered) {
            if (!pos.is_legal(move)) continue;
            any_legal = true;
            // Losing captures are not part of the expected line (the search prunes them too).
            if (!in_check && !see_at_least(pos, move, 0)) continue;
            pos.make_move(move);
            const int score = -search(pos, -beta, -alpha, ply + 1, child);
            pos.unmake_move(move);
            if (score > alpha) {
                alpha = score;
                line.assign(1, move);
                line.insert(line.end(), child.begin(), child.end());
                if (score >= beta) break;
            }
        }
        if (in_check && !any_legal) return -kMateScore + ply;
        return alpha;
    }

private:
    FeatureSet features_;
};

}  // namespace

std::optional<Position> quiet_leaf(const Position& pos, const FeatureSet& features) {
    Position leaf = pos;
    Line line;
    const int score = QuietSearch(features).search(leaf, -kMateScore, kMateScore, 0, line);
    if (std::abs(score) >= kMateScore - kMaxQuietPly) return std::nullopt;
    for (Move move : line) leaf.make_move(move);
    if (leaf.in_check()) return std::nullopt;
    return leaf;
}

}  // namespace tempo::tune
