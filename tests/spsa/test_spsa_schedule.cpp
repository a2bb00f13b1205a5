// The gain schedules, roundings and update against values derived by hand (the arithmetic is in the
// comments), never against the formulas recomputed.
#include <catch2/catch.hpp>

#include <set>

#include "harness/spsa/perturbation.h"
#include "harness/spsa/schedule.h"
#include "harness/spsa/step.h"

using namespace arbiter::spsa;
using Catch::Detail::Approx;

namespace {

Parameter param(double c_end, double r_end, bool is_float = false, double min = 0, double max = 1000) {
    Parameter p;
    p.name = "P";
    p.is_float = is_float;
    p.start = min;
    p.min = min;
    p.max = max;
    p.c_end = c_end;
    p.r_end = r_end;
    return p;
}

}  // namespace

TEST_CASE("fishtest's schedule counts game pairs: alpha = gamma = 1 by hand", "[unit]") {
    // 10 iterations of 5 pairs: N = 50 pairs, A = int(0.1 * 50) = 5.
    // c = c_end * N = 4 * 50 = 200; a = r_end * c_end^2 * (A + N) = 0.002 * 16 * 55 = 1.76.
    const Schedule schedule(FileFormat::fishtest, Constants{1.0, 1.0, 0.1}, 10, 5);
    CHECK(schedule.length() == 50);
    CHECK(schedule.stability() == 5);
    CHECK(schedule.step_index(1) == 1);
    CHECK(schedule.step_index(10) == 46);  // 9 iterations of 5 pairs played before it, plus one
    const Gains first = schedule.gains(param(4, 0.002), 1);
    CHECK(first.c == Approx(200.0));                 // 200 / 1
    CHECK(first.r == Approx(1.76 / 6.0 / 40000.0));  // a / (A + 1) / c^2 = 7.3333e-6
    const Gains last = schedule.gains(param(4, 0.002), 10);
    CHECK(last.c == Approx(4.3478260870));  // 200 / 46
    CHECK(last.r == Approx(0.0018255700));  // 1.76 / 51 / 18.903591
}

TEST_CASE("fishtest's schedule reaches c_end and r_end at its last pair", "[unit]") {
    // At k = N: c = c_end N^g / N^g = c_end, R = r_end c_end^2 (A+N)^a / (A+N)^a / c_end^2 = r_end.
    const Schedule schedule(FileFormat::fishtest, Constants{}, 40, 1);
    const Gains end = schedule.gains(param(6, 0.0025), 40);
    CHECK(end.c == Approx(6.0));
    CHECK(end.r == Approx(0.0025));
}

TEST_CASE("fishtest's schedule with the default constants", "[unit]") {
    // 1000 iterations of 10 pairs: N = 10000, A = 1000; c_end 10, r_end 0.002.
    // c = 10 * 10000^0.101 = 10 * e^(0.101 * 9.210340) = 25.351286.
    const Schedule schedule(FileFormat::fishtest, Constants{}, 1000, 10);
    CHECK(schedule.stability() == 1000);
    const Gains first = schedule.gains(param(10, 0.002), 1);
    CHECK(first.c == Approx(25.351286));
    CHECK(first.r == Approx(0.00131731));                        // 0.2 * 11000^0.602 / 1001^0.602 / 25.351286^2
    const Gains middle = schedule.gains(param(10, 0.002), 501);  // k = 5001
    CHECK(middle.c == Approx(10.7249495));                       // 25.351286 / 5001^0.101
    CHECK(middle.r == Approx(0.00250419));
}

TEST_CASE("OpenBench's schedule counts iterations, and an int's c never drops under 0.5", "[unit]") {
    // 10 iterations, alpha = gamma = 1: N = 10, A = 0.1 * 10 = 1; c = 4 * 10 = 40; a = 0.032 * 11 = 0.352.
    const Schedule schedule(FileFormat::openbench, Constants{1.0, 1.0, 0.1}, 10, 8);
    CHECK(schedule.length() == 10);
    CHECK(schedule.stability() == 1.0);
    CHECK(schedule.step_index(5) == 5);
    const Gains first = schedule.gains(param(4, 0.002), 1);
    CHECK(first.c == Approx(40.0));
    CHECK(first.r == Approx(0.00011));  // 0.352 / 2 / 1600
    const Gains fifth = schedule.gains(param(4, 0.002), 5);
    CHECK(fifth.c == Approx(8.0));          // 40 / 5
    CHECK(fifth.r == Approx(0.000916667));  // 0.352 / 6 / 64
    // c_end 0.05: c_10 = 0.05 * 10 / 10 = 0.05, raised to 0.5 for an int, kept for a float.
    CHECK(schedule.gains(param(0.05, 0.002), 10).c == Approx(0.5));
    CHECK(schedule.gains(param(0.05, 0.002, true), 10).c == Approx(0.05));
    // The defaults: 1000 iterations, A = 100, c_end 2: c_1 = 2 * 1000^0.101 = 4.0181856.
    const Schedule defaults(FileFormat::openbench, Constants{}, 1000, 8);
    CHECK(defaults.stability() == Approx(100.0));
    CHECK(defaults.gains(param(2, 0.002), 1).c == Approx(4.0181856));
    CHECK(defaults.gains(param(2, 0.002), 1).r == Approx(0.00208616));
    CHECK(defaults.gains(param(2, 0.002), 500).c == Approx(2.1450332));
    CHECK(defaults.gains(param(2, 0.002), 500).r == Approx(0.00250434));
}

