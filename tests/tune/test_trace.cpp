#include <catch2/catch.hpp>

#include <set>

#include "engine/eval.h"
#include "engine/eval_param_list.h"
#include "engine/eval_trace.h"
#include "tests/tune/positions_fixture.h"

using namespace tempo;

namespace {

FeatureSet with(std::initializer_list<Feature> off, bool tuned) {
    FeatureSet features = FeatureSet::all();
    for (Feature feature : off) features.set(feature, false);
    features.set(Feature::TunedEval, tuned);
    return features;
}

// trace . params must equal the eval, and tracing must not change the eval it returns.
void check_trace_reproduces_eval(const FeatureSet& features, const EvalParams& params) {
    const std::vector<int> values = params_to_slots(params);
    EvalTrace trace;
    int checked = 0;
    for (const chess::Position& pos : tune_test::random_positions(600, 7)) {
        const int eval = evaluate(pos, features);
        REQUIRE(evaluate_traced(pos, features, params, trace) == eval);
        const int white_view = traced_score_white(trace, values);
        INFO(pos.fen());
        REQUIRE((trace.white_to_move ? white_view : -white_view) == eval);
        ++checked;
    }
    CHECK(checked == 600);
}

}  // namespace

TEST_CASE("the trace reproduces the hand-set eval exactly", "[trace]") {
    check_trace_reproduces_eval(with({}, false), hand_set_params());
}

TEST_CASE("the trace reproduces the eval with eval features switched off", "[trace]") {
    check_trace_reproduces_eval(with({Feature::Mobility}, false), hand_set_params());
    check_trace_reproduces_eval(with({Feature::KingSafety, Feature::PassedPawns}, false), hand_set_params());
    check_trace_reproduces_eval(with({Feature::TaperedEval, Feature::InsufficientMaterial}, false), hand_set_params());
}

TEST_CASE("the trace reproduces the tuned eval exactly", "[trace]") {
    check_trace_reproduces_eval(with({}, true), tuned_params());
}

TEST_CASE("the trace is linear: changing one parameter moves the score by its count", "[trace]") {
    const FeatureSet features = with({Feature::TaperedEval}, false);  // middlegame sum alone: no rounding
    const auto& list = eval_param_list();
    std::vector<int> values = params_to_slots(hand_set_params());
    EvalTrace trace;
    for (const chess::Position& pos : tune_test::random_positions(50, 11)) {
        evaluate_traced(pos, features, hand_set_params(), trace);
        for (const TraceTerm& term : trace.mg_terms) {
            REQUIRE(list[term.slot].slot == term.slot);
            const int before = traced_score_white(trace, values);
            values[term.slot] += 10;
            CHECK(traced_score_white(trace, values) - before == 10 * term.count);
            values[term.slot] -= 10;
        }
    }
}

TEST_CASE("the parameter list names every slot once, with sane bounds", "[params]") {
    const auto& list = eval_param_list();
    REQUIRE(int(list.size()) == kParamSlots);
    std::set<std::string> names;
    const std::vector<int> hand_set = params_to_slots(hand_set_params());
    for (const ParamInfo& info : list) {
        CHECK(names.insert(info.name).second);
        CHECK(info.min <= info.max);
        // Hand-set values that the eval uses must lie inside the tuner's bounds.
        if (info.tunable && hand_set[info.slot] != 0) {
            INFO(info.name << " = " << hand_set[info.slot]);
            CHECK(hand_set[info.slot] >= info.min);
            CHECK(hand_set[info.slot] <= info.max);
        }
    }
    CHECK(names.count("material.knight.mg") == 1);
    CHECK(names.count("psqt.king.g1.mg") == 1);
    CHECK(names.count("mobility.queen.27.eg") == 1);
    CHECK(names.count("king_attack_penalty.63") == 1);
}

TEST_CASE("params round-trip through slots", "[params]") {
    const EvalParams copy = params_from_slots(params_to_slots(hand_set_params()));
    CHECK(params_to_slots(copy) == params_to_slots(hand_set_params()));
}
