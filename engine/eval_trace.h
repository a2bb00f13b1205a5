// The evaluation as a linear function of its parameters, for the tuner (Texel method).
//
// Every eval term adds a parameter times a count to one side's middlegame or endgame sum. The
// score sinks below do that addition; the eval code is written once against a sink type, so the
// plain sink gives the engine's evaluation and the trace sink also records, per parameter, the
// White-minus-Black count. A parameter is identified by its slot: its offset in ints inside
// EvalParams (a struct made only of ints), which makes the trace independent of field names.
// Parameters that decide WHICH entry is read (king_attack_weight picks the king-attack table
// index) are not linear; the trace fixes them at the values it was taken with.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/chess/position.h"
#include "engine/eval_params.h"
#include "engine/features.h"

namespace tempo {

inline constexpr int kParamSlots = int(sizeof(EvalParams) / sizeof(int));
static_assert(sizeof(EvalParams) % sizeof(int) == 0, "EvalParams must consist of ints only");

struct TraceTerm {
    std::uint16_t slot = 0;  // offset in ints inside EvalParams
    std::int16_t count = 0;  // White's count minus Black's
};

struct EvalTrace {
    std::vector<TraceTerm> mg_terms;  // parameters added to the middlegame sums; sorted by slot
    std::vector<TraceTerm> eg_terms;  // ... to the endgame sums; no zero counts in either
    PhasedScore fixed;                // White-minus-Black part that is not a parameter
    int phase = 0;                    // as blended: capped at kPhaseMax
    bool tapered = true;              // false: the eval is the middlegame sum alone
    bool forced_draw = false;         // the eval returned 0 without summing terms
    bool white_to_move = true;
};

// evaluate() with explicit parameters, recording the trace. Returns exactly what evaluate()
// returns when `params` is the set the features select.
int evaluate_traced(const chess::Position& pos, const FeatureSet& features, const EvalParams& params, EvalTrace& trace);

// The trace's White-view score for the parameter values `values` (indexed by slot), blended with
// the same integer arithmetic as the eval; with the traced params it equals the traced eval.
int traced_score_white(const EvalTrace& trace, const std::vector<int>& values);

// The parameters as a vector indexed by slot, and back.
std::vector<int> params_to_slots(const EvalParams& params);
EvalParams params_from_slots(const std::vector<int>& values);

}  // namespace tempo
