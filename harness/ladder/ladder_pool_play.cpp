#include "harness/ladder/ladder_pool_play.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "harness/ladder/ladder_allocation.h"
#include "harness/ladder/ladder_pool.h"
#include "harness/ladder/ladder_stored.h"
#include "harness/schedule/schedule.h"
#include "harness/schedule/stored_pairs.h"

namespace arbiter::ladder::detail {
namespace {

constexpr int kGamesPerOpeningPair = 2;  // every opening with both colours

std::string percent_text(double share) { return std::to_string(std::lround(100.0 * share)) + "%"; }

// "phalanx (48%), gnuchess (61%)": the chosen opponents and the step's expected score against each.
std::string choice_text(const LadderPlan& plan, const std::vector<PoolChoice>& chosen) {
    std::ostringstream text;
    for (std::size_t i = 0; i < chosen.size(); ++i)
        text << (i ? ", " : "") << plan.opponents[chosen[i].opponent].name << " (" << percent_text(chosen[i].expected)
             << ")";
    return text.str();
}

std::optional<std::int64_t> pool_run(const StepContext& context, std::size_t step, std::size_t opponent) {
    return newest_run_of(context.database, context.plan.ladder,
                         {context.plan.steps[step].player, context.plan.opponents[opponent].name});
}

// The next pairs of one chosen run: at most `pairs`, from its first open pair in this process's block.
struct RunSlice {
    config::MatchConfig match;
    std::uint64_t start = 0;
    std::uint64_t pairs = 0;
    bool block_full = false;
};

RunSlice next_slice(const StepContext& context, std::size_t step, std::size_t opponent, std::uint64_t pairs) {
    const RunnerOptions& options = context.options;
    RunSlice slice{pool_match_config(context.plan, step, opponent, options.db, options.shard, options.concurrency)};
    const schedule::Schedule schedule(slice.match.engines.size(), schedule::TournamentKind::gauntlet, slice.match.games,
                                      slice.match.rounds, slice.match.repeat);
    const config::PairRange block = schedule::select_pairs(schedule.total_pairs(), options.shard, std::nullopt);
    slice.start = schedule::first_open_pair(schedule::stored_pairs(context.database, pool_run(context, step, opponent)),
                                            block.begin, block.end, kGamesPerOpeningPair);
    slice.block_full = slice.start >= block.end;
    slice.pairs = std::min(pairs, block.end - slice.start);
    return slice;
}

// Pairs per chosen opponent: `total` split evenly, the remainder to the nearest ones.
std::vector<std::uint64_t> split_pairs(std::uint64_t total, std::size_t opponents) {
    std::vector<std::uint64_t> shares(opponents, opponents == 0 ? 0 : total / opponents);
    for (std::size_t i = 0; opponents > 0 && i < total % opponents; ++i) ++shares[i];
    return shares;
}

}  // namespace

PoolBatchOutcome play_pool_batch(const StepContext& context, std::size_t index, const PoolBatchSize& size,
                                 const std::optional<std::vector<PoolChoice>>& given) {
    const LadderPlan& plan = context.plan;
    const std::vector<PoolChoice> chosen =
        given ? *given : choose_pool_opponents(stored_ladder_fit(plan, context.database), plan, index);
    const std::size_t k = chosen.size();
    // Each run is played alone, so each needs a pair per worker to keep every worker busy.
    const auto per_run = static_cast<std::size_t>(worker_count(context.options));
    const std::uint64_t wanted =
        pool_batch_pairs(static_cast<int>(per_run * k), k, size.step_games, size.error95, size.target95);
    const auto in_budget =
        static_cast<std::uint64_t>(std::max<std::int64_t>(size.games_left, 0) / kGamesPerOpeningPair);
    if (in_budget == 0) return {0, 0, false};  // the budget is spent: nothing to choose for
    const std::vector<std::uint64_t> shares = split_pairs(std::min(wanted, in_budget), k);
    context.io.out << (given ? "  opponents narrowing the widest improvement most for "
                             : "  opponents nearest 50% for ")
                   << plan.steps[index].player << ": " << choice_text(plan, chosen) << "\n";
    PoolBatchOutcome outcome{0, 0, true};
    for (std::size_t i = 0; i < k; ++i) {
        RunSlice slice = next_slice(context, index, chosen[i].opponent, shares[i]);
        outcome.no_pairs_left = outcome.no_pairs_left && slice.block_full;
        if (slice.pairs == 0) continue;
        slice.match.pairs = config::PairRange{slice.start, slice.start + slice.pairs};
        const GauntletOutcome played = play_gauntlet(context, index, slice.match);
        outcome.games_played += played.games_played;
        if (played.run_id != 0)
            context.io.out << "  batch: " << plan.opponents[chosen[i].opponent].name << ", pairs " << slice.start
                           << ".." << slice.start + slice.pairs - 1 << " of run " << played.run_id << ", now "
                           << record_text(context.database, played.run_id, plan.steps[index].player) << "\n";
        if (played.code != 0) {
            outcome.code = played.code;
            return outcome;
        }
    }
    return outcome;
}

GauntletOutcome play_pool_gauntlets(const StepContext& context, std::size_t index) {
    const LadderPlan& plan = context.plan;
    // The opponents the step has runs with come first and stay: a fixed count is not re-chosen.
    std::vector<std::size_t> opponents;
    for (std::size_t j = 0; j < plan.opponents.size(); ++j)
        if (pool_run(context, index, j)) opponents.push_back(j);
    const std::vector<PoolChoice> chosen =
        choose_pool_opponents(stored_ladder_fit(plan, context.database), plan, index);
    for (const PoolChoice& choice : chosen) {
        if (opponents.size() >= plan.pool->opponents_per_step) break;
        if (std::find(opponents.begin(), opponents.end(), choice.opponent) == opponents.end())
            opponents.push_back(choice.opponent);
    }
    context.io.out << "  opponents nearest 50% for " << plan.steps[index].player << ": " << choice_text(plan, chosen)
                   << "\n";
    GauntletOutcome total;
    for (const std::size_t opponent : opponents) {
        const RunnerOptions& options = context.options;
        const GauntletOutcome played = play_gauntlet(
            context, index, pool_match_config(plan, index, opponent, options.db, options.shard, options.concurrency));
        total.games_played += played.games_played;
        if (played.run_id != 0)
            context.io.out << "  gauntlet: " << plan.opponents[opponent].name << ", run " << played.run_id << ", "
                           << record_text(context.database, played.run_id, plan.steps[index].player) << "\n";
        total.code = std::max(total.code, played.code);
        if (played.code != 0 || stop_requested(context.io)) break;
    }
    return total;
}

}  // namespace arbiter::ladder::detail
