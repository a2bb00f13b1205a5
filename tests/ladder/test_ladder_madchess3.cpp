// ci/ladders/madchess-3.0.json: the MadChess 3.0 Beta order over tempo's switches, the seed's
// figures carried into the plan for the report, and the seed keys' checks.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/features.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"

using namespace arbiter::ladder;
using tempo::Feature;

namespace {

tempo::FeatureSet features_of(const LadderStep& step) {
    REQUIRE(step.options.size() == 1);
    REQUIRE(step.options[0].first == "Features");
    tempo::FeatureSet set = tempo::FeatureSet::none();
    std::string error;
    REQUIRE(tempo::parse_feature_spec(step.options[0].second, set, error));
    return set;
}

const std::string kSteps =
    R"([{"id": "A", "feature": "f", "category": "Search", "options": {"Features": "all"}, "seed": )";

void check_seed_error(const std::string& seed, const std::string& expected) {
    const std::string text =
        R"({"name": "t", "steps": )" + kSteps + seed + R"(}], "gauntlet": {"opponents": [{"conf": "hoichess"}]}})";
    CHECK_THROWS_WITH(ladder_config_from_text(text, "x.json", "."), Catch::Contains(expected));
}

}  // namespace

TEST_CASE("MadChess 3.0 ladder: sophisticated-search baseline, then the 3.0 Beta order", "[unit]") {
    const LadderConfig config = load_ladder_config(std::string(REPO_ROOT_DIR) + "/ci/ladders/madchess-3.0.json");
    CHECK(config.name == "madchess-3.0");
    REQUIRE(config.steps.size() == 7);
    tempo::FeatureSet baseline = tempo::FeatureSet::none();
    for (Feature f :
         {Feature::AspirationWindows, Feature::MvvLva, Feature::HashMoveFirst, Feature::TimeManagement,
          Feature::RepetitionDraws, Feature::NullMove, Feature::QuiescenceRecaptures, Feature::FutilityPruning,
          Feature::KillerMoves, Feature::LateMoveReductions, Feature::TaperedEval, Feature::InsufficientMaterial})
        baseline.set(f, true);
    CHECK(config.steps[0].category == "Baseline");
    CHECK(features_of(config.steps[0]) == baseline);
    const std::vector<Feature> added{Feature::TunedEval,   Feature::HistoryHeuristic, Feature::StagedMoveGen,
                                     Feature::PassedPawns, Feature::Mobility,         Feature::LateMovePruning};
    for (std::size_t i = 1; i < config.steps.size(); ++i) {
        INFO("step " << i + 1 << " " << config.steps[i].id);
        tempo::FeatureSet expected = features_of(config.steps[i - 1]);
        expected.set(added[i - 1], true);
        CHECK(features_of(config.steps[i]) == expected);
    }
    // MadChess 3.0 Beta had no king safety up to this table.
    CHECK_FALSE(features_of(config.steps.back())[Feature::KingSafety]);
    // The seed's published figures: WAC 269 -> 279 and Elo 2096 -> 2329 up to passed pawns, then on.
    REQUIRE(config.steps[0].seed);
    CHECK(config.steps[0].seed->wac == 269);
    CHECK(config.steps[0].seed->elo == 2096.0);
    CHECK(config.steps[1].seed->improvement == 47.0);
    CHECK(config.steps[2].seed->improvement == 28.0);
    CHECK(config.steps[3].seed->improvement == 39.0);
    CHECK(config.steps[4].seed->wac == 279);
    CHECK(config.steps[4].seed->elo == 2329.0);
    CHECK(config.steps[4].seed->improvement == 119.0);
    CHECK(config.steps[5].seed->improvement == 62.0);
    CHECK_FALSE(config.seed_source.empty());
    CHECK(config.description.find("sophisticated search") != std::string::npos);
}

