#include "harness/stats/stored_pairs.h"

namespace arbiter::stats {

PairMatrix matrix_of_stored_pairs(const std::vector<db::PairResult>& pairs) {
    PairMatrix matrix;
    for (const auto& pair : pairs)
        matrix.add_counts(matrix.add_player(pair.white), matrix.add_player(pair.black),
                          CellCounts{pair.white_wins, pair.draws, pair.black_wins});
    return matrix;
}

}  // namespace arbiter::stats
