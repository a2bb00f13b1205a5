// The Texel objective: mean squared difference between game results and the win probability
// 1 / (1 + 10^(-eval / K)) of the traced evals, and its exact gradient.
#pragma once

#include <vector>

#include "engine/tune/training_set.h"

namespace tempo::tune {

double win_probability(double white_eval, double k);

class TexelError {
public:
    TexelError(const TrainingSet& set, int threads) : set_(&set), threads_(threads < 1 ? 1 : threads) {}

    // `values` is indexed by slot (see eval_trace.h).
    double error(const std::vector<double>& values, double k) const;
    // Single-threaded: for callers that already run one evaluation per thread (the swarm).
    double error_serial(const std::vector<double>& values, double k) const;
    // Fills `gradient` (by slot) and returns the error.
    double error_and_gradient(const std::vector<double>& values, double k, std::vector<double>& gradient) const;

    // The K in [kMinK, kMaxK] that minimises the error of `values` (golden-section search).
    double fit_k(const std::vector<double>& values) const;

    std::size_t size() const { return set_->samples.size(); }

    static constexpr double kMinK = 20.0;
    static constexpr double kMaxK = 2000.0;

private:
    const TrainingSet* set_;
    int threads_;
};

}  // namespace tempo::tune
