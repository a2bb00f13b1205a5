#include "harness/ladder/ladder_plan.h"

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string_view>
#include <nlohmann/json.hpp>

#include "harness/catalogue/catalogue.h"
#include "harness/config/engine_spec.h"
#include "harness/epdrun/suite.h"
#include "harness/ladder/ladder_pool.h"
#include "harness/tc/time_control.h"

namespace arbiter::ladder {
namespace {

// At least two digits ("07"); larger numbers whole.
std::string two_digits(std::size_t n) {
    std::string text = std::to_string(n);
    return text.size() < 2 ? "0" + text : text;
}

// "0.1" rather than "0.100000": the factor is part of a ladder name.
std::string short_number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

void apply(config::EngineSpec& spec, const std::string& token, const std::string& where) {
    try {
        config::apply_engine_token(spec, token, where);
    } catch (const config::ConfigError& error) {
        throw LadderConfigError(error.what());
    }
}

// The limit keys `limits` gives replace the engine's own, as the gauntlet's clock replaces any.
void set_limits(config::EngineSpec& spec, const config::EngineSpec& limits) {
    if (limits.tc) spec.tc = limits.tc;
    if (limits.st) spec.st = limits.st;
    if (limits.nodes) spec.nodes = limits.nodes;
    if (limits.depth) spec.depth = limits.depth;
    if (limits.timemargin_ms) spec.timemargin_ms = limits.timemargin_ms;
}

// The gauntlet's clock, scaled by --tc-scale; a margin only when the file gives one.
config::EngineSpec gauntlet_limits(const LadderConfig& config, double factor) {
    config::EngineSpec limits;
    const tc::TimeControl clock = tc::scaled(config.tc, factor);
    limits.tc = config::TimeControlSetting{clock, tc::to_pgn_string(clock)};
    if (config.timemargin_ms > 0) limits.timemargin_ms = config.timemargin_ms;
    return limits;
}

// Node limits need UCI; xboard opponents play the smoke run's short clock instead.
void apply_limits(const LadderPlan& plan, config::EngineSpec& spec) {
    if (!plan.smoke) {
        set_limits(spec, gauntlet_limits(plan.config, plan.tc_scale));
    } else if (spec.proto == protocol::Protocol::Uci) {
        spec.nodes = plan.config.smoke.nodes;
    } else {
        set_limits(spec, plan.config.smoke.xboard_limits);
    }
}

LadderOpponent resolved_opponent(const LadderPlan& plan, LadderOpponent opponent,
                                 const catalogue::Catalogue& catalogue) {
    const std::string where = plan.config.source + ": opponent " + opponent.name;
    try {
        catalogue::resolve_catalogue_reference(opponent.spec, catalogue, where);
    } catch (const config::ConfigError& error) {
        throw LadderConfigError(error.what());
    }
    apply_limits(plan, opponent.spec);
    return opponent;
}

PlannedStep planned_step(const LadderPlan& plan, const LadderStep& step, std::size_t index, const std::string& cmd) {
    PlannedStep planned;
    planned.step = step;
    planned.player = plan.config.engine_name + " " + two_digits(index + 1) + " " + step.id;
    planned.spec = plan.config.engine;
    planned.spec.name = planned.player;
    const std::string where = plan.config.source + ": steps[" + std::to_string(index) + "]";
    if (step.rev.empty()) {
        if (planned.spec.cmd.empty()) planned.spec.cmd = cmd;
        for (const auto& [name, value] : step.options) apply(planned.spec, "option." + name + "=" + value, where);
    } else {
        planned.spec.build = step.rev;
    }
    apply_limits(plan, planned.spec);
    return planned;
}

// Settings that change what a game is worth go into the name, so one database can hold a quick
// and a full ladder side by side and `report features --ladder NAME` picks one.
std::string ladder_name(const LadderConfig& config, const PlanOptions& options) {
    std::string name = config.name;
    if (options.smoke) name += "-smoke";
    else if (options.tc_scale != 1.0) name += "-tc" + short_number(options.tc_scale);
    if (options.games_per_opponent) name += "-g" + std::to_string(*options.games_per_opponent);
    // A target decides how many games each step plays, not what a game is worth: one name for every
    // target and budget, so a run continues under a tighter target, but never mixed with fixed counts.
    if (options.target) name += "-target";
    return name;
}

// A smoke run measures what the file asks for at its own small depth, nodes and pairs; a scaled
// clock does not change a depth or a node count.
void apply_measure(LadderPlan& plan, const MeasureSettings& measure) {
    const SmokeSettings& smoke = plan.config.smoke;
    plan.time_to_depth = measure.time_to_depth;
    plan.fixed_nodes = measure.fixed_nodes;
    plan.speed = measure.speed;
    if (!plan.smoke) return;
    if (plan.time_to_depth) plan.time_to_depth->depth = smoke.measure_depth;
    if (plan.fixed_nodes) *plan.fixed_nodes = FixedNodeSettings{smoke.nodes, smoke.measure_pairs};
    if (plan.speed) plan.speed->nodes = smoke.measure_speed_nodes;
}

// A spec searching `nodes` per move whatever limits it had: in a fixed-node match only the node
// count may decide how far an engine searches.
config::EngineSpec at_nodes(config::EngineSpec spec, std::uint64_t nodes) {
    spec.tc.reset();
    spec.st.reset();
    spec.depth.reset();
    spec.timemargin_ms.reset();
    spec.nodes = nodes;
    return spec;
}

// What every match of the ladder shares: one gauntlet round, each opening with both colours, the
// file's openings, seed and adjudication, and engines recovered after a crash so that one failure
// does not stop a long ladder.
config::MatchConfig ladder_match(const LadderPlan& plan, const std::string& db, int concurrency) {
    config::MatchConfig match;
    match.tournament = "gauntlet";
    match.rounds = 1;
    match.repeat = true;
    match.openings = plan.config.openings;
    match.draw = plan.config.draw;
    match.resign = plan.config.resign;
    match.maxmoves = plan.config.maxmoves;
    match.seed = plan.config.seed;
    match.seed_given = true;
    match.recover = true;
    match.concurrency = concurrency;
    match.db = db;
    return match;
}

}  // namespace

LadderPlan make_plan(const LadderConfig& config, const PlanOptions& options) {
    LadderPlan plan;
    plan.config = config;
    plan.smoke = options.smoke;
    plan.tc_scale = options.tc_scale;
    plan.ladder = ladder_name(config, options);
    plan.time_control = options.smoke ? "nodes=" + std::to_string(config.smoke.nodes)
                                      : tc::to_pgn_string(tc::scaled(config.tc, options.tc_scale));
    plan.games_per_opponent = options.target               ? kTargetGamesPerOpponent
                              : options.games_per_opponent ? *options.games_per_opponent
                              : options.smoke              ? config.smoke.games_per_opponent
                                                           : config.games_per_opponent;
    plan.target = options.target;
    if (plan.target) plan.target->margin = config.target_margin;
    const catalogue::Catalogue catalogue = catalogue::Catalogue::builtin();
    // A smoke run's own opponents are a fixed gauntlet, pool or not (they answer a node limit).
    const bool smoke_gauntlet = options.smoke && !config.smoke.opponents.empty();
    const auto& opponents = smoke_gauntlet ? config.smoke.opponents
                            : config.pool  ? config.pool->opponents
                                           : config.opponents;
    for (const auto& opponent : opponents) plan.opponents.push_back(resolved_opponent(plan, opponent, catalogue));
    if (config.pool && !smoke_gauntlet) plan.pool = pool_plan(*config.pool);
    for (std::size_t i = 0; i < config.steps.size(); ++i)
        plan.steps.push_back(planned_step(plan, config.steps[i], i, options.engine_cmd));
    plan.wac_suite = config.wac.suite;
    plan.wac_runs = config.wac.runs;
    // Nodes are not a clock: --tc-scale leaves them alone; a smoke run searches its own few.
    if (config.wac.nodes) plan.wac_nodes = options.smoke ? config.smoke.nodes : *config.wac.nodes;
    if (config.measure) apply_measure(plan, *config.measure);
    if (options.smoke) {
        plan.wac_movetime_ms = config.smoke.wac_movetime_ms;
        plan.wac_positions = config.smoke.wac_positions;
    } else {
        plan.wac_movetime_ms =
            std::max<std::int64_t>(1, std::llround(static_cast<double>(config.wac.movetime_ms) * options.tc_scale));
        plan.wac_positions = config.wac.positions;
    }
    return plan;
}

std::string wac_limit_text(const LadderPlan& plan) {
    return plan.wac_nodes ? "nodes=" + std::to_string(*plan.wac_nodes)
                          : "movetime=" + std::to_string(plan.wac_movetime_ms);
}

std::string measure_positions(const std::string& given, const std::string& key) {
    if (!given.empty()) return given;
    return epdrun::bundled_suite_path("bench.epd", "give " + key);
}

void check_ladder_files(const LadderPlan& plan) {
    try {
        epdrun::load_suite(plan.wac_suite.empty() ? epdrun::default_suite_path() : plan.wac_suite);
    } catch (const std::exception& error) {  // io::SourceError names the suite's file and line
        throw LadderConfigError(plan.config.source + ": wac.suite: " + error.what());
    }
    const auto check_positions = [&](const std::string& given, const std::string& key) {
        try {
            epdrun::load_suite(measure_positions(given, key), epdrun::SuiteUse::search_only);
        } catch (const std::exception& error) {
            throw LadderConfigError(plan.config.source + ": " + key + ": " + error.what());
        }
    };
    if (plan.time_to_depth) check_positions(plan.time_to_depth->positions, kTimeToDepthPositionsKey);
    if (plan.speed) check_positions(plan.speed->positions, kSpeedPositionsKey);
}

config::MatchConfig step_match_config(const LadderPlan& plan, std::size_t index, const std::string& db,
                                      std::optional<config::ShardSpec> shard, int concurrency) {
    config::MatchConfig match = ladder_match(plan, db, concurrency);
    match.engines.push_back(plan.steps.at(index).spec);
    for (const auto& opponent : plan.opponents) match.engines.push_back(opponent.spec);
    if (plan.config.head_to_head && index > 0) match.engines.push_back(plan.steps[index - 1].spec);
    match.games = plan.games_per_opponent;
    match.shard = shard;
    match.event = "arbiter ladder " + plan.ladder;
    return match;
}

config::MatchConfig fixed_node_match_config(const LadderPlan& plan, std::size_t index, const std::string& db,
                                            int concurrency) {
    const FixedNodeSettings& settings = plan.fixed_nodes.value();
    config::MatchConfig match = ladder_match(plan, db, concurrency);
    match.engines = {at_nodes(plan.steps.at(index).spec, settings.nodes),
                     at_nodes(plan.steps.at(index - 1).spec, settings.nodes)};
    match.games = 2 * settings.pairs;
    match.event = "arbiter ladder " + plan.ladder + ": fixed nodes";
    return match;
}

nlohmann::json time_to_depth_json(const TimeToDepthSettings& settings) {
    return {{"depth", settings.depth}, {"positions", settings.positions}};
}

nlohmann::json fixed_nodes_json(const FixedNodeSettings& settings) {
    return {{"nodes", settings.nodes}, {"pairs", settings.pairs}};
}

nlohmann::json speed_json(const SpeedSettings& settings) {
    return {{"nodes", settings.nodes}, {"positions", settings.positions}};
}

namespace {

// The seed's figures of every step (null where it gives none), or null when no step has any.
nlohmann::json seed_json(const LadderPlan& plan) {
    nlohmann::json steps = nlohmann::json::array();
    bool any = false;
    for (const auto& planned : plan.steps) {
        if (!planned.step.seed) {
            steps.push_back(nullptr);
            continue;
        }
        any = true;
        const SeedFigures& seed = *planned.step.seed;
        nlohmann::json figures = nlohmann::json::object();
        if (!seed.date.empty()) figures["date"] = seed.date;
        if (!seed.rev.empty()) figures["rev"] = seed.rev;
        if (seed.wac) figures["wac"] = *seed.wac;
        if (seed.elo) figures["elo"] = *seed.elo;
        if (seed.improvement) figures["improvement"] = *seed.improvement;
        if (seed.record) figures["wdl"] = {seed.record->wins, seed.record->draws, seed.record->losses};
        if (seed.improvement_error95) figures["improvement_error95"] = *seed.improvement_error95;
        if (!seed.note.empty()) figures["note"] = seed.note;
        steps.push_back(figures);
    }
    if (!any) return nullptr;
    return {{"source", plan.config.seed_source}, {"steps", steps}};
}

// The WAC settings; `nodes`, `runs` and `limit` only when the file asks for nodes or several runs,
// so plans of ladders without them keep their stored key (and their run).
nlohmann::json wac_json(const LadderPlan& plan) {
    nlohmann::json wac = {
        {"suite", plan.wac_suite},
        {"movetime_ms", plan.wac_movetime_ms},
        {"positions", plan.wac_positions ? nlohmann::json(*plan.wac_positions) : nlohmann::json(nullptr)}};
    if (!plan.wac_nodes && plan.wac_runs == 1) return wac;
    if (plan.wac_nodes) {
        wac.erase("movetime_ms");
        wac["nodes"] = *plan.wac_nodes;
    }
    wac["runs"] = plan.wac_runs;
    wac["limit"] = wac_limit_text(plan);
    return wac;
}

}  // namespace

nlohmann::json plan_json(const LadderPlan& plan) {
    nlohmann::json anchors = nlohmann::json::object();
    nlohmann::json opponents = nlohmann::json::array();
    for (const auto& opponent : plan.opponents) {
        opponents.push_back(opponent.name);
        if (opponent.anchor) anchors[opponent.name] = *opponent.anchor;
    }
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& step : plan.steps) steps.push_back(step.player);
    nlohmann::json plan_object = {{"ladder", plan.ladder},
                                  {"config_name", plan.config.name},
                                  {"description", plan.config.description},
                                  {"smoke", plan.smoke},
                                  {"tc_scale", plan.tc_scale},
                                  {"time_control", plan.time_control},
                                  {"games_per_opponent", plan.games_per_opponent},
                                  {"head_to_head", plan.config.head_to_head},
                                  {"opponents", opponents},
                                  {"anchors", anchors},
                                  {"steps", steps},
                                  {"wac", wac_json(plan)}};
    // Only when present, so plans of ladders without them keep their stored key (and their run).
    if (const nlohmann::json seed = seed_json(plan); !seed.is_null()) plan_object["seed"] = seed;
    if (plan.pool) plan_object["pool"] = pool_json(plan);
    if (plan.time_to_depth || plan.fixed_nodes || plan.speed) {
        nlohmann::json measure = nlohmann::json::object();
        if (plan.time_to_depth) measure["time_to_depth"] = time_to_depth_json(*plan.time_to_depth);
        if (plan.fixed_nodes) measure["fixed_nodes"] = fixed_nodes_json(*plan.fixed_nodes);
        if (plan.speed) measure["speed"] = speed_json(*plan.speed);
        plan_object["measure"] = measure;
    }
    if (plan.target) {
        plan_object["target"] = {
            {"error95", plan.target->error95},
            {"max_games", plan.target->max_games ? nlohmann::json(*plan.target->max_games) : nlohmann::json(nullptr)}};
        if (plan.target->margin != 1.0) plan_object["target"]["margin"] = plan.target->margin;
    }
    return plan_object;
}

namespace {

// Appends the parts as one quoted word for the shell-style split, after a space unless it is the
// first. Appended in place: g++ 12 warns falsely (-Wrestrict) on chains of string temporaries.
void append_quoted(std::string& text, std::initializer_list<std::string_view> parts) {
    if (!text.empty()) text += ' ';
    text += '\'';
    for (std::string_view part : parts) {
        for (char c : part) {
            if (c == '\'') {
                text += "'\\''";
            } else {
                text += c;
            }
        }
    }
    text += '\'';
}

}  // namespace

std::string engine_spec_text(const config::EngineSpec& spec) {
    std::string text;
    append_quoted(text, {"cmd=", spec.cmd});
    if (!spec.dir.empty()) append_quoted(text, {"dir=", spec.dir});
    for (const auto& arg : spec.args) append_quoted(text, {"arg=", arg});
    if (spec.proto == protocol::Protocol::Xboard) text += " proto=xboard";
    for (const auto& [name, value] : spec.options) append_quoted(text, {"option.", name, "=", value});
    for (const auto& [name, value] : spec.env) append_quoted(text, {"env.", name, "=", value});
    return text;
}

}  // namespace arbiter::ladder
