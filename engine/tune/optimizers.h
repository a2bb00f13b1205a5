// The two minimisers of the Texel error: a particle swarm (the seed's, gradient-free) and
// Adam (gradient descent over the eval trace). Both vary only the tuned slots, within their
// bounds, and report progress lines: iteration, error, iterations per second.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engine/eval_params.h"
#include "engine/tune/texel_error.h"

namespace tempo::tune {

// Which slots are tuned and how far they may go.
struct TuneSpace {
    std::vector<int> slots;        // tunable slots that occur in the data
    std::vector<double> min, max;  // bounds, parallel to slots
    std::vector<double> start;     // every slot's starting value (untuned slots keep theirs)
};

// Tunable slots (eval_param_list) that some sample's trace uses; the rest cannot move the error.
// With `name_prefixes` non-empty, only parameters whose name starts with one of them.
TuneSpace make_tune_space(const TrainingSet& set, const EvalParams& start,
                          const std::vector<std::string>& name_prefixes = {});

struct StopRule {
    long long max_iterations = 1000;
    double max_seconds = 0;     // 0: no time limit
    double report_seconds = 5;  // a progress line at most this often (and at the end)
};

struct TuneResult {
    std::vector<double> values;  // by slot
    double error = 0;
    long long iterations = 0;
    double seconds = 0;
};

struct AdamSettings {
    double learning_rate = 1.0;  // centipawns per step, before Adam's per-parameter scaling
    StopRule stop;
    // Early stopping: every `validation_interval` epochs the held-out error is measured and the
    // result is the values where it was lowest (small data sets overfit long before Adam converges).
    const TexelError* validation = nullptr;
    int validation_interval = 10;
};
TuneResult run_adam(const TexelError& objective, const TuneSpace& space, double k, const AdamSettings& settings,
                    std::ostream& progress);

struct SwarmSettings {
    int swarms = 2;  // one thread each
    int particles_per_swarm = 10;
    std::uint64_t seed = 1;
    StopRule stop;
};
TuneResult run_swarm(const TexelError& objective, const TuneSpace& space, double k, const SwarmSettings& settings,
                     std::ostream& progress);

// Rounds to ints and clamps into bounds: the values the eval will use.
EvalParams round_to_params(const TuneSpace& space, const std::vector<double>& values);

}  // namespace tempo::tune
