#include "engine/search_options.h"

#include <cmath>

namespace tempo {

namespace {

// Aspiration windows must grow on every failure: with delta >= 5 and growth >= 120 % the integer
// delta * growth / 100 always exceeds delta. ReverseFutilityMaxDepth indexes FutilityMargin, so it
// stops at the table's last depth. Divisors start at 1.
constexpr SearchParamOption kSearchParamOptions[] = {
    {"AspirationMinDepth", 1, 20, "plies", [](SearchParams& p) -> int& { return p.aspiration_min_depth; }},
    {"AspirationInitialDelta", 5, 200, "cp", [](SearchParams& p) -> int& { return p.aspiration_initial_delta; }},
    {"AspirationGrowthPercent", 120, 400, "%", [](SearchParams& p) -> int& { return p.aspiration_growth_percent; }},
    {"AspirationMaxDelta", 100, 5000, "cp", [](SearchParams& p) -> int& { return p.aspiration_max_delta; }},
    {"NullMoveMinDepth", 1, 10, "plies", [](SearchParams& p) -> int& { return p.null_move_min_depth; }},
    {"NullMoveBaseReduction", 0, 8, "plies", [](SearchParams& p) -> int& { return p.null_move_base_reduction; }},
    {"NullMoveDepthDivisor", 1, 20, "plies", [](SearchParams& p) -> int& { return p.null_move_depth_divisor; }},
    {"FutilityMargin1", 0, 1500, "cp", [](SearchParams& p) -> int& { return p.futility_margin[1]; }},
    {"FutilityMargin2", 0, 1500, "cp", [](SearchParams& p) -> int& { return p.futility_margin[2]; }},
    {"FutilityMargin3", 0, 1500, "cp", [](SearchParams& p) -> int& { return p.futility_margin[3]; }},
    {"FutilityMargin4", 0, 1500, "cp", [](SearchParams& p) -> int& { return p.futility_margin[4]; }},
    {"ReverseFutilityMaxDepth", 0, params::kFutilityMaxDepth, "plies",
     [](SearchParams& p) -> int& { return p.reverse_futility_max_depth; }},
    {"DeltaPruningMargin", 0, 1000, "cp", [](SearchParams& p) -> int& { return p.delta_pruning_margin; }},
    {"LateMoveQuietLimit1", 1, 100, "moves", [](SearchParams& p) -> int& { return p.late_move_quiet_limit[1]; }},
    {"LateMoveQuietLimit2", 1, 100, "moves", [](SearchParams& p) -> int& { return p.late_move_quiet_limit[2]; }},
    {"LateMoveQuietLimit3", 1, 100, "moves", [](SearchParams& p) -> int& { return p.late_move_quiet_limit[3]; }},
    {"LateMoveQuietLimit4", 1, 100, "moves", [](SearchParams& p) -> int& { return p.late_move_quiet_limit[4]; }},
    {"LateMoveQuietLimit5", 1, 100, "moves", [](SearchParams& p) -> int& { return p.late_move_quiet_limit[5]; }},
    {"LmrMinDepth", 1, 10, "plies", [](SearchParams& p) -> int& { return p.lmr_min_depth; }},
    {"LmrMinMoveNumber", 2, 30, "moves", [](SearchParams& p) -> int& { return p.lmr_min_move_number; }},
    {"LmrBase", 0, 300, "1/100 ply", [](SearchParams& p) -> int& { return p.lmr_base; }},
    {"LmrDivisor", 50, 1000, "1/100", [](SearchParams& p) -> int& { return p.lmr_divisor; }},
    {"QuiescenceRecaptureDepth", 1, 20, "captures",
     [](SearchParams& p) -> int& { return p.quiescence_recapture_depth; }},
    {"HistoryAgingDivisor", 1, 16, "divisor", [](SearchParams& p) -> int& { return p.history_aging_divisor; }},
    {"CheckExtension", 0, 2, "plies", [](SearchParams& p) -> int& { return p.check_extension; }},
};

}  // namespace

std::span<const SearchParamOption> search_param_options() { return kSearchParamOptions; }

void LmrTable::update(const SearchParams& params) {
    if (params.lmr_base != base_ || params.lmr_divisor != divisor_) build(params.lmr_base, params.lmr_divisor);
}

void LmrTable::build(int base_hundredths, int divisor_hundredths) {
    base_ = base_hundredths;
    divisor_ = divisor_hundredths;
    // Division is correctly rounded, so 88 / 100.0 is the very double 0.88 is: hundredths give the
    // table that decimal constants would.
    const double base = base_hundredths / 100.0;
    const double divisor = divisor_hundredths / 100.0;
    for (int depth = 1; depth < 64; ++depth)
        for (int move = 1; move < 64; ++move)
            plies_[depth][move] = int(base + std::log(depth) * std::log(move) / divisor);
}

}  // namespace tempo
