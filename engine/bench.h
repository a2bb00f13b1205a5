// `tempo bench [depth]`: a fixed set of positions searched to a fixed depth with fresh tables.
// The total node count is the engine's signature (OpenBench parses the last two lines).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engine/features.h"

namespace tempo {

inline constexpr int kDefaultBenchDepth = 10;
inline constexpr std::uint64_t kBenchSignature = TEMPO_BENCH_SIGNATURE;  // engine/bench_signature.txt

struct BenchPosition {
    const char* fen;
    bool chess960;
    const char* moves;  // UCI moves played from the FEN first, space separated
};

const std::vector<BenchPosition>& bench_positions();

struct BenchSummary {
    std::uint64_t nodes = 0;
    std::uint64_t nodes_per_second = 0;
};

// Searches every bench position to `depth`. With `out`, prints one line per position and the
// two summary lines; pass nullptr to run silently (tests).
BenchSummary run_bench(int depth, const FeatureSet& features, std::ostream* out);

}  // namespace tempo
