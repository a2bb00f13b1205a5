// Ladder files and plans: the default ladder's option sets, errors that name the file and field,
// and the match configs each step plays.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"
#include "engine/features.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"

using namespace arbiter::ladder;

namespace {

const std::string kDefaultLadder = std::string(REPO_ROOT_DIR) + "/ci/ladders/madchess-2.0.json";

tempo::FeatureSet features_of(const LadderStep& step) {
    for (const auto& [name, value] : step.options) {
        if (name != "Features") continue;
        tempo::FeatureSet set = tempo::FeatureSet::none();
        std::string error;
        REQUIRE(tempo::parse_feature_spec(value, set, error));
        return set;
    }
    FAIL("step " << step.id << " has no Features option");
    return {};
}

std::string minimal(const std::string& steps, const std::string& gauntlet_extra = "") {
    return R"({"name": "t", "steps": )" + steps + R"(, "gauntlet": {"opponents": [{"conf": "hoichess"}])" +
           gauntlet_extra + "}}";
}

const std::string kOneStep = R"([{"id": "A", "feature": "f", "category": "Search", "options": {"Features": "all"}}])";

void check_error(const std::string& text, const std::string& expected) {
    CHECK_THROWS_WITH(ladder_config_from_text(text, "x.json", "."), Catch::Contains(expected));
}

}  // namespace

TEST_CASE("default ladder: the MadChess 2.0 order, each step adding its switches to the last", "[unit]") {
    const LadderConfig config = load_ladder_config(kDefaultLadder);
    REQUIRE(config.steps.size() == 16);
    CHECK(config.name == "madchess-2.0");
    CHECK(config.steps.front().category == "Baseline");
    tempo::FeatureSet baseline = tempo::FeatureSet::none();
    baseline.set(tempo::Feature::AspirationWindows, true);
    CHECK(features_of(config.steps.front()) == baseline);
    CHECK(features_of(config.steps.back()) == tempo::FeatureSet::all());
    const std::vector<std::vector<tempo::Feature>> added{
        {tempo::Feature::TaperedEval},
        {tempo::Feature::MvvLva, tempo::Feature::InsufficientMaterial},
        {tempo::Feature::HashMoveFirst},
        {tempo::Feature::TimeManagement},
        {tempo::Feature::PassedPawns},
        {tempo::Feature::RepetitionDraws},
        {tempo::Feature::Mobility},
        {tempo::Feature::KingSafety},
        {tempo::Feature::NullMove, tempo::Feature::QuiescenceRecaptures},
        {tempo::Feature::FutilityPruning},
        {tempo::Feature::KillerMoves},
        {tempo::Feature::HistoryHeuristic, tempo::Feature::LateMoveReductions},
        {tempo::Feature::LateMovePruning},
        {tempo::Feature::StagedMoveGen},
        {tempo::Feature::TunedEval}};
    for (std::size_t i = 1; i < config.steps.size(); ++i) {
        tempo::FeatureSet expected = features_of(config.steps[i - 1]);
        for (auto feature : added[i - 1]) expected.set(feature, true);
        INFO("step " << i + 1 << " " << config.steps[i].id);
        CHECK(features_of(config.steps[i]) == expected);
    }
    CHECK(arbiter::tc::to_pgn_string(config.tc) == "120+1");
    CHECK(config.wac.movetime_ms == 3000);
    REQUIRE(config.opponents.size() >= 2);
    // phalanx carries the catalogue's anchor (its CCRL Blitz rating), which fixes the table's scale:
    // phalanx-anchored at the clock played, not a CCRL rating (docs/ladders.md).
    CHECK(std::any_of(config.opponents.begin(), config.opponents.end(),
                      [](const auto& opponent) { return opponent.name == "phalanx" && opponent.anchor.has_value(); }));
}

