#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/eval_param_list.h"
#include "engine/eval_trace.h"
#include "engine/tune/optimizers.h"

namespace tempo::tune {

namespace {

// Kingma & Ba's defaults.
constexpr double kBeta1 = 0.9;
constexpr double kBeta2 = 0.999;
constexpr double kEpsilon = 1e-8;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TuneSpace make_tune_space(const TrainingSet& set, const EvalParams& start,
                          const std::vector<std::string>& name_prefixes) {
    std::vector<bool> used(kParamSlots, false);
    for (const TraceTerm& term : set.terms) used[term.slot] = true;
    TuneSpace space;
    const std::vector<int> start_slots = params_to_slots(start);
    space.start.assign(start_slots.begin(), start_slots.end());
    for (const ParamInfo& info : eval_param_list()) {
        if (!info.tunable || !used[info.slot]) continue;
        const bool selected = name_prefixes.empty() ||
                              std::any_of(name_prefixes.begin(), name_prefixes.end(), [&](const std::string& prefix) {
                                  return info.name.compare(0, prefix.size(), prefix) == 0;
                              });
        if (!selected) continue;
        space.slots.push_back(info.slot);
        space.min.push_back(info.min);
        space.max.push_back(info.max);
    }
    return space;
}

EvalParams round_to_params(const TuneSpace& space, const std::vector<double>& values) {
    std::vector<int> slots(values.size());
    for (std::size_t slot = 0; slot < values.size(); ++slot) slots[slot] = int(std::lround(values[slot]));
    for (std::size_t i = 0; i < space.slots.size(); ++i) {
        int& value = slots[space.slots[i]];
        value = std::clamp(value, int(space.min[i]), int(space.max[i]));
    }
    return params_from_slots(slots);
}

TuneResult run_adam(const TexelError& objective, const TuneSpace& space, double k, const AdamSettings& settings,
                    std::ostream& progress) {
    const auto start = std::chrono::steady_clock::now();
    TuneResult result;
    result.values = space.start;
    std::vector<double> gradient, first_moment(space.slots.size(), 0.0), second_moment(space.slots.size(), 0.0);
    double last_report = 0;
    std::vector<double> best_values = result.values;
    double best_validation = settings.validation ? settings.validation->error(result.values, k) : 0;
    long long best_epoch = 0;
    for (long long epoch = 1; epoch <= settings.stop.max_iterations; ++epoch) {
        result.error = objective.error_and_gradient(result.values, k, gradient);
        const double bias1 = 1.0 - std::pow(kBeta1, double(epoch)), bias2 = 1.0 - std::pow(kBeta2, double(epoch));
        for (std::size_t i = 0; i < space.slots.size(); ++i) {
            const double g = gradient[space.slots[i]];
            first_moment[i] = kBeta1 * first_moment[i] + (1.0 - kBeta1) * g;
            second_moment[i] = kBeta2 * second_moment[i] + (1.0 - kBeta2) * g * g;
            const double step =
                settings.learning_rate * (first_moment[i] / bias1) / (std::sqrt(second_moment[i] / bias2) + kEpsilon);
            double& value = result.values[space.slots[i]];
            value = std::clamp(value - step, space.min[i], space.max[i]);
        }
        result.iterations = epoch;
        if (settings.validation && epoch % settings.validation_interval == 0) {
            const double validation = settings.validation->error(result.values, k);
            if (validation < best_validation)
                best_validation = validation, best_values = result.values, best_epoch = epoch;
        }
        result.seconds = seconds_since(start);
        const bool out_of_time = settings.stop.max_seconds > 0 && result.seconds >= settings.stop.max_seconds;
        if (result.seconds - last_report >= settings.stop.report_seconds || epoch == settings.stop.max_iterations ||
            out_of_time) {
            last_report = result.seconds;
            progress << "adam epoch " << epoch << " error " << result.error << " epochs/s "
                     << double(epoch) / std::max(result.seconds, 1e-9);
            if (settings.validation) progress << " best validation " << best_validation << " at epoch " << best_epoch;
            progress << std::endl;
        }
        if (out_of_time) break;
    }
    if (settings.validation) result.values = best_values;
    // The error of the final values (the loop's error belongs to the values before the last step).
    result.error = objective.error(result.values, k);
    return result;
}

}  // namespace tempo::tune
