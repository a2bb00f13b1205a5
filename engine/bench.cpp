#include "engine/bench.h"

#include <atomic>
#include <chrono>

#include "engine/chess/san.h"
#include "engine/history.h"
#include "engine/search.h"
#include "engine/tt.h"

namespace tempo {

namespace {

constexpr std::size_t kBenchHashMegabytes = 16;

const std::vector<BenchPosition> kBenchPositions = {
    // Openings, reached by moves from the start position.
    {chess::kStartFen, false, ""},
    {chess::kStartFen, false, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"},
    {chess::kStartFen, false, "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"},
    {chess::kStartFen, false, "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},
    {chess::kStartFen, false, "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4"},
    {chess::kStartFen, false, "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8"},
    {chess::kStartFen, false, "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5"},
    {chess::kStartFen, false, "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5"},
    {chess::kStartFen, false, "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4"},
    {chess::kStartFen, false, "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5 c2c3 b8c6"},
    // Middlegames: tactics and rich positions.
    {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", false, ""},
    {"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1", false, ""},
    {"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", false, ""},
    {"r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1", false, ""},
    {"2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1", false, ""},
    {"1k5r/pppbn1pp/4q1r1/1P3p2/2NPp3/1QP5/P4PPP/R1B1R1K1 w - - 0 1", false, ""},
    {"3r2k1/1p1b1pp1/pq5p/8/3NR3/2PQ3P/PP3PP1/6K1 b - - 0 1", false, ""},
    {"6k1/6p1/p7/3Pn3/5p2/4rBqP/P4RP1/5QK1 b - - 0 1", false, ""},
    {"2kr3r/pp1q1ppp/5n2/1Nb5/2Pp1B2/7Q/P4PPP/1R3RK1 w - - 0 1", false, ""},
    {"4r1k1/p1qr1p2/2pb1Bp1/1p5p/3P1n1R/1B3P2/PP3PK1/2Q4R w - - 0 1", false, ""},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, ""},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, ""},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, ""},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false, ""},
    // Endgames: pawn races, rook endings, drawish pawnless material, basic mates.
    {"1k6/5RP1/1P6/1K6/6r1/8/8/8 w - - 0 1", false, ""},
    {"8/k1b5/P4p2/1Pp2p1p/K1P2P1P/8/3B4/8 w - - 0 1", false, ""},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, ""},
    {"8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1", false, ""},
    {"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false, ""},
    {"1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1", false, ""},
    {"3k4/8/8/3PK3/8/8/r7/7R w - - 0 1", false, ""},
    {"8/5pk1/6p1/8/5PKP/6P1/8/8 w - - 0 1", false, ""},
    {"8/pp3k2/8/2P5/1P6/P4K2/8/8 w - - 0 1", false, ""},
    {"6k1/5pp1/7p/8/8/6P1/r4PKP/3R4 w - - 0 1", false, ""},
    {"8/5k2/4b3/3p4/3P4/4B3/5K2/8 w - - 0 1", false, ""},
    {"8/2k5/8/8/8/8/1q6/3QK3 w - - 0 1", false, ""},
    {"8/8/3k4/8/8/7r/R7/4K3 w - - 0 1", false, ""},
    {"8/8/3k4/8/8/5b2/R7/4K3 w - - 0 1", false, ""},
    {"8/8/3k4/8/8/8/2NN4/4K3 w - - 0 1", false, ""},
    {"4k3/8/8/8/8/8/3r4/R1B1K3 w - - 0 1", false, ""},
    {"8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", false, ""},
    {"8/8/8/4k3/8/8/8/3QK3 w - - 0 1", false, ""},
    {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", false, ""},
    // Mates and a stalemate.
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", false, ""},
    {"2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", false, ""},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", false, ""},
    {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, ""},
    // Chess960 starts and middlegames (Shredder-FEN castling letters).
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, ""},
    {"nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1", true, ""},
    {"qbbnnrkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNNRKR w HFhf - 0 1", true, "e2e4 e7e5 e1f3"},
};

chess::Position bench_start(const BenchPosition& entry) {
    chess::Position pos(entry.fen, entry.chess960);
    std::string moves = entry.moves;
    std::size_t start = 0;
    while (start < moves.size()) {
        std::size_t end = moves.find(' ', start);
        if (end == std::string::npos) end = moves.size();
        pos.make_move(chess::parse_uci(pos, std::string_view(moves).substr(start, end - start)));
        start = end + 1;
    }
    return pos;
}

}  // namespace

const std::vector<BenchPosition>& bench_positions() { return kBenchPositions; }

BenchSummary run_bench(int depth, const FeatureSet& features, std::ostream* out) {
    TranspositionTable tt;
    tt.resize(kBenchHashMegabytes);
    History history;
    Search search(tt, history);
    std::atomic<bool> never_stop{false};
    InfoSink silent;
    BenchSummary summary;
    const auto started = std::chrono::steady_clock::now();
    int index = 0;
    for (const BenchPosition& entry : kBenchPositions) {
        tt.clear();  // every position starts from a fresh state: the count is deterministic
        history.clear();
        SearchConfig config;
        config.features = features;
        config.limits.depth = depth;
        chess::Position pos = bench_start(entry);
        SearchResult result = search.run(pos, config, never_stop, silent);
        summary.nodes += result.nodes;
        if (out)
            *out << "Position " << ++index << "/" << kBenchPositions.size() << ": bestmove "
                 << chess::to_uci(result.best_move, pos.chess960()) << " score " << uci_score(result.score) << " nodes "
                 << result.nodes << '\n';
    }
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    summary.nodes_per_second = summary.nodes * 1000 / std::uint64_t(std::max<long long>(elapsed.count(), 1));
    if (out) {
        *out << "\nNodes searched  : " << summary.nodes << '\n';
        *out << "Nodes/second    : " << summary.nodes_per_second << std::endl;
    }
    return summary;
}

}  // namespace tempo
