// The evaluation parameters as one flat, named list with bounds: what the tuner varies.
// Each entry is one int of EvalParams, found by its slot (see eval_trace.h). Entries that
// choose a table index rather than add to a score (king_attack_weight) are listed as fixed:
// the trace is linear only while they stay put.
#pragma once

#include <string>
#include <vector>

#include "engine/eval_params.h"

namespace tempo {

struct ParamInfo {
    std::string name;  // e.g. "material.knight.mg", "psqt.pawn.e4.eg", "mobility.rook.7.mg"
    int slot = 0;
    int min = 0;
    int max = 0;
    bool tunable = true;
};

// Every slot of EvalParams exactly once, in declaration order.
const std::vector<ParamInfo>& eval_param_list();

}  // namespace tempo
