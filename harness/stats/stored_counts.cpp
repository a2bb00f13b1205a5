#include "harness/stats/stored_counts.h"

namespace arbiter::stats {

PairMatrix matrix_of_stored_pairs(const std::vector<db::PairResult>& pairs) {
    PairMatrix matrix;
    for (const auto& pair : pairs)
        matrix.add_counts(matrix.add_player(pair.white), matrix.add_player(pair.black),
                          CellCounts{pair.white_wins, pair.draws, pair.black_wins});
    return matrix;
}

WdlCounts wdl_of(const db::RunPairStats& stats) { return {stats.wins, stats.draws, stats.losses}; }

PentaCounts penta_of(const db::RunPairStats& stats) {
    const auto& counts = stats.pentanomial;  // [k]: pairs in which the first engine scored k/2
    return {counts[0], counts[1], counts[2], counts[3], counts[4]};
}

double white_points(db::GameResult result) {
    switch (result) {
        case db::GameResult::white_win: return 1.0;
        case db::GameResult::draw: return 0.5;
        case db::GameResult::black_win: return 0.0;
    }
    return 0.5;  // unreachable: every stored game has one of the three
}

}  // namespace arbiter::stats