TEST_CASE("fishtest clamps then rounds each side with its own uniform", "[unit]") {
    const Parameter p = param(1, 0.002, false, 0, 20);
    // θ 10.3, c 2, flip +1: 12.3 and 8.3; floor(12.3 + 0.6) = 12, floor(8.3 + 0.7) = 9.
    EngineValues v = engine_values(FileFormat::fishtest, p, 10.3, 2.0, 1, 0.6, 0.7);
    CHECK(v.plus == 12);
    CHECK(v.minus == 9);
    // floor(12.3 + 0.75) = 13, floor(8.3 + 0.69) = 8.
    v = engine_values(FileFormat::fishtest, p, 10.3, 2.0, 1, 0.75, 0.69);
    CHECK(v.plus == 13);
    CHECK(v.minus == 8);
    // θ 19.5, flip -1: θ− = 21.5 is clamped to 20 first, and floor(20 + u) stays 20.
    v = engine_values(FileFormat::fishtest, p, 19.5, 2.0, -1, 0.99, 0.99);
    CHECK(v.plus == 18);  // floor(17.5 + 0.99)
    CHECK(v.minus == 20);
}

TEST_CASE("OpenBench rounds both sides with one uniform, then clamps; floats are not rounded", "[unit]") {
    const Parameter p = param(1, 0.002, false, 0, 20);
    // θ 10.3, c 2, flip -1: θ+ = 8.3, θ− = 12.3; u 0.75: floor(9.05) = 9, floor(13.05) = 13.
    EngineValues v = engine_values(FileFormat::openbench, p, 10.3, 2.0, -1, 0.75, 0.0);
    CHECK(v.plus == 9);
    CHECK(v.minus == 13);
    // θ 19.5, flip +1, u 0.6: floor(22.1) = 22, clamped to 20; floor(18.1) = 18.
    v = engine_values(FileFormat::openbench, p, 19.5, 2.0, 1, 0.6, 0.0);
    CHECK(v.plus == 20);
    CHECK(v.minus == 18);
    const Parameter f = param(1, 0.002, true, 0, 20);
    v = engine_values(FileFormat::openbench, f, 10.3, 2.0, 1, 0.6, 0.6);
    CHECK(v.plus == Approx(12.3));
    CHECK(v.minus == Approx(8.3));
}

TEST_CASE("θ moves by R c (wins - losses) flip and stays in its range", "[unit]") {
    const Parameter p = param(1, 0.002, false, 0, 200);
    // 100 + 0.002 * 5 * (7 - 3) * -1 = 99.96
    CHECK(updated_theta(p, 100.0, 5.0, 0.002, -1, 7, 3) == Approx(99.96));
    // 100 + 0.002 * 5 * (2 - 6) * -1 = 100.04
    CHECK(updated_theta(p, 100.0, 5.0, 0.002, -1, 2, 6) == Approx(100.04));
    // 0.5 + 0.1 * 5 * 4 * -1 = -1.5, clamped to 0; 199 + 2 = 201, clamped to 200.
    CHECK(updated_theta(p, 0.5, 5.0, 0.1, -1, 4, 0) == 0.0);
    CHECK(updated_theta(p, 199.0, 5.0, 0.1, 1, 4, 0) == 200.0);
}

TEST_CASE("a perturbation is drawn from the seed and the iteration alone", "[unit]") {
    const Perturbation a = draw_perturbation(42, 7, 64);
    const Perturbation b = draw_perturbation(42, 7, 64);
    CHECK(a.flips == b.flips);
    CHECK(a.plus_uniforms == b.plus_uniforms);
    CHECK(a.minus_uniforms == b.minus_uniforms);
    CHECK(draw_perturbation(42, 8, 64).flips != a.flips);
    CHECK(draw_perturbation(43, 7, 64).flips != a.flips);
    CHECK(std::set<int>(a.flips.begin(), a.flips.end()) == std::set<int>{-1, 1});
    for (std::size_t i = 0; i < 64; ++i) {
        CHECK(a.plus_uniforms[i] >= 0.0);
        CHECK(a.plus_uniforms[i] < 1.0);
        CHECK(a.minus_uniforms[i] >= 0.0);
        CHECK(a.minus_uniforms[i] < 1.0);
    }
}
