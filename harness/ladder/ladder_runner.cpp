#include "harness/ladder/ladder_runner.h"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/ladder/ladder_pool_play.h"
#include "harness/ladder/ladder_measure.h"
#include "harness/ladder/ladder_steps.h"
#include "harness/ladder/ladder_stored.h"
#include "harness/ladder/ladder_target.h"
#include "harness/runner/engine_setup.h"

namespace arbiter::ladder {
namespace {

using detail::StepContext;

db::RunRecord ladder_run(const LadderPlan& plan, db::Database& database) {
    db::RunRecord wanted;
    wanted.kind = db::RunKind::ladder;
    wanted.config_json = plan_json(plan).dump();
    wanted.time_control = plan.time_control;
    wanted.ladder = plan.ladder;
    return database.find_or_create_run(wanted);
}

void print_header(const LadderPlan& plan, const RunnerOptions& options, std::int64_t run_id, std::ostream& out) {
    out << "ladder " << plan.ladder << (plan.smoke ? " (smoke run)" : "") << ": " << plan.steps.size() << " steps, "
        << plan.opponents.size() << " opponents";
    if (plan.pool) {
        out << " in a pool, " << plan.pool->opponents_per_step << " per step nearest 50%";
        if (plan.target) out << " in its first batch, then those narrowing the widest improvement most";
    }
    if (plan.target) {
        out << ", until every improvement is within \xC2\xB1" << plan.target->error95 << " Elo (95%)";
        if (plan.target->margin != 1.0)
            out << " (stopping at \xC2\xB1" << plan.target->stop_error95() << ": target_margin " << plan.target->margin
                << ")";
        if (plan.target->max_games) out << " or " << *plan.target->max_games << " games";
    } else {
        out << " x " << plan.games_per_opponent << " games";
    }
    out << " at " << plan.time_control << (plan.config.head_to_head ? ", previous step head to head" : "");
    if (plan.time_to_depth) out << ", positions to depth " << plan.time_to_depth->depth;
    if (plan.speed) out << ", speed at " << plan.speed->nodes << " nodes a position";
    if (plan.fixed_nodes)
        out << ", previous step at nodes=" << plan.fixed_nodes->nodes << " (" << plan.fixed_nodes->pairs << " pairs)";
    out << ", db " << options.db << " run " << run_id << "\n";
}

// Every step's whole gauntlet, then its WAC run and measurements: 0 complete, 1 failed or
// interrupted, 2 bad input.
int play_fixed_counts(const StepContext& context) {
    const LadderPlan& plan = context.plan;
    const bool plays_wac = detail::plays_step_runs(context.options);
    int worst = 0;
    for (std::size_t i = 0; i < plan.steps.size() && !detail::stop_requested(context.io); ++i) {
        context.io.out << "step " << i + 1 << "/" << plan.steps.size() << ": " << plan.steps[i].player << " ("
                       << plan.steps[i].step.feature << ")\n";
        context.io.out.flush();
        const config::MatchConfig match =
            step_match_config(plan, i, context.options.db, context.options.shard, context.options.concurrency);
        const detail::GauntletOutcome gauntlet =
            plan.pool ? detail::play_pool_gauntlets(context, i) : detail::play_gauntlet(context, i, match);
        if (gauntlet.code == 2) return 2;
        if (gauntlet.run_id != 0)
            context.io.out << "  gauntlet: run " << gauntlet.run_id << ", "
                           << detail::record_text(context.database, gauntlet.run_id, plan.steps[i].player) << "\n";
        worst = std::max(worst, gauntlet.code);
        if (gauntlet.code != 0 || detail::stop_requested(context.io)) break;
        if (!plays_wac) continue;
        worst = std::max(worst, detail::score_wac(context, i));
        if (detail::stop_requested(context.io)) break;
        worst = std::max(worst, detail::measure_step(context, i));
    }
    return worst;
}

// What a recorded plan may change: text for the report. Everything else decides the games (steps,
// opponents, clock, WAC) or their fit (anchors), which only a played run may set.
const std::set<std::string> kReportOnlyPlanKeys{"seed", "description"};

std::string changed_keys(const nlohmann::json& played, const nlohmann::json& wanted) {
    std::set<std::string> keys;
    for (const auto& [key, value] : played.items())
        if (!kReportOnlyPlanKeys.count(key) && (!wanted.contains(key) || wanted[key] != value)) keys.insert(key);
    for (const auto& [key, value] : wanted.items())
        if (!kReportOnlyPlanKeys.count(key) && !played.contains(key)) keys.insert(key);
    std::string listing;
    for (const auto& key : keys) listing += (listing.empty() ? "" : ", ") + key;
    return listing;
}

// --record-plan: the newest ladder run is the plan the report reads. It takes the status of the
// plan it follows, whose games it describes.
int record_plan(const LadderPlan& plan, const RunnerOptions& options, db::Database& database, RunnerIo io) {
    std::optional<db::RunRecord> played;
    for (const auto& run : database.runs_of_ladder(plan.ladder))
        if (run.kind == db::RunKind::ladder) played = run;
    if (!played) {
        io.err << "arbiter ladder: --record-plan: " << options.db << " holds no ladder " << plan.ladder
               << " (the file and the flags name it; give the flags it was played with)\n";
        return 2;
    }
    const nlohmann::json stored = nlohmann::json::parse(played->config_json, nullptr, false);
    if (const std::string changed = changed_keys(stored, plan_json(plan)); !changed.empty()) {
        io.err << "arbiter ladder: --record-plan: the file's plan differs from the one played in " << changed
               << "; play the ladder instead\n";
        return 2;
    }
    const db::RunRecord umbrella = ladder_run(plan, database);
    if (umbrella.id != played->id) database.set_run_status(umbrella.id, played->status);
    io.out << "ladder " << plan.ladder << ": plan recorded as run " << umbrella.id << " in " << options.db
           << ", no game played; report: arbiter report features --db " << options.db << " --ladder " << plan.ladder
           << "\n";
    return 0;
}

}  // namespace

int run_ladder(const LadderPlan& plan, const RunnerOptions& options, RunnerIo io) {
    db::OpenOptions open_options;
    open_options.check_pages = options.check_db_pages;
    db::Database database(options.db, open_options);
    if (options.record_plan) return record_plan(plan, options, database, io);
    const db::RunRecord umbrella = ladder_run(plan, database);
    print_header(plan, options, umbrella.id, io.out);
    // Every step's runs log into the same folder beside the database: said once for the ladder.
    if (!plan.steps.empty())
        if (const auto dir =
                runner::stderr_log_dir(step_match_config(plan, 0, options.db, options.shard, options.concurrency)))
            runner::announce_log_dir(*dir, io.err);
    const StepContext context{plan, options, io, database};
    int worst = plan.target ? play_to_target(context) : play_fixed_counts(context);
    if (worst == 2) return 2;
    if (detail::stop_requested(io)) worst = std::max(worst, 1);
    detail::print_information(detail::stored_ladder_fit(plan, database), detail::step_players(plan), io.out);
    database.set_run_status(umbrella.id, worst == 0 ? db::RunStatus::finished : db::RunStatus::aborted);
    io.out << (worst == 0 ? "ladder complete; " : "ladder stopped; re-run the same command to resume; ")
           << "report: arbiter report features --db " << options.db << " --ladder " << plan.ladder << "\n";
    return worst;
}

}  // namespace arbiter::ladder
