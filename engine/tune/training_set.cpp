#include "engine/tune/training_set.h"

#include <cmath>
#include <thread>

#include "engine/eval.h"
#include "engine/tune/quiet.h"
#include "engine/tune/texel_error.h"

namespace tempo::tune {

void add_sample(TrainingSet& set, const EvalTrace& trace, double white_result, std::optional<double> white_score) {
    Sample sample;
    sample.first_term = std::uint32_t(set.terms.size());
    sample.mg_terms = std::uint16_t(trace.mg_terms.size());
    sample.eg_terms = std::uint16_t(trace.eg_terms.size());
    set.terms.insert(set.terms.end(), trace.mg_terms.begin(), trace.mg_terms.end());
    set.terms.insert(set.terms.end(), trace.eg_terms.begin(), trace.eg_terms.end());
    sample.fixed_mg = float(trace.fixed.mg);
    sample.fixed_eg = float(trace.fixed.eg);
    sample.mg_weight = trace.tapered ? float(trace.phase) / kPhaseMax : 1.0f;
    sample.eg_weight = trace.tapered ? float(kPhaseMax - trace.phase) / kPhaseMax : 0.0f;
    sample.white_result = float(white_result);
    if (white_score) sample.white_score = float(*white_score);
    set.samples.push_back(sample);
}

long long blend_search_scores(TrainingSet& set, double weight, double k) {
    long long blended = 0;
    for (Sample& sample : set.samples) {
        if (std::isnan(sample.white_score)) continue;
        sample.white_result =
            float((1.0 - weight) * sample.white_result + weight * win_probability(sample.white_score, k));
        ++blended;
    }
    return blended;
}

namespace {

void build_range(const std::vector<LabelledPosition>& positions, std::size_t begin, std::size_t end,
                 const FeatureSet& features, const EvalParams& params, TrainingSet& set, BuildCounts& counts) {
    EvalTrace trace;
    for (std::size_t i = begin; i < end; ++i) {
        const std::optional<chess::Position> leaf = quiet_leaf(chess::Position(positions[i].fen), features);
        if (!leaf) {
            ++counts.no_quiet_leaf;
            continue;
        }
        evaluate_traced(*leaf, features, params, trace);
        if (trace.forced_draw) {
            ++counts.forced_draw;  // a constant prediction: nothing to learn from it
            continue;
        }
        add_sample(set, trace, positions[i].white_result, positions[i].white_score);
        ++counts.resolved;
    }
}

}  // namespace

TrainingSet build_training_set(const std::vector<LabelledPosition>& positions, const FeatureSet& features,
                               const EvalParams& params, int threads, BuildCounts& counts) {
    threads = std::max(1, threads);
    std::vector<TrainingSet> parts(threads);
    std::vector<BuildCounts> part_counts(threads);
    std::vector<std::thread> workers;
    const std::size_t chunk = (positions.size() + threads - 1) / threads;
    for (int t = 0; t < threads; ++t) {
        const std::size_t begin = std::min(positions.size(), chunk * t);
        const std::size_t end = std::min(positions.size(), begin + chunk);
        workers.emplace_back(build_range, std::cref(positions), begin, end, std::cref(features), std::cref(params),
                             std::ref(parts[t]), std::ref(part_counts[t]));
    }
    for (std::thread& worker : workers) worker.join();
    TrainingSet set;
    for (int t = 0; t < threads; ++t) {
        const auto offset = std::uint32_t(set.terms.size());
        for (Sample sample : parts[t].samples) {
            sample.first_term += offset;
            set.samples.push_back(sample);
        }
        set.terms.insert(set.terms.end(), parts[t].terms.begin(), parts[t].terms.end());
        counts.resolved += part_counts[t].resolved;
        counts.no_quiet_leaf += part_counts[t].no_quiet_leaf;
        counts.forced_draw += part_counts[t].forced_draw;
    }
    return set;
}

}  // namespace tempo::tune
