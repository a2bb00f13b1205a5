#pragma once
// The gain schedules: c_k (the perturbation's size) and R_k (the learning rate, a_k / c_k^2) of one
// parameter at one iteration, as fishtest and OpenBench compute them (README.md gives the formulas
// and where each one comes from). An iteration here is a batch of K game pairs played with one
// perturbation, which is one worker batch to fishtest and one iteration to OpenBench.

#include "harness/spsa/parameter_file.h"

namespace arbiter::spsa {

struct Constants {
    double alpha = 0.602;
    double gamma = 0.101;
    double a_ratio = 0.1;  // A as a share of the schedule's length
};

struct Gains {
    double c = 0.0;
    double r = 0.0;
};

class Schedule {
public:
    Schedule(FileFormat format, Constants constants, int iterations, int pairs_per_iteration);

    // The schedule's length N and its stability constant A, in the tool's unit: game pairs for
    // fishtest, iterations for OpenBench.
    double length() const { return length_; }
    double stability() const { return stability_; }
    // k of the 1-based iteration: fishtest counts the pairs played before it plus one.
    double step_index(int iteration) const;
    Gains gains(const Parameter& param, int iteration) const;

private:
    FileFormat format_;
    Constants constants_;
    int pairs_per_iteration_;
    double length_;
    double stability_;
};

}  // namespace arbiter::spsa
