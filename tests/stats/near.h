#pragma once
// Tolerance helpers: Catch's Approx adds a relative epsilon by default, which would hide errors
// larger than 1e-6 on ratings around 2300, so it is switched off here.
#include <catch2/catch.hpp>

namespace stats_test {

// Absolute tolerance of 1e-6 (Elo, LLR, probabilities).
inline Approx near(double expected) { return Approx(expected).margin(1e-6).epsilon(0.0); }
// Published values printed with two decimals.
inline Approx near_2dp(double expected) { return Approx(expected).margin(0.005).epsilon(0.0); }

}  // namespace stats_test
