#include "harness/spsa/perturbation.h"

#include <random>

namespace arbiter::spsa {
namespace {

// std::mt19937_64 and std::seed_seq are specified to the bit; the standard distributions are not, so
// the bits are turned into a flip and a uniform here.
double uniform(std::mt19937_64& bits) { return static_cast<double>(bits() >> 11) * 0x1.0p-53; }

}  // namespace

Perturbation draw_perturbation(std::uint64_t seed, int iteration, std::size_t parameters) {
    std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                           static_cast<std::uint32_t>(iteration)};
    std::mt19937_64 bits(sequence);
    Perturbation drawn;
    for (std::size_t i = 0; i < parameters; ++i) {
        drawn.flips.push_back((bits() >> 63) != 0 ? 1 : -1);
        drawn.plus_uniforms.push_back(uniform(bits));
        drawn.minus_uniforms.push_back(uniform(bits));
    }
    return drawn;
}

}  // namespace arbiter::spsa
