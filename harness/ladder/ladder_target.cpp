#include "harness/ladder/ladder_target.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

#include "harness/ladder/ladder_allocation.h"
#include "harness/ladder/ladder_pool.h"
#include "harness/ladder/ladder_pool_play.h"
#include "harness/ladder/ladder_stored.h"
#include "harness/ladder/ladder_measure.h"
#include "harness/schedule/schedule.h"
#include "harness/schedule/stored_pairs.h"
#include "harness/stats/ladder_fit.h"

namespace arbiter::ladder {
namespace {

using detail::step_players;
using detail::StepContext;

constexpr int kGamesPerPair = 2;  // ladder gauntlets always play each opening with both colours

// What the database says now: the joint fit of every game of the ladder and the verdict on it.
struct Standing {
    stats::LadderFit fit;
    std::vector<stats::StepImprovement> improvements;
    stats::PrecisionVerdict verdict;
};

Standing read_standing(const StepContext& context, double target95) {
    Standing standing;
    standing.fit = detail::stored_ladder_fit(context.plan, context.database);
    standing.improvements = stats::step_improvements(standing.fit, step_players(context.plan));
    standing.verdict = stats::judge_precision(standing.fit, standing.improvements, target95);
    return standing;
}

std::string elo_text(const std::optional<double>& error95) {
    if (!error95) return "no finite error";
    std::ostringstream text;
    text << "\xC2\xB1" << std::fixed << std::setprecision(1) << *error95;
    return text.str();
}

// The step's gauntlet run: the newest run of the ladder whose first engine is the step's.
std::optional<std::int64_t> step_run(const StepContext& context, std::size_t index) {
    return detail::newest_run_of(context.database, context.plan.ladder, {context.plan.steps[index].player});
}

struct BatchOutcome {
    int code = 0;
    std::int64_t games_played = 0;
    bool no_pairs_left = false;  // the step's block of its run is fully played
};

// What sizes a batch beyond the minimal one (ladder_allocation.h); the default is the minimal batch.
struct BatchScale {
    std::int64_t step_games = 0;
    std::optional<double> error95;
    double target95 = 0.0;
};

std::int64_t games_of(const stats::LadderFit& fit, const std::string& player) {
    if (!fit.table) return 0;
    const auto index = fit.table->results.find(player);
    return index ? fit.table->players[*index].record.games() : 0;
}

// One batch of step `index`, at most `games_left` games; a pool step against `chosen` when given.
BatchOutcome play_batch(const StepContext& context, std::size_t index, std::int64_t games_left,
                        const BatchScale& scale = {}, const std::optional<std::vector<PoolChoice>>& chosen = {}) {
    if (context.plan.pool) {
        const detail::PoolBatchOutcome pool = detail::play_pool_batch(
            context, index, {games_left, scale.step_games, scale.error95, scale.target95}, chosen);
        return {pool.code, pool.games_played, pool.no_pairs_left};
    }
    const RunnerOptions& options = context.options;
    config::MatchConfig match = step_match_config(context.plan, index, options.db, options.shard, options.concurrency);
    const schedule::Schedule schedule(match.engines.size(), schedule::TournamentKind::gauntlet, match.games,
                                      match.rounds, match.repeat);
    const config::PairRange block = schedule::select_pairs(schedule.total_pairs(), options.shard, std::nullopt);
    const std::uint64_t start = schedule::first_open_pair(
        schedule::stored_pairs(context.database, step_run(context, index)), block.begin, block.end, kGamesPerPair);
    // A budget lowered below what is stored leaves nothing to play (and must not wrap around).
    const auto pairs_in_budget = static_cast<std::uint64_t>(std::max<std::int64_t>(games_left, 0) / kGamesPerPair);
    const std::uint64_t pairs = std::min({batch_pairs(detail::worker_count(options), schedule.pairings().size(),
                                                      scale.step_games, scale.error95, scale.target95),
                                          pairs_in_budget, block.end - start});
    if (pairs == 0) return {0, 0, start >= block.end};
    match.pairs = config::PairRange{start, start + pairs};
    const detail::GauntletOutcome gauntlet = detail::play_gauntlet(context, index, match);
    if (gauntlet.run_id != 0) {
        context.io.out << "  batch: pairs " << start << ".." << start + pairs - 1 << " of run " << gauntlet.run_id
                       << ", " << gauntlet.games_played << " games played; the step's gauntlet: "
                       << detail::record_text(context.database, gauntlet.run_id, context.plan.steps[index].player)
                       << "\n";
    }
    return {gauntlet.code, gauntlet.games_played, false};
}

struct Limits {
    double target95 = 0.0;  // this process's target (scaled for a shard)
    std::int64_t budget = std::numeric_limits<std::int64_t>::max();
};

Limits limits_of(const StepContext& context) {
    const PrecisionTarget& target = *context.plan.target;
    Limits limits;
    limits.target95 = shard_target(target.stop_error95(), context.options.shard);
    if (target.max_games) limits.budget = shard_budget(*target.max_games, context.options.shard);
    return limits;
}

std::int64_t ladder_games(const StepContext& context) {
    db::ResultFilter filter;
    filter.ladder = context.plan.ladder;
    return context.database.count_games(filter);
}

void print_limits(const StepContext& context, const Limits& limits) {
    if (!context.options.shard) return;
    const auto& shard = *context.options.shard;
    context.io.out << "shard " << shard.index << "/" << shard.count << ": own games until every improvement is within "
                   << elo_text(limits.target95) << " (the merged " << shard.count << " shards: about "
                   << elo_text(context.plan.target->stop_error95()) << ")";
    if (context.plan.target->max_games) context.io.out << ", budget share " << limits.budget << " games";
    context.io.out << "\n";
}

void print_stop(const StepContext& context, const Standing& standing, const Limits& limits, const std::string& why) {
    const auto& verdict = standing.verdict;
    context.io.out << why << " after " << standing.fit.games << " games";
    if (verdict.widest)
        context.io.out << "; widest improvement: step " << *verdict.widest + 1 << " "
                       << elo_text(verdict.widest_error95) << " (target " << elo_text(limits.target95) << ")";
    if (standing.fit.from_bayeselo) context.io.out << "; no finite maximum-likelihood fit yet";
    context.io.out << "\n";
}

// Batches to the widest improvement until the target is met or the budget spent.
int play_widest_batches(const StepContext& context, const Limits& limits) {
    const std::vector<std::string> players = step_players(context.plan);
    for (int batch = 1;; ++batch) {
        if (detail::stop_requested(context.io)) return 1;
        const Standing standing = read_standing(context, limits.target95);
        if (standing.verdict.met) {
            print_stop(context, standing, limits, "target met");
            return 0;
        }
        if (!standing.verdict.widest) {  // one step: no improvement, and no finite fit to rate it
            print_stop(context, standing, limits, "target NOT met");
            return 0;
        }
        const std::int64_t games_left = limits.budget - standing.fit.games;
        if (games_left < kGamesPerPair) {
            print_stop(context, standing, limits, "budget spent, target NOT met");
            return 0;
        }
        const std::size_t widest = *standing.verdict.widest;
        const WidestBatch chosen =
            choose_widest_batch(standing.fit, context.plan, widest, detail::worker_count(context.options));
        const std::size_t step = chosen.step;
        if (chosen.unlinked) {
            context.io.out << "batch " << batch << ": no ratings, the games are in unconnected groups; step "
                           << step + 1 << " has met none of step " << step << "'s opponents: " << players[step]
                           << " plays\n";
        } else {
            context.io.out << "batch " << batch << ": step " << widest + 1 << "'s improvement is the widest ("
                           << elo_text(standing.verdict.widest_error95) << ", target " << elo_text(limits.target95)
                           << "): " << players[step] << " plays\n";
        }
        context.io.out.flush();
        const BatchScale scale{games_of(standing.fit, players[step]), standing.verdict.widest_error95, limits.target95};
        const BatchOutcome outcome = play_batch(context, step, games_left, scale, chosen.opponents);
        if (outcome.code != 0) return outcome.code;
        if (outcome.games_played == 0) {
            context.io.out << "  " << players[step] << " has no pairs left in its run"
                           << (outcome.no_pairs_left ? "" : " within the budget") << "; stopping\n";
            print_stop(context, standing, limits, "target NOT met");
            return 0;
        }
    }
}

struct Progress {
    int code = 0;       // worst so far: 0, 1 (a WAC run or a batch failed, or interrupted), 2 bad input
    bool go_on = true;  // false: stop here (a batch failed, interrupted, or the budget is spent)
};

// Step by step: the first batch of every step that has none, the step's WAC run and its
// measurements. A failed WAC run or measurement does not stop the games (as in a fixed-count
// ladder); a failed batch does.
Progress play_first_batches(const StepContext& context, const Limits& limits) {
    const LadderPlan& plan = context.plan;
    const bool plays_wac = detail::plays_step_runs(context.options);
    int worst = 0;
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
        if (detail::stop_requested(context.io)) return {std::max(worst, 1), false};
        context.io.out << "step " << i + 1 << "/" << plan.steps.size() << ": " << plan.steps[i].player << " ("
                       << plan.steps[i].step.feature << ")\n";
        context.io.out.flush();
        if (detail::step_games_stored(context.database, plan.ladder, plan.steps[i].player) == 0) {
            const BatchOutcome batch = play_batch(context, i, limits.budget - ladder_games(context));
            if (batch.code != 0) return {batch.code == 2 ? 2 : std::max(worst, batch.code), false};
            if (batch.games_played == 0) {
                print_stop(context, read_standing(context, limits.target95), limits, "budget spent, target NOT met");
                return {worst, false};
            }
        }
        if (detail::stop_requested(context.io)) return {std::max(worst, 1), false};
        if (!plays_wac) continue;
        worst = std::max(worst, detail::score_wac(context, i));
        if (detail::stop_requested(context.io)) return {std::max(worst, 1), false};
        worst = std::max(worst, detail::measure_step(context, i));
    }
    return {worst, true};
}

}  // namespace

int play_to_target(const StepContext& context) {
    const Limits limits = limits_of(context);
    print_limits(context, limits);
    const Progress first = play_first_batches(context, limits);
    if (!first.go_on) return first.code;
    return std::max(first.code, play_widest_batches(context, limits));
}

}  // namespace arbiter::ladder
