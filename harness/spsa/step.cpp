#include "harness/spsa/step.h"

#include <algorithm>
#include <cmath>

namespace arbiter::spsa {
namespace {

double clamped(const Parameter& param, double value) { return std::clamp(value, param.min, param.max); }

double stochastic_round(double value, double uniform) { return std::floor(value + uniform); }

}  // namespace

EngineValues engine_values(FileFormat format, const Parameter& param, double theta, double c, int flip,
                           double plus_uniform, double minus_uniform) {
    const double plus = theta + c * flip;
    const double minus = theta - c * flip;
    if (param.is_float) return EngineValues{clamped(param, plus), clamped(param, minus)};
    if (format == FileFormat::fishtest)
        return EngineValues{stochastic_round(clamped(param, plus), plus_uniform),
                            stochastic_round(clamped(param, minus), minus_uniform)};
    return EngineValues{clamped(param, stochastic_round(plus, plus_uniform)),
                        clamped(param, stochastic_round(minus, plus_uniform))};
}

double updated_theta(const Parameter& param, double theta, double c, double r, int flip, std::int64_t wins,
                     std::int64_t losses) {
    return clamped(param, theta + r * c * static_cast<double>(wins - losses) * flip);
}

}  // namespace arbiter::spsa
