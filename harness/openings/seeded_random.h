#pragma once
// A small deterministic generator (SplitMix64) with our own bounded draw. std::mt19937 is
// portable but the std:: distributions are not (libstdc++ and libc++ draw differently), and a
// resumed or sharded run must pick the same opening for the same pair on any machine.

#include <cstdint>

namespace arbiter::openings {

class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // Uniform in [0, bound); bound > 0. Rejection sampling removes the modulo bias.
    std::uint64_t below(std::uint64_t bound) {
        const std::uint64_t threshold = (0 - bound) % bound;
        for (;;) {
            std::uint64_t value = next();
            if (value >= threshold) return value % bound;
        }
    }

private:
    std::uint64_t state_;
};

// A seed for one item of a schedule, so item i's draws do not depend on how many draws
// items before it needed.
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) {
    SeededRandom mixer(seed ^ (index * 0xD1B54A32D192ED03ULL + 0x8CB92BA72F3D8DD7ULL));
    return mixer.next();
}

}  // namespace arbiter::openings
