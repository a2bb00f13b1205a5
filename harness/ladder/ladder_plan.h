#pragma once
// What one `arbiter ladder` invocation plays: the config with the command's flags applied (smoke
// settings, --tc-scale, tempo's path), as the engine specs and match configs the scheduler takes.
// The plan's JSON is stored as the config of the ladder's own run (kind 'ladder'); the feature
// report reads the anchors, the time control played and the smoke mark from there.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "harness/config/match_config.h"
#include "harness/ladder/ladder_config.h"

namespace arbiter::ladder {

// --target-error: play batches until every improvement's 95% error is at most error95 Elo, or
// until the ladder holds max_games games (harness/ladder/ladder_target.h).
struct PrecisionTarget {
    double error95 = 0.0;
    std::optional<std::int64_t> max_games;
    double margin = 1.0;  // the file's gauntlet.target_margin: stop at margin * error95
    double stop_error95() const { return error95 * margin; }
};

struct PlanOptions {
    bool smoke = false;
    double tc_scale = 1.0;
    std::optional<int> games_per_opponent;  // --games: overrides the config's (even) count
    std::string engine_cmd;                 // tempo to use when the config gives no engine.cmd
    std::optional<PrecisionTarget> target;  // --target-error (excludes --games)
};

// A step's gauntlet under a precision target is one run of this many games per opponent, played in
// batches of pair ranges (--pairs); the count only has to exceed what any target can need, and it
// is fixed so that the run's identity (and its openings) never depend on the target or the budget.
inline constexpr int kTargetGamesPerOpponent = 1000000;

struct PlannedStep {
    LadderStep step;
    std::string player;       // "tempo 03 MvvLva": unique and stable engine name
    config::EngineSpec spec;  // options and limits applied
};

// A pool ladder: plan.opponents is the pool, and each batch of a step plays opponents_per_step of
// them (ladder_pool.h: nearest 50%, or those narrowing the widest improvement most), each in a run of its own.
struct PoolPlan {
    std::size_t opponents_per_step = 0;
    double first_step_prior = 0.0;
    std::vector<double> priors;  // per plan.opponents
};

struct LadderPlan {
    std::string ladder;  // name in the database: the config's, "-smoke" / "-tc<F>" / "-g<N>" / "-target" appended
    LadderConfig config;
    bool smoke = false;
    double tc_scale = 1.0;
    std::string time_control;  // as played: "120+1", "12+0.1", "nodes=2000"
    std::vector<PlannedStep> steps;
    std::vector<LadderOpponent> opponents;  // catalogue resolved, limits applied
    std::optional<PoolPlan> pool;           // none: every step plays every opponent
    int games_per_opponent = 0;             // kTargetGamesPerOpponent under a target
    std::optional<PrecisionTarget> target;
    std::string wac_suite;  // empty = arbiter's WAC copy
    std::int64_t wac_movetime_ms = 0;
    std::optional<std::uint64_t> wac_nodes;  // instead of the time: a smoke run's nodes when it has its own
    int wac_runs = 1;
    std::optional<std::size_t> wac_positions;
    // `measure`, with a smoke run's depth, nodes and pairs; none: not measured.
    std::optional<TimeToDepthSettings> time_to_depth;
    std::optional<FixedNodeSettings> fixed_nodes;
    std::optional<SpeedSettings> speed;
};

// Throws LadderConfigError (unknown catalogue engine, xboard limit).
LadderPlan make_plan(const LadderConfig& config, const PlanOptions& options);

// Reads what the ladder reads only after a step's gauntlet, the WAC suite (given or default) and the
// time-to-depth positions, so a missing or broken one is bad input before the first game rather than
// hours into the ladder. The
// engines and the openings are checked by the scheduler before step 1 plays. Throws
// LadderConfigError naming the ladder file and the key.
void check_ladder_files(const LadderPlan& plan);

// The gauntlet of step `index`: the step's engine first, then the opponents, then (head to head)
// the previous step's engine. Colours alternate on each opening (-repeat); engine failures are
// recovered so one crash does not stop a long ladder.
config::MatchConfig step_match_config(const LadderPlan& plan, std::size_t index, const std::string& db,
                                      std::optional<config::ShardSpec> shard, int concurrency);

// What a WAC run of the plan searches each position for: "nodes=N" or "movetime=MS", as the runs
// store it (their time_control), so the report finds the WAC runs of the plan's limit.
std::string wac_limit_text(const LadderPlan& plan);

// The file a time-to-depth or speed run searches: the setting's (`given`), else arbiter's bench.epd.
// Throws std::runtime_error, telling the user to give `key`, when that one is missing.
inline constexpr const char* kTimeToDepthPositionsKey = "measure.time_to_depth.positions";
inline constexpr const char* kSpeedPositionsKey = "measure.speed.positions";
std::string measure_positions(const std::string& given, const std::string& key);

// The fixed-node match of step `index` (1 or more) against the step before it: both at
// plan.fixed_nodes' node limit, the gauntlet's openings, seed and adjudication, each opening with
// both colours. Played whole by shard 1 (or an unsharded run), like the WAC runs.
config::MatchConfig fixed_node_match_config(const LadderPlan& plan, std::size_t index, const std::string& db,
                                            int concurrency);

// The plan's JSON of each measurement. It is part of the plan and is stored with every measuring
// run's link (db ladder_measurements), so the report shows only the measurements the plan asks for.
nlohmann::json time_to_depth_json(const TimeToDepthSettings& settings);
nlohmann::json fixed_nodes_json(const FixedNodeSettings& settings);
nlohmann::json speed_json(const SpeedSettings& settings);

nlohmann::json plan_json(const LadderPlan& plan);

// "cmd=/x/tempo 'option.Features=none,+Mobility'": a spec as one `--engine` word for arbiter epd.
std::string engine_spec_text(const config::EngineSpec& spec);

}  // namespace arbiter::ladder
