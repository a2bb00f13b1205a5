// The search margins, limits and reductions the search reads at run time, so that a tuner (arbiter
// spsa) can set them as UCI spin options. The defaults are search_params.h's constants; the
// structural ones (ply and depth limits, scores, array sizes) stay constants there.
#pragma once

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

#include "engine/search_params.h"

namespace tempo {

struct SearchParams {
    int aspiration_min_depth = params::kAspirationMinDepth;
    int aspiration_initial_delta = params::kAspirationInitialDelta;
    int aspiration_growth_percent = params::kAspirationGrowthPercent;
    int aspiration_max_delta = params::kAspirationMaxDelta;
    int null_move_min_depth = params::kNullMoveMinDepth;
    int null_move_base_reduction = params::kNullMoveBaseReduction;
    int null_move_depth_divisor = params::kNullMoveDepthDivisor;
    std::array<int, params::kFutilityMaxDepth + 1> futility_margin = params::kFutilityMargin;  // [0] unused
    int reverse_futility_max_depth = params::kReverseFutilityMaxDepth;
    int delta_pruning_margin = params::kDeltaPruningMargin;
    std::array<int, params::kLateMovePruningMaxDepth + 1> late_move_quiet_limit = params::kLateMoveQuietLimit;
    int lmr_min_depth = params::kLmrMinDepth;
    int lmr_min_move_number = params::kLmrMinMoveNumber;
    int lmr_base = params::kLmrBase;        // hundredths
    int lmr_divisor = params::kLmrDivisor;  // hundredths
    int quiescence_recapture_depth = params::kQuiescenceRecaptureDepth;
    int history_aging_divisor = params::kHistoryAgingDivisor;
    int check_extension = params::kCheckExtension;

    bool operator==(const SearchParams&) const = default;
};

// One UCI spin option per tunable parameter.
struct SearchParamOption {
    std::string_view name;  // the constant's name in search_params.h without the `k`
    int min;
    int max;
    std::string_view unit;
    int& (*slot)(SearchParams&);  // the field this option sets

    int value_in(SearchParams params) const { return slot(params); }
};

// In the order of search_params.h; the ranges let SPSA start far from the defaults.
std::span<const SearchParamOption> search_param_options();

// Late-move reductions in plies by [depth][move number], from lmr_base and lmr_divisor.
class LmrTable {
public:
    LmrTable() { build(params::kLmrBase, params::kLmrDivisor); }
    // Rebuilds the table when the parameters differ from those it was built from.
    void update(const SearchParams& params);
    int plies(int depth, int move_number) const { return plies_[std::min(depth, 63)][std::min(move_number, 63)]; }

private:
    void build(int base_hundredths, int divisor_hundredths);
    std::array<std::array<int, 64>, 64> plies_{};
    int base_ = 0;
    int divisor_ = 0;
};

}  // namespace tempo
