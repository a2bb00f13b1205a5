#pragma once
// One parameter's move in one iteration: the option values of the θ+ and θ− engines, and θ after the
// games (README.md: "Perturbation and rounding", "Update").

#include <cstdint>

#include "harness/spsa/parameter_file.h"

namespace arbiter::spsa {

struct EngineValues {
    double plus = 0.0;   // θ + c·flip, clamped and (integers) rounded
    double minus = 0.0;  // θ − c·flip
};

// fishtest clamps, then rounds each side with its own uniform (floor(x + u)); OpenBench rounds both
// sides with the same uniform, then clamps; floats are never rounded.
EngineValues engine_values(FileFormat format, const Parameter& param, double theta, double c, int flip,
                           double plus_uniform, double minus_uniform);

// θ + R·c·(wins − losses)·flip, clamped to [min, max]; wins and losses are θ+'s.
double updated_theta(const Parameter& param, double theta, double c, double r, int flip, std::int64_t wins,
                     std::int64_t losses);

}  // namespace arbiter::spsa
