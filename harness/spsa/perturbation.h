#pragma once
// The random part of one iteration, drawn from the run's stored seed and the iteration's number
// alone, so that a resumed or replayed iteration draws the same perturbation and the same roundings.

#include <cstdint>
#include <vector>

namespace arbiter::spsa {

struct Perturbation {
    std::vector<int> flips;              // -1 or +1 per parameter
    std::vector<double> plus_uniforms;   // in [0, 1): the θ+ value's stochastic rounding
    std::vector<double> minus_uniforms;  // the θ− value's (OpenBench uses plus_uniforms for both)
};

Perturbation draw_perturbation(std::uint64_t seed, int iteration, std::size_t parameters);

}  // namespace arbiter::spsa
