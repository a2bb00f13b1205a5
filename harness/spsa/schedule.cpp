#include "harness/spsa/schedule.h"

#include <algorithm>
#include <cmath>

namespace arbiter::spsa {

Schedule::Schedule(FileFormat format, Constants constants, int iterations, int pairs_per_iteration)
    : format_(format), constants_(constants), pairs_per_iteration_(pairs_per_iteration) {
    if (format == FileFormat::fishtest) {
        length_ = static_cast<double>(iterations) * pairs_per_iteration;
        stability_ = std::floor(constants.a_ratio * length_);  // fishtest stores int(A_ratio * num_games / 2)
    } else {
        length_ = iterations;
        stability_ = constants.a_ratio * length_;
    }
}

double Schedule::step_index(int iteration) const {
    if (format_ == FileFormat::fishtest) return static_cast<double>(iteration - 1) * pairs_per_iteration_ + 1.0;
    return iteration;
}

Gains Schedule::gains(const Parameter& param, int iteration) const {
    const double k = step_index(iteration);
    const double c_start = param.c_end * std::pow(length_, constants_.gamma);
    const double a_end = param.r_end * param.c_end * param.c_end;
    const double a = a_end * std::pow(stability_ + length_, constants_.alpha);
    double c = c_start / std::pow(k, constants_.gamma);
    // OpenBench never perturbs an integer by less than half a unit, so its rounding still moves it.
    if (format_ == FileFormat::openbench && !param.is_float) c = std::max(c, 0.5);
    return Gains{c, a / std::pow(stability_ + k, constants_.alpha) / (c * c)};
}

}  // namespace arbiter::spsa