TEST_CASE("seed figures reach the plan for the report; ladders without them keep their plan", "[unit]") {
    const LadderConfig three = load_ladder_config(std::string(REPO_ROOT_DIR) + "/ci/ladders/madchess-3.0.json");
    PlanOptions smoke;
    smoke.smoke = true;
    const auto json = plan_json(make_plan(three, smoke));
    REQUIRE(json.contains("seed"));
    CHECK(json["seed"]["source"] == three.seed_source);
    REQUIRE(json["seed"]["steps"].size() == 7);
    CHECK(json["seed"]["steps"][0]["elo"] == 2096.0);
    CHECK(json["seed"]["steps"][4]["wac"] == 279);
    CHECK(json["seed"]["steps"][2]["date"] == "2018-12-03");
    // Eval tuning's row and both dates the table's first post gives.
    CHECK(json["seed"]["steps"][0]["date"] == "2018-11-08");
    CHECK(json["seed"]["steps"][1]["date"] == "2018-11-24");
    CHECK(json["seed"]["steps"][1]["wac"] == 272);
    CHECK(json["seed"]["steps"][1]["elo"] == 2143.0);
    for (std::size_t i = 1; i < 7; ++i) CHECK(json["seed"]["steps"][i]["improvement_error95"] == 20.0);
    // Every improvement is the difference of the published Elo figures.
    for (std::size_t i = 1; i < 7; ++i)
        CHECK(three.steps[i].seed->improvement == *three.steps[i].seed->elo - *three.steps[i - 1].seed->elo);
    // A ladder without seed figures keeps its plan (and so its stored run).
    LadderConfig bare = three;
    for (auto& step : bare.steps) step.seed.reset();
    CHECK_FALSE(plan_json(make_plan(bare, smoke)).contains("seed"));
}

TEST_CASE("seed figures: mistakes name the field", "[unit]") {
    check_seed_error(R"({"elo": "high"})", "x.json: steps[0].seed.elo: expected a number");
    check_seed_error(R"({"wac": -1})", "steps[0].seed.wac: expected an integer >= 0");
    check_seed_error(R"({"date": "Dec 2018"})", "steps[0].seed.date: expected YYYY-MM-DD");
    check_seed_error(R"({"score": 1})", "steps[0].seed.score: unknown key");
    check_seed_error(R"({})", "steps[0].seed: give at least one of");
    check_seed_error(R"(3)", "steps[0].seed: expected an object");
}

TEST_CASE("seed records, quoted errors and notes: read, carried into the plan, mistakes named", "[unit]") {
    const std::string text = R"({"name": "t", "steps": )" + kSteps +
                             R"({"wdl": [305, 170, 325], "improvement_error95": 20, "note": "Build 040 post"}}],
                                "gauntlet": {"opponents": [{"conf": "hoichess"}]}})";
    const LadderConfig config = ladder_config_from_text(text, "x.json", ".");
    REQUIRE(config.steps[0].seed);
    CHECK(config.steps[0].seed->record == arbiter::stats::WdlCounts{305, 170, 325});
    CHECK(config.steps[0].seed->improvement_error95 == 20.0);
    CHECK(config.steps[0].seed->note == "Build 040 post");
    PlanOptions smoke;
    smoke.smoke = true;
    const auto figures = plan_json(make_plan(config, smoke))["seed"]["steps"][0];
    CHECK(figures["wdl"] == nlohmann::json::array({305, 170, 325}));
    CHECK(figures["improvement_error95"] == 20.0);
    CHECK(figures["note"] == "Build 040 post");

    const std::string wdl = "x.json: steps[0].seed.wdl: expected [wins, draws, losses]";
    check_seed_error(R"({"wdl": [1, 2]})", wdl);
    check_seed_error(R"({"wdl": [1, 2, 3, 4]})", wdl);
    check_seed_error(R"({"wdl": [1, -2, 3]})", wdl);
    check_seed_error(R"({"wdl": [1, 2.5, 3]})", wdl);
    check_seed_error(R"({"wdl": ["305", 170, 325]})", wdl);
    check_seed_error(R"({"wdl": [0, 0, 0]})", wdl);
    check_seed_error(R"({"wdl": [1, 2, 1000000001]})", wdl);
    check_seed_error(R"({"wdl": {"w": 1}})", wdl);
    const std::string error = "x.json: steps[0].seed.improvement_error95: expected a 95% error in Elo above 0";
    check_seed_error(R"({"improvement_error95": 0})", error);
    check_seed_error(R"({"improvement_error95": -20})", error);
    check_seed_error(R"({"improvement_error95": 6001})", error);
    check_seed_error(R"({"improvement_error95": "20"})", "steps[0].seed.improvement_error95: expected a number");
    check_seed_error(R"({"note": ""})", "x.json: steps[0].seed.note: expected a non-empty string");
    check_seed_error(R"({"note": 44})", "x.json: steps[0].seed.note: expected a string");
    check_seed_error(R"({"note": "a\nb"})", "x.json: steps[0].seed.note: control character");
}
