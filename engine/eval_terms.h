// Eval terms that have files of their own; combined by eval.cpp. Each adds `us`'s terms to a
// score sink, positive when good for `us`. The sinks are the one place scores are summed, so
// the same code gives the engine's eval (ScoreSink) and the tuner's trace (TraceSink).
#pragma once

#include <array>
#include <vector>

#include "engine/chess/position.h"
#include "engine/eval_params.h"
#include "engine/eval_trace.h"

namespace tempo {

// Per-side middlegame and endgame sums. `term` must be a field of the EvalParams in use.
class ScoreSink {
public:
    void add(chess::Color side, const PhasedScore& term, int count = 1) { score_[side] += term * count; }
    void add_mg(chess::Color side, const int& term, int count = 1) { score_[side].mg += term * count; }
    void add_eg(chess::Color side, const int& term, int count = 1) { score_[side].eg += term * count; }
    // Not a parameter: a fixed formula part of a term.
    void add_fixed_eg(chess::Color side, int value) { score_[side].eg += value; }
    PhasedScore white_minus_black() const { return score_[chess::WHITE] - score_[chess::BLACK]; }

private:
    std::array<PhasedScore, chess::COLOR_NB> score_{};
};

// Sums like ScoreSink and records which parameter slots were added how often.
class TraceSink : public ScoreSink {
public:
    explicit TraceSink(const EvalParams& params) : params_(&params) {}
    void add(chess::Color side, const PhasedScore& term, int count = 1) {
        ScoreSink::add(side, term, count);
        record(mg_counts_, term.mg, side, count);
        record(eg_counts_, term.eg, side, count);
    }
    void add_mg(chess::Color side, const int& term, int count = 1) {
        ScoreSink::add_mg(side, term, count);
        record(mg_counts_, term, side, count);
    }
    void add_eg(chess::Color side, const int& term, int count = 1) {
        ScoreSink::add_eg(side, term, count);
        record(eg_counts_, term, side, count);
    }
    void add_fixed_eg(chess::Color side, int value) {
        ScoreSink::add_fixed_eg(side, value);
        fixed_eg_ += side == chess::WHITE ? value : -value;
    }
    // Moves the recorded counts into `trace` (mg_terms, eg_terms, fixed).
    void finish(EvalTrace& trace) const;

private:
    void record(std::vector<int>& counts, const int& term, chess::Color side, int count);
    const EvalParams* params_;
    std::vector<int> mg_counts_ = std::vector<int>(kParamSlots, 0);
    std::vector<int> eg_counts_ = std::vector<int>(kParamSlots, 0);
    int fixed_eg_ = 0;
};

namespace eval_terms {

// Passed, free passed, king-escorted and unstoppable passed pawns.
template <class Sink>
void passed_pawns(const chess::Position& pos, chess::Color us, const EvalParams& params, Sink& sink);

// Pawn shield in front of the king and semi-open files beside it (middlegame).
template <class Sink>
void king_shelter_mg(const chess::Position& pos, chess::Color us, const EvalParams& params, Sink& sink);

// Squares the side `us` must defend around its king: the king's square and its neighbours.
chess::Bitboard king_zone(const chess::Position& pos, chess::Color us);

}  // namespace eval_terms
}  // namespace tempo
