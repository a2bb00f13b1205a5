#include "engine/eval_trace.h"

#include <cassert>
#include <cstring>
#include <type_traits>

#include "engine/eval_terms.h"

namespace tempo {

static_assert(std::is_trivially_copyable_v<EvalParams>, "slots are read and written with memcpy");
static_assert(kParamSlots <= 65535, "a slot must fit TraceTerm::slot");

void TraceSink::record(std::vector<int>& counts, const int& term, chess::Color side, int count) {
    // The slot is the term's position inside the params object, counted in ints.
    const auto byte_offset = reinterpret_cast<const char*>(&term) - reinterpret_cast<const char*>(params_);
    assert(byte_offset >= 0 && byte_offset < std::ptrdiff_t(sizeof(EvalParams)));
    counts[std::size_t(byte_offset) / sizeof(int)] += side == chess::WHITE ? count : -count;
}

namespace {

std::vector<TraceTerm> nonzero_terms(const std::vector<int>& counts) {
    std::vector<TraceTerm> terms;
    for (std::size_t slot = 0; slot < counts.size(); ++slot)
        if (counts[slot] != 0) terms.push_back({std::uint16_t(slot), std::int16_t(counts[slot])});
    return terms;
}

int dot(const std::vector<TraceTerm>& terms, const std::vector<int>& values) {
    int sum = 0;
    for (const TraceTerm& term : terms) sum += term.count * values[term.slot];
    return sum;
}

}  // namespace

void TraceSink::finish(EvalTrace& trace) const {
    trace.mg_terms = nonzero_terms(mg_counts_);
    trace.eg_terms = nonzero_terms(eg_counts_);
    trace.fixed = {0, fixed_eg_};
}

int traced_score_white(const EvalTrace& trace, const std::vector<int>& values) {
    if (trace.forced_draw) return 0;
    const int mg = trace.fixed.mg + dot(trace.mg_terms, values);
    const int eg = trace.fixed.eg + dot(trace.eg_terms, values);
    if (!trace.tapered) return mg;
    // The same truncating integer blend as the eval, so the result is exact.
    return (mg * trace.phase + eg * (kPhaseMax - trace.phase)) / kPhaseMax;
}

std::vector<int> params_to_slots(const EvalParams& params) {
    std::vector<int> values(kParamSlots);
    std::memcpy(values.data(), &params, sizeof(EvalParams));
    return values;
}

EvalParams params_from_slots(const std::vector<int>& values) {
    assert(values.size() == std::size_t(kParamSlots));
    EvalParams params;
    std::memcpy(static_cast<void*>(&params), values.data(), sizeof(EvalParams));
    return params;
}

}  // namespace tempo
