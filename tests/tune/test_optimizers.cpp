#include <catch2/catch.hpp>

#include <sstream>

#include "engine/eval.h"
#include "engine/eval_param_list.h"
#include "tests/tune/positions_fixture.h"
#include "engine/tune/optimizers.h"
#include "engine/tune/quiet.h"
#include "engine/tune/texel_error.h"
#include "engine/tune/training_set.h"

using namespace tempo;
using namespace tempo::tune;

namespace {

constexpr double kFixtureK = 250.0;

FeatureSet hand_set_features() {
    FeatureSet features = FeatureSet::all();
    features.set(Feature::TunedEval, false);
    return features;
}

// Labels made by a "true" eval that values knights 120 cp more than the hand-set one: the
// optimizers start from the hand-set values and must move toward the truth.
TrainingSet fixture_set(int count) {
    EvalParams truth = hand_set_params();
    truth.material[chess::KNIGHT].mg += 120;
    truth.material[chess::KNIGHT].eg += 120;
    const std::vector<int> true_values = params_to_slots(truth);
    TrainingSet set;
    EvalTrace trace;
    for (const chess::Position& pos : tune_test::random_positions(count, 3)) {
        evaluate_traced(pos, hand_set_features(), hand_set_params(), trace);
        if (trace.forced_draw) continue;
        add_sample(set, trace, win_probability(traced_score_white(trace, true_values), kFixtureK));
    }
    return set;
}

std::vector<double> hand_set_values() {
    const std::vector<int> slots = params_to_slots(hand_set_params());
    return {slots.begin(), slots.end()};
}

}  // namespace

TEST_CASE("the K fit finds the K that made the labels", "[k]") {
    TrainingSet set;
    EvalTrace trace;
    // One fixed-score sample per eval from -600 to 600, labelled with the exact win probability.
    for (int score = -600; score <= 600; score += 25) {
        trace.fixed = {score, score};
        add_sample(set, trace, win_probability(score, 310.0));
    }
    const TexelError objective(set, 2);
    CHECK(objective.fit_k(std::vector<double>(kParamSlots, 0.0)) == Approx(310.0).epsilon(0.001));
}

TEST_CASE("search scores blend into the targets that have one", "[blend]") {
    TrainingSet set;
    EvalTrace trace;
    add_sample(set, trace, 1.0, 200.0);
    add_sample(set, trace, 0.5);  // no score: the result stays the target
    add_sample(set, trace, 0.0, -kMateScoreCp);
    CHECK(blend_search_scores(set, 0.25, 400.0) == 2);
    // 200 cp at K 400: 1 / (1 + 10^-0.5) = 0.759747...
    CHECK(set.samples[0].white_result == Approx(0.75 * 1.0 + 0.25 * 0.7597469266).epsilon(1e-6));
    CHECK(set.samples[1].white_result == 0.5f);
    CHECK(set.samples[2].white_result == Approx(0.0).margin(1e-6));
    CHECK(blend_search_scores(set, 1.0, 400.0) == 2);  // weight 1: the score alone
    CHECK(set.samples[0].white_result == Approx(0.7597469266).epsilon(1e-6));
}

TEST_CASE("the gradient matches finite differences", "[adam]") {
    const TrainingSet set = fixture_set(150);
    const TexelError objective(set, 2);
    std::vector<double> values = hand_set_values(), gradient;
    objective.error_and_gradient(values, kFixtureK, gradient);
    const int slot = eval_param_list()[0].slot + 2 * chess::KNIGHT;  // material.knight.mg
    REQUIRE(eval_param_list()[slot].name == "material.knight.mg");
    const double step = 0.01;
    values[slot] += step;
    const double above = objective.error(values, kFixtureK);
    values[slot] -= 2 * step;
    const double below = objective.error(values, kFixtureK);
    CHECK(gradient[slot] == Approx((above - below) / (2 * step)).epsilon(1e-4));
    CHECK(gradient[slot] < 0);  // knights are worth more than the start says
}

TEST_CASE("Adam reduces the error on a small fixture", "[adam]") {
    const TrainingSet set = fixture_set(300);
    const TexelError objective(set, 2);
    const TuneSpace space = make_tune_space(set, hand_set_params());
    const double start_error = objective.error(space.start, kFixtureK);
    std::ostringstream progress;
    AdamSettings settings;
    settings.learning_rate = 2.0;
    settings.stop.max_iterations = 150;
    const TuneResult result = run_adam(objective, space, kFixtureK, settings, progress);
    CHECK(result.iterations == 150);
    CHECK(progress.str().find("adam epoch 150 error") != std::string::npos);
    CHECK(progress.str().find("epochs/s") != std::string::npos);
    const int knight = eval_param_list()[2 * chess::KNIGHT].slot;
    INFO("start error " << start_error << ", final " << result.error);
    CHECK(result.error < start_error * 0.01);
    CHECK(result.values[knight] > hand_set_params().material[chess::KNIGHT].mg + 10);
}

TEST_CASE("the swarm keeps every parameter within its bounds and never loses the start", "[swarm]") {
    const TrainingSet set = fixture_set(100);
    const TexelError objective(set, 1);
    const TuneSpace space = make_tune_space(set, hand_set_params());
    REQUIRE(!space.slots.empty());
    std::ostringstream progress;
    SwarmSettings settings;
    settings.swarms = 2;
    settings.particles_per_swarm = 4;
    settings.stop.max_iterations = 25;  // past the stagnation limit: respawns happen too
    const TuneResult result = run_swarm(objective, space, kFixtureK, settings, progress);
    for (std::size_t i = 0; i < space.slots.size(); ++i) {
        INFO(eval_param_list()[space.slots[i]].name);
        CHECK(result.values[space.slots[i]] >= space.min[i]);
        CHECK(result.values[space.slots[i]] <= space.max[i]);
    }
    // Untuned slots keep their start values.
    std::vector<bool> tuned(kParamSlots, false);
    for (int slot : space.slots) tuned[slot] = true;
    for (int slot = 0; slot < kParamSlots; ++slot)
        if (!tuned[slot]) CHECK(result.values[slot] == space.start[slot]);
    // One particle starts at the start values, so the global best can only be as good or better.
    CHECK(result.error <= objective.error(space.start, kFixtureK) + 1e-12);
    CHECK(progress.str().find("swarm iteration 25 error") != std::string::npos);
}

TEST_CASE("rounding clamps into bounds", "[swarm]") {
    const TrainingSet set = fixture_set(50);
    const TuneSpace space = make_tune_space(set, hand_set_params());
    std::vector<double> values = space.start;
    values[space.slots[0]] = space.max[0] + 1000.4;
    CHECK(params_to_slots(round_to_params(space, values))[space.slots[0]] == int(space.max[0]));
}

TEST_CASE("quiet_leaf plays out a hanging capture and leaves quiet positions alone", "[quiet]") {
    const FeatureSet features = hand_set_features();
    // White to move can take the undefended black queen on d5 with the e4 pawn.
    const chess::Position hanging("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    const auto leaf = quiet_leaf(hanging, features);
    REQUIRE(leaf);
    CHECK(leaf->pieces(chess::QUEEN) == 0);
    const chess::Position quiet("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    const auto same = quiet_leaf(quiet, features);
    REQUIRE(same);
    CHECK(same->fen() == quiet.fen());
}
