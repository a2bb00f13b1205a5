#include "harness/stats/rating_connectivity.h"

#include <stdexcept>
#include <string>

namespace arbiter::stats::detail {

namespace {

constexpr std::size_t kNamesInMessage = 8;

// Node of each active player: anchors share the node of the first anchor.
std::vector<std::size_t> node_of_players(const std::vector<bool>& active, const std::vector<bool>& is_anchor) {
    std::vector<std::size_t> node(active.size());
    std::size_t anchor_node = active.size();
    for (std::size_t p = 0; p < active.size(); ++p) {
        node[p] = p;
        if (!active[p] || !is_anchor[p]) continue;
        if (anchor_node == active.size()) anchor_node = p;
        node[p] = anchor_node;
    }
    return node;
}

// Players whose node is reachable from `start`'s node; forward follows "scored against" edges,
// backward follows them reversed.
std::vector<bool> reachable(const PairMatrix& results, const std::vector<bool>& active,
                            const std::vector<std::size_t>& node, std::size_t start, bool forward) {
    const std::size_t n = results.size();
    std::vector<bool> node_seen(n, false);
    std::vector<std::size_t> queue{node[start]};
    node_seen[node[start]] = true;
    while (!queue.empty()) {
        const std::size_t u = queue.back();
        queue.pop_back();
        for (std::size_t p = 0; p < n; ++p) {
            if (!active[p] || node[p] != u) continue;
            for (std::size_t q = 0; q < n; ++q) {
                if (!active[q] || node_seen[node[q]]) continue;
                const WdlCounts rec = forward ? results.head_to_head(p, q) : results.head_to_head(q, p);
                if (rec.points() <= 0.0) continue;
                node_seen[node[q]] = true;
                queue.push_back(node[q]);
            }
        }
    }
    std::vector<bool> players(n, false);
    for (std::size_t p = 0; p < n; ++p) players[p] = active[p] && node_seen[node[p]];
    return players;
}

std::string names_of(const PairMatrix& results, const std::vector<bool>& chosen) {
    std::string text;
    std::size_t listed = 0;
    for (std::size_t p = 0; p < chosen.size(); ++p) {
        if (!chosen[p]) continue;
        if (listed == kNamesInMessage) return text + ", ...";
        text += (listed++ ? ", '" : "'") + results.names()[p] + "'";
    }
    return text;
}

}  // namespace

void require_strongly_connected(const PairMatrix& results, const std::vector<bool>& active,
                                const std::vector<bool>& is_anchor) {
    std::size_t start = 0;
    while (start < active.size() && !active[start]) ++start;
    if (start == active.size()) return;
    const std::vector<std::size_t> node = node_of_players(active, is_anchor);
    for (bool forward : {true, false}) {
        const std::vector<bool> reached = reachable(results, active, node, start, forward);
        std::vector<bool> cut_off(active.size(), false);
        bool any = false;
        for (std::size_t p = 0; p < active.size(); ++p) {
            cut_off[p] = active[p] && !reached[p];
            any = any || cut_off[p];
        }
        if (!any) continue;
        const std::string beaten = forward ? names_of(results, reached) : names_of(results, cut_off);
        const std::string unbeaten = forward ? names_of(results, cut_off) : names_of(results, reached);
        throw std::runtime_error("ratings: no finite maximum-likelihood ratings: " + beaten +
                                 " never scored a point against " + unbeaten +
                                 "; play games between these groups or anchor each group");
    }
}

}  // namespace arbiter::stats::detail
