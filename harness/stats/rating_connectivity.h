#pragma once
// Existence check for maximum-likelihood ratings (internal to arbiter_stats).
//
// Draw an edge u -> v when u scored at least half a point against v. Finite MLE ratings exist
// exactly when this graph is strongly connected (otherwise some group won, or lost, every game it
// played against the rest and its ratings run off to infinity). All anchors are merged into one
// node, since their relative positions are fixed: two groups each holding an anchor are fine.

#include <vector>

#include "harness/stats/pair_matrix.h"

namespace arbiter::stats::detail {

// Throws std::runtime_error naming the players cut off from the rest, among the `active` players.
void require_strongly_connected(const PairMatrix& results, const std::vector<bool>& active,
                                const std::vector<bool>& is_anchor);

}  // namespace arbiter::stats::detail