TEST_CASE("default ladder: the seed's 2.0 figures agree with themselves", "[unit]") {
    const LadderConfig config = load_ladder_config(kDefaultLadder);
    CHECK_FALSE(config.seed_source.empty());
    // Builds 020 to 044: every improvement is the difference of the published Elo figures, and every
    // Ordo line holds the seed's 800 games.
    std::optional<double> elo_before;
    for (std::size_t i = 0; i < 14; ++i) {
        INFO("step " << i + 1 << " " << config.steps[i].id);
        REQUIRE(config.steps[i].seed);
        const SeedFigures& seed = *config.steps[i].seed;
        REQUIRE(seed.elo);
        if (elo_before) CHECK(seed.improvement == *seed.elo - *elo_before);
        elo_before = seed.elo;
        if (seed.record) CHECK(seed.record->games() == 800);
        CHECK(seed.record.has_value() == (config.steps[i].id != "HashMove"));  // Build 023's line is not to hand
    }
    CHECK(config.steps[0].seed->date == "2014-11-25");
    CHECK(config.steps[9].seed->record == arbiter::stats::WdlCounts{271, 150, 379});  // Build 034
    CHECK(config.steps[12].seed->date.empty());  // Build 040: no date or WAC in the posts to hand
    CHECK_FALSE(config.steps[12].seed->wac);
    // Steps 14 to 16 are not in the seed's table: each says where its figures come from, or that none exist.
    for (std::size_t i = 13; i < 16; ++i) CHECK_FALSE(config.steps[i].seed->note.empty());
    CHECK_FALSE(config.steps[14].seed->improvement);
    CHECK_FALSE(config.steps[15].seed->improvement);
}

TEST_CASE("ladder files: mistakes name the file and the field", "[unit]") {
    check_error("{\n\"name\": \"t\",\n oops}", "x.json:3: invalid JSON");
    check_error(minimal(R"([{"id": "A", "feature": "f", "category": "Tactics", "options": {"X": "1"}}])"),
                "x.json: steps[0].category: expected Baseline, Search or Evaluation");
    check_error(minimal(R"([{"id": "A", "feature": "f", "category": "Search"}])"),
                "steps[0]: give exactly one of \"options\"");
    check_error(minimal(kOneStep, R"(, "games_per_opponent": 3)"), "gauntlet.games_per_opponent: must be even");
    check_error(minimal(kOneStep, R"(, "speed": 3)"), "gauntlet.speed: unknown key");
    check_error(R"({"name": "t", "steps": )" + kOneStep + R"(, "gauntlet": {"opponents": [{"conf": "nosuch"}]}})",
                "gauntlet.opponents[0].conf: 'nosuch' is not in the catalogue");
    check_error(minimal(R"([{"id": "A", "feature": "f", "category": "Search", "options": {"X": "1"}},
                           {"id": "A", "feature": "g", "category": "Search", "options": {"X": "2"}}])"),
                "steps[1].id: 'A' used twice");
    check_error(minimal(R"([{"id": "A b", "feature": "f", "category": "Search", "options": {"X": "1"}}])"),
                "steps[0].id");
    check_error(minimal(kOneStep, R"(, "openings": {"file": "o.epd", "colour": 1})"), "openings.colour: unknown key");
    // Limits are read when the file is, not when a plan is made from it.
    check_error(minimal(kOneStep, R"(, "tc": "2+x")"), "x.json: gauntlet.tc=2+x: bad increment 'x'");
    const auto with_smoke = [](const std::string& smoke) {
        std::string text = minimal(kOneStep);
        text.pop_back();  // the closing brace of the file
        return text + R"(, "smoke": )" + smoke + "}";
    };
    check_error(with_smoke(R"({"xboard_tc": "tc=1+0.01 depth=0"})"),
                "x.json: smoke.xboard_tc depth: must be 1 or more");
    check_error(with_smoke(R"({"xboard_tc": "tc=1+0.01 option.Hash=1"})"),
                "x.json: smoke.xboard_tc: expected tc=, st=, nodes=, depth= or timemargin=, got 'option.Hash=1'");
    CHECK_THROWS_WITH(load_ladder_config("/nonexistent/ladder.json"),
                      Catch::Contains("/nonexistent/ladder.json: cannot open"));
}

TEST_CASE("anchors: the catalogue's by default, overridden or floating on request", "[unit]") {
    const auto config = ladder_config_from_text(
        minimal(kOneStep).replace(
            minimal(kOneStep).find(R"([{"conf": "hoichess"}])"), 22,
            R"([{"conf": "hoichess"}, {"conf": "phalanx", "anchor": null}, {"conf": "stockfish-1500", "anchor": 1400}])"),
        "x.json", ".");
    REQUIRE(config.opponents.size() == 3);
    CHECK(config.opponents[0].anchor == 1798.0);
    CHECK_FALSE(config.opponents[1].anchor.has_value());
    CHECK(config.opponents[2].anchor == 1400.0);
}

