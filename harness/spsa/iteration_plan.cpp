#include "harness/spsa/iteration_plan.h"

#include <algorithm>
#include <filesystem>

#include "harness/spsa/paste_back.h"
#include "harness/spsa/perturbation.h"
#include "harness/spsa/step.h"

namespace arbiter::spsa {
namespace {

std::string tuned_name(const config::EngineSpec& spec) {
    if (!spec.name.empty()) return spec.name;
    const std::string stem = std::filesystem::path(spec.cmd).filename().string();
    return stem.empty() ? "engine" : stem;
}

void set_option(config::EngineSpec& spec, const std::string& name, const std::string& value) {
    const auto same = [&](const auto& option) { return option.first == name; };
    const auto found = std::find_if(spec.options.begin(), spec.options.end(), same);
    if (found != spec.options.end()) found->second = value;
    else spec.options.emplace_back(name, value);
}

config::EngineSpec side(const config::EngineSpec& tuned, const std::vector<Parameter>& params,
                        const db::SpsaIterationRecord& iteration, bool plus) {
    config::EngineSpec spec = tuned;
    spec.name = tuned_name(tuned) + (plus ? "+" : "-");
    for (const auto& step : iteration.steps) {
        const Parameter& param = params.at(static_cast<std::size_t>(step.param_index));
        set_option(spec, param.name, value_text(param, plus ? step.plus_value : step.minus_value));
    }
    return spec;
}

}  // namespace

db::SpsaIterationRecord plan_iteration(const ParameterFile& file, const Schedule& schedule, std::uint64_t seed,
                                       int iteration, const std::vector<double>& theta) {
    const Perturbation drawn = draw_perturbation(seed, iteration, file.params.size());
    db::SpsaIterationRecord planned;
    planned.iteration = iteration;
    for (std::size_t i = 0; i < file.params.size(); ++i) {
        const Parameter& param = file.params[i];
        const Gains gains = schedule.gains(param, iteration);
        const EngineValues values = engine_values(file.format, param, theta[i], gains.c, drawn.flips[i],
                                                  drawn.plus_uniforms[i], drawn.minus_uniforms[i]);
        planned.steps.push_back(db::SpsaParamStep{static_cast<int>(i), theta[i], drawn.flips[i], gains.c, gains.r,
                                                  values.plus, values.minus, std::nullopt});
    }
    return planned;
}

config::MatchConfig iteration_match(const config::MatchConfig& base, const std::vector<Parameter>& params,
                                    const db::SpsaIterationRecord& iteration, const std::string& run_name, int pairs,
                                    std::uint64_t seed) {
    config::MatchConfig match = base;
    const config::EngineSpec tuned = base.engines.at(0);
    match.engines = {side(tuned, params, iteration, true), side(tuned, params, iteration, false)};
    match.tournament = "round-robin";
    match.games = 2 * pairs;
    match.rounds = 1;
    match.repeat = true;
    match.repeat_count = 2;
    match.event = "arbiter spsa " + run_name + " iteration " + std::to_string(iteration.iteration);
    match.strict = true;                        // a tuned option the engine does not declare would be tuned on noise
    match.resume = config::ResumeMode::latest;  // a finished iteration whose θ after was not stored yet plays nothing
    // Each iteration draws its openings afresh (random order) or takes the next ones (sequential).
    match.seed = seed + static_cast<std::uint64_t>(iteration.iteration);
    match.seed_given = true;
    if (match.openings && match.openings->order == openings::BookOrder::Sequential)
        match.openings->start += static_cast<std::size_t>((iteration.iteration - 1) * pairs);
    return match;
}

std::vector<double> theta_after(const std::vector<Parameter>& params, const db::SpsaIterationRecord& iteration) {
    std::vector<double> theta;
    for (const auto& step : iteration.steps) {
        theta.push_back(updated_theta(params.at(static_cast<std::size_t>(step.param_index)), step.theta_before, step.c,
                                      step.r, step.flip, iteration.wins, iteration.losses));
    }
    return theta;
}

}  // namespace arbiter::spsa
