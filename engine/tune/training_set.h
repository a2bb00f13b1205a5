// Labelled positions turned into eval traces: the data both optimizers fit.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "engine/eval_params.h"
#include "engine/eval_trace.h"
#include "engine/features.h"
#include "engine/tune/labelled_positions.h"

namespace tempo::tune {

// One position's eval as a linear function of the parameter slots (White's view):
//   eval = (fixed_mg + sum mg terms) * mg_weight + (fixed_eg + sum eg terms) * eg_weight
struct Sample {
    std::uint32_t first_term = 0;  // mg terms, then eg terms, in TrainingSet::terms
    std::uint16_t mg_terms = 0;
    std::uint16_t eg_terms = 0;
    float fixed_mg = 0;
    float fixed_eg = 0;
    float mg_weight = 1;  // phase / kPhaseMax
    float eg_weight = 0;
    float white_result = 0.5f;  // the target: the game result, or its blend with the search score
    float white_score = std::numeric_limits<float>::quiet_NaN();  // centipawns, NaN when the data has none
};

struct TrainingSet {
    std::vector<Sample> samples;
    std::vector<TraceTerm> terms;
};

struct BuildCounts {
    long long resolved = 0;       // quiet leaf found and traced
    long long no_quiet_leaf = 0;  // the capture line ends in mate or check
    long long forced_draw = 0;    // the eval scores it 0 whatever the parameters
};

// Adds one traced position.
void add_sample(TrainingSet& set, const EvalTrace& trace, double white_result,
                std::optional<double> white_score = std::nullopt);

// Replaces each target that has a search score with (1 - weight) * result + weight * the score's
// win probability at scale k. The result alone is noisy (one game decides thousands of positions);
// the engine's deeper look at the same position says what the eval should have seen.
// Returns how many targets changed.
long long blend_search_scores(TrainingSet& set, double weight, double k);

// Resolves every position to its quiet leaf (searching with the eval `features` select, which
// must be `params`) and traces it with `params`. Spreads the work over `threads`.
TrainingSet build_training_set(const std::vector<LabelledPosition>& positions, const FeatureSet& features,
                               const EvalParams& params, int threads, BuildCounts& counts);

}  // namespace tempo::tune