TEST_CASE("plans: names, scaled time control, smoke limits and head-to-head engines", "[unit]") {
    LadderConfig config = load_ladder_config(kDefaultLadder);
    config.head_to_head = true;  // off in the ladders (docs/statistics.md), still supported
    PlanOptions options;
    options.engine_cmd = "/opt/tempo";
    options.tc_scale = 0.1;
    const LadderPlan scaled = make_plan(config, options);
    CHECK(scaled.ladder == "madchess-2.0-tc0.1");
    CHECK(scaled.time_control == "12+0.1");
    CHECK(scaled.wac_movetime_ms == 300);
    CHECK(scaled.steps[12].player == "tempo 13 HistoryLmr");
    CHECK(scaled.steps[0].spec.cmd == "/opt/tempo");

    const auto first = step_match_config(scaled, 0, "a.db", std::nullopt, 2);
    const auto second = step_match_config(scaled, 1, "a.db", arbiter::config::ShardSpec{2, 3}, 2);
    CHECK(first.engines.size() == scaled.opponents.size() + 1);
    REQUIRE(second.engines.size() == scaled.opponents.size() + 2);
    CHECK(second.engines.back().name == "tempo 01 Baseline");  // the previous step, head to head
    REQUIRE(second.engines.front().tc);
    CHECK(second.engines.front().tc->text == "12+0.1");
    CHECK(second.tournament == "gauntlet");
    CHECK(second.shard->index == 2);
    CHECK(second.games == config.games_per_opponent);

    options.tc_scale = 1.0;
    options.smoke = true;
    const LadderPlan smoke = make_plan(config, options);
    CHECK(smoke.ladder == "madchess-2.0-smoke");
    CHECK(smoke.games_per_opponent == 2);
    CHECK(smoke.wac_positions == std::size_t{10});
    CHECK(smoke.wac_movetime_ms == 50);
    CHECK(smoke.steps[0].spec.nodes == 2000u);
    for (const auto& opponent : smoke.opponents) {
        if (opponent.spec.proto == arbiter::protocol::Protocol::Uci) CHECK(opponent.spec.nodes == 2000u);
        else CHECK((opponent.spec.tc && opponent.spec.tc->text == "2+0.02"));  // xboard cannot take a node limit
    }
    const auto json = plan_json(smoke);
    CHECK(json["smoke"] == true);
    CHECK(json["anchors"]["phalanx"] == 2644.0);
}

TEST_CASE("plans: --games overrides the games per opponent and names the ladder after it", "[unit]") {
    const LadderConfig config = load_ladder_config(kDefaultLadder);
    PlanOptions options;
    options.engine_cmd = "/opt/tempo";
    options.tc_scale = 0.025;
    options.games_per_opponent = 16;
    const LadderPlan quick = make_plan(config, options);
    CHECK(quick.ladder == "madchess-2.0-tc0.025-g16");
    CHECK(quick.games_per_opponent == 16);
    CHECK(step_match_config(quick, 3, "a.db", std::nullopt, 2).games == 16);
    CHECK(plan_json(quick)["games_per_opponent"] == 16);

    options.tc_scale = 1.0;
    options.smoke = true;
    options.games_per_opponent = 4;
    CHECK(make_plan(config, options).ladder == "madchess-2.0-smoke-g4");
    CHECK(make_plan(config, options).games_per_opponent == 4);
}

TEST_CASE("engine spec text survives the shell-style split of arbiter epd", "[unit]") {
    arbiter::config::EngineSpec spec;
    spec.cmd = "/x y/tempo";
    spec.options = {{"Features", "none,+Mobility"}, {"Name", "it's"}};
    const std::string text = engine_spec_text(spec);
    const auto words = arbiter::config::split_words(text, "test");
    REQUIRE(words.size() == 3);
    CHECK(words[0] == "cmd=/x y/tempo");
    CHECK(words[2] == "option.Name=it's");
}
