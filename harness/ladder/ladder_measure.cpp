#include "harness/ladder/ladder_measure.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>

#include "harness/epdrun/epd_options.h"

namespace arbiter::ladder::detail {
namespace {

void link_measurement(const StepContext& context, std::size_t index, db::MeasurementKind kind,
                      const nlohmann::json& settings, std::int64_t run_id) {
    context.database.link_ladder_measurement(
        db::LadderMeasurementRecord{context.plan.ladder, static_cast<int>(index), kind, settings.dump(), run_id});
}

// The positions searched one at a time under `limit` (a depth or a node count), for time to depth and
// for speed.
epdrun::EpdOptions search_options(const StepContext& context, const PlannedStep& step, const epdrun::SearchLimit& limit,
                                  const std::string& positions) {
    epdrun::EpdOptions options;
    options.engine = engine_spec_text(step.spec);
    options.engine_name = step.player;
    options.limit = limit;
    options.db = context.options.db;
    options.json = true;
    options.check_db_pages = false;  // run_ladder checked it
    options.suite = positions;
    options.search_only = true;
    // One search at a time, whatever --concurrency says: a second search would share the cores and
    // the memory bandwidth, and the nodes per second would measure that.
    options.concurrency = 1;
    return options;
}

// "46 positions, 1,234,567 nodes in 2.1 s": what the stored answers add up to.
std::string search_totals(db::Database& database, std::int64_t run_id) {
    std::int64_t positions = 0, nodes = 0, ms = 0;
    for (const auto& row : database.epd_results_of_run(run_id)) {
        ++positions;
        nodes += row.nodes.value_or(0);
        ms += row.time_ms.value_or(0);
    }
    std::ostringstream text;
    text << positions << " positions, " << nodes << " nodes in " << std::fixed << std::setprecision(1)
         << static_cast<double>(ms) / 1000.0 << " s";
    return text.str();
}

// One search run of step `index`: "time to depth 8" or "speed at 2000000 nodes", stored and linked.
int measure_searches(const StepContext& context, std::size_t index, const epdrun::SearchLimit& limit,
                     const std::string& positions, db::MeasurementKind kind, const nlohmann::json& settings,
                     const std::string& what) {
    const PlannedStep& step = context.plan.steps[index];
    if (step.spec.cmd.empty()) {
        context.io.out << "  " << what << ": skipped (build " << step.step.rev << " has no command yet)\n";
        return 0;
    }
    const EpdOutcome run = play_epd(context, index, search_options(context, step, limit, positions), what);
    if (!run.run_id) return run.code;
    link_measurement(context, index, kind, settings, *run.run_id);
    context.io.out << "  " << what << ": run " << *run.run_id << ", " << search_totals(context.database, *run.run_id)
                   << "\n";
    return run.code;
}

int measure_time_to_depth(const StepContext& context, std::size_t index, const TimeToDepthSettings& settings) {
    epdrun::SearchLimit limit;
    limit.depth = settings.depth;
    return measure_searches(context, index, limit, measure_positions(settings.positions, kTimeToDepthPositionsKey),
                            db::MeasurementKind::time_to_depth, time_to_depth_json(settings),
                            "time to depth " + std::to_string(settings.depth));
}

int measure_speed(const StepContext& context, std::size_t index, const SpeedSettings& settings) {
    epdrun::SearchLimit limit;
    limit.nodes = settings.nodes;
    return measure_searches(context, index, limit, measure_positions(settings.positions, kSpeedPositionsKey),
                            db::MeasurementKind::speed, speed_json(settings),
                            "speed at " + std::to_string(settings.nodes) + " nodes");
}

int measure_fixed_nodes(const StepContext& context, std::size_t index, const FixedNodeSettings& settings) {
    const config::MatchConfig match =
        fixed_node_match_config(context.plan, index, context.options.db, context.options.concurrency);
    const GauntletOutcome played = play_measurement_match(context, index, match);
    if (played.run_id == 0) return played.code;
    link_measurement(context, index, db::MeasurementKind::fixed_nodes, fixed_nodes_json(settings), played.run_id);
    context.io.out << "  fixed nodes: run " << played.run_id << " at nodes=" << settings.nodes << " against "
                   << context.plan.steps[index - 1].player << ", "
                   << record_text(context.database, played.run_id, context.plan.steps[index].player) << "\n";
    return played.code;
}

}  // namespace

int measure_step(const StepContext& context, std::size_t index) {
    const LadderPlan& plan = context.plan;
    int worst = 0;
    if (plan.time_to_depth) worst = measure_time_to_depth(context, index, *plan.time_to_depth);
    if (worst == 2) return worst;
    if (stop_requested(context.io)) return 1;
    if (plan.speed) worst = std::max(worst, measure_speed(context, index, *plan.speed));
    if (worst == 2) return worst;
    if (stop_requested(context.io)) return 1;
    // The first step has no previous one to play.
    if (plan.fixed_nodes && index > 0) worst = std::max(worst, measure_fixed_nodes(context, index, *plan.fixed_nodes));
    return worst;
}

}  // namespace arbiter::ladder::detail
