#include <catch2/catch.hpp>

#include "engine/bench.h"
#include "engine/features.h"
#include "engine/search_params.h"

#include <string>

using namespace tempo;

TEST_CASE("feature specs: all, none and signed lists", "[features]") {
    FeatureSet features = FeatureSet::all();
    std::string error;
    REQUIRE(parse_feature_spec("none,+TaperedEval,+MvvLva", features, error));
    CHECK(features[Feature::TaperedEval]);
    CHECK(features[Feature::MvvLva]);
    CHECK_FALSE(features[Feature::NullMove]);
    REQUIRE(parse_feature_spec("all,-NullMove", features, error));
    CHECK_FALSE(features[Feature::NullMove]);
    CHECK(features[Feature::KingSafety]);
    REQUIRE(parse_feature_spec(" none , +nullmove ", features, error));  // case-insensitive names
    CHECK(features[Feature::NullMove]);
    CHECK_FALSE(features[Feature::MvvLva]);
    REQUIRE(parse_feature_spec("all", features, error));
    CHECK(features == FeatureSet::all());
}

TEST_CASE("bad feature specs are rejected and leave the set unchanged", "[features]") {
    FeatureSet features = FeatureSet::all();
    std::string error;
    CHECK_FALSE(parse_feature_spec("all,-Nul", features, error));  // no prefix matching
    CHECK(error.find("Nul") != std::string::npos);
    CHECK_FALSE(parse_feature_spec("", features, error));
    CHECK_FALSE(parse_feature_spec("all,,-NullMove", features, error));
    CHECK(features == FeatureSet::all());
}

TEST_CASE("describe_features round-trips", "[features]") {
    FeatureSet features = FeatureSet::all();
    features.set(Feature::LateMovePruning, false);
    CHECK(describe_features(features) == "all,-LateMovePruning");
    FeatureSet parsed = FeatureSet::none();
    std::string error;
    REQUIRE(parse_feature_spec(describe_features(features), parsed, error));
    CHECK(parsed == features);
    CHECK(describe_features(FeatureSet::none()) == "none");
}

TEST_CASE("every feature has a unique name and a description", "[features]") {
    for (std::size_t i = 0; i < kFeatureCount; ++i) {
        const FeatureInfo& info = kFeatureInfo[i];
        CHECK(static_cast<std::size_t>(info.feature) == i);
        CHECK_FALSE(info.description.empty());
        CHECK(feature_from_name(info.name) == info.feature);
    }
}

// `tempo features` states the late-move-pruning limits; they must be the ones the search uses.
TEST_CASE("the late move pruning description lists the limits the search uses", "[features]") {
    std::string limits;
    for (int depth = 1; depth <= params::kLateMovePruningMaxDepth; ++depth) {
        limits += (depth > 1 ? ", " : "") + std::to_string(params::kLateMoveQuietLimit[depth]) + " at " +
                  std::to_string(depth) + (depth == 1 ? " ply" : "");
    }
    const std::string description(kFeatureInfo[static_cast<std::size_t>(Feature::LateMovePruning)].description);
    INFO(description);
    CHECK(description.find("(" + limits + ")") != std::string::npos);
}

// Every switch must change what the search does. Bench is fixed-depth, so TimeManagement
// cannot show there (its effect is tested on the time budget instead). TunedEval switches to
// the hand-set eval parameters, which differ from the tuned ones.
TEST_CASE("every feature switch changes the bench node count", "[features][slow]") {
    constexpr int kDepth = 7;
    const std::uint64_t all_nodes = run_bench(kDepth, FeatureSet::all(), nullptr).nodes;
    for (const FeatureInfo& info : kFeatureInfo) {
        FeatureSet features = FeatureSet::all();
        features.set(info.feature, false);
        std::uint64_t nodes = run_bench(kDepth, features, nullptr).nodes;
        INFO(info.name << " off: " << nodes << " nodes, all on: " << all_nodes);
        if (info.feature == Feature::TimeManagement) CHECK(nodes == all_nodes);
        else CHECK(nodes != all_nodes);
    }
    CHECK(run_bench(5, FeatureSet::none(), nullptr).nodes != run_bench(5, FeatureSet::all(), nullptr).nodes);
}
