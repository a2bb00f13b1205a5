// The ladder's design (docs/statistics.md, "Ladder designs"): each step plays the gauntlet alone
// unless its file asks for head to head, and the measurement ladders of that comparison load.
#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"

using namespace arbiter::ladder;

namespace {

const std::string kTwoSteps = R"({"name": "t", "steps": [
    {"id": "A", "feature": "a", "category": "Baseline", "options": {"Features": "none"}},
    {"id": "B", "feature": "b", "category": "Search", "options": {"Features": "all"}}],
  "gauntlet": {"opponents": [{"conf": "hoichess"}, {"conf": "stockfish-1800"}])";

LadderPlan smoke_plan(const LadderConfig& config) {
    PlanOptions options;
    options.smoke = true;
    options.engine_cmd = "/opt/tempo";
    return make_plan(config, options);
}

std::string efficiency_ladder(const std::string& file) {
    return std::string(REPO_ROOT_DIR) + "/docs/statistics/" + file;
}

}  // namespace

TEST_CASE("design: without head_to_head a step plays only the gauntlet's opponents", "[unit]") {
    const LadderConfig config = ladder_config_from_text(kTwoSteps + "}}", "x.json", ".");
    CHECK_FALSE(config.head_to_head);
    const LadderPlan plan = smoke_plan(config);
    const auto second = step_match_config(plan, 1, "a.db", std::nullopt, 1);
    REQUIRE(second.engines.size() == 3);
    CHECK(second.engines[0].name == "tempo 02 B");
    CHECK(second.engines[1].name == "hoichess");
    CHECK(second.engines[2].name == "stockfish-1800");
    CHECK(plan_json(plan)["head_to_head"] == false);
}

TEST_CASE("design: head_to_head true still adds the previous step", "[unit]") {
    const LadderConfig config = ladder_config_from_text(kTwoSteps + R"(, "head_to_head": true}})", "x.json", ".");
    const auto second = step_match_config(smoke_plan(config), 1, "a.db", std::nullopt, 1);
    REQUIRE(second.engines.size() == 4);
    CHECK(second.engines.back().name == "tempo 01 A");
}

TEST_CASE("design: the measurement ladders of docs/statistics.md load with their books", "[unit]") {
    struct Expected {
        const char* file;
        bool head_to_head;
        const char* book;
    };
    for (const Expected& expected : {Expected{"efficiency-gauntlet.json", false, "8moves_v3.pgn"},
                                     Expected{"efficiency-gauntlet-uho.json", false, "8mvs_+90_+99.epd"},
                                     Expected{"efficiency-joint.json", true, "8moves_v3.pgn"}}) {
        INFO(expected.file);
        const LadderConfig config = load_ladder_config(efficiency_ladder(expected.file));
        CHECK(config.head_to_head == expected.head_to_head);
        REQUIRE(config.steps.size() == 2);
        CHECK(config.steps[0].id == "StagedMoveGen");
        CHECK(config.steps[1].id == "PassedPawns");
        REQUIRE(config.openings);
        CHECK(std::filesystem::path(config.openings->file).filename() == expected.book);
        CHECK(std::filesystem::exists(config.openings->file));
        CHECK(config.smoke.nodes == 10000);
    }
}
