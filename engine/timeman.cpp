#include "engine/timeman.h"

#include <algorithm>
#include <array>

namespace tempo {

namespace {

// Sudden death: assume this many moves remain, whatever the game length so far.
constexpr std::int64_t kSuddenDeathMovesLeft = 25;
constexpr std::int64_t kMaxMovesToGoConsidered = 50;
constexpr std::int64_t kFixedMovesLeft = 40;  // the TimeManagement-off rule
// A move may use up to this share of the clock even in an emergency.
constexpr std::int64_t kHardClockPercent = 40;
constexpr std::int64_t kHardOverSoftFactor = 4;
constexpr std::int64_t kMinimumBudgetMs = 1;
// Soft-budget factor by how many iterations in a row kept the best move (the last entry for
// more): a move that has just changed deserves a second look, one that held through five
// iterations rarely changes later.
constexpr std::array<double, 6> kStabilityScale = {1.8, 1.35, 1.1, 0.95, 0.85, 0.75};
// A falling score means the search found trouble: each kScoreDropPerExtraBudget centipawns of
// drop adds one soft budget, up to kMaxScoreDropScale in all.
constexpr double kScoreDropPerExtraBudget = 100.0;
constexpr double kMaxScoreDropScale = 2.0;

TimeBudget fixed_move_time(std::int64_t move_time_ms, std::int64_t overhead_ms) {
    std::int64_t budget = std::max(move_time_ms - overhead_ms, kMinimumBudgetMs);
    return {true, budget, budget};
}

TimeBudget managed_budget(std::int64_t usable_ms, std::int64_t increment_ms, std::optional<int> moves_to_go) {
    std::int64_t moves_left =
        moves_to_go ? std::clamp<std::int64_t>(*moves_to_go, 1, kMaxMovesToGoConsidered) : kSuddenDeathMovesLeft;
    std::int64_t soft = usable_ms / moves_left + increment_ms * 3 / 4;
    std::int64_t hard_cap = moves_left == 1 ? usable_ms * 4 / 5 : usable_ms * kHardClockPercent / 100;
    soft = std::min(soft, hard_cap);
    std::int64_t hard = std::min(soft * kHardOverSoftFactor, hard_cap);
    return {true, std::max(soft, kMinimumBudgetMs), std::max(hard, kMinimumBudgetMs)};
}

TimeBudget unmanaged_budget(std::int64_t usable_ms, std::int64_t increment_ms) {
    // Cap at the usable clock only to stay legal; otherwise the rule is applied as is.
    std::int64_t budget = std::min(usable_ms / kFixedMovesLeft + increment_ms, usable_ms);
    budget = std::max(budget, kMinimumBudgetMs);
    return {true, budget, budget};
}

}  // namespace

bool SearchLimits::unbounded() const {
    return !time_ms[chess::WHITE] && !time_ms[chess::BLACK] && !depth && !nodes && !move_time_ms && !mate_in_moves;
}

TimeBudget plan_time(const SearchLimits& limits, chess::Color side_to_move, std::int64_t move_overhead_ms,
                     bool managed) {
    if (limits.infinite) return {};
    if (limits.move_time_ms) return fixed_move_time(*limits.move_time_ms, move_overhead_ms);
    // Missing fields never matter: with only the opponent's clock given, that is the best estimate.
    std::optional<std::int64_t> clock = limits.time_ms[side_to_move];
    if (!clock) clock = limits.time_ms[~side_to_move];
    if (!clock) return {};
    std::int64_t increment = limits.increment_ms[side_to_move].value_or(0);
    // The overhead is lost on every move: keep it in reserve and off each move's budget.
    std::int64_t usable = std::max<std::int64_t>(*clock - move_overhead_ms, kMinimumBudgetMs);
    return managed ? managed_budget(usable, increment, limits.moves_to_go) : unmanaged_budget(usable, increment);
}

double soft_budget_scale(const RootTrend& trend) {
    const std::size_t stability =
        std::min<std::size_t>(std::max(trend.stable_iterations, 0), kStabilityScale.size() - 1);
    const double drop = std::max(trend.score_drop_cp, 0) / kScoreDropPerExtraBudget;
    return kStabilityScale[stability] * std::min(1.0 + drop, kMaxScoreDropScale);
}

std::int64_t elapsed_ms(const SearchLimits& limits) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - limits.start).count();
}

}  // namespace tempo
