// A ladder file's `measure` (#40): time to depth and the fixed-node match against the previous step,
// read and checked like every key (mistakes name the file and key, exit 2 before anything is
// written), carried into the plan (a smoke run's own depth, nodes and pairs), and the fixed-node
// match each step plays.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/ladder_command.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;
using namespace arbiter::ladder;
using Catch::Matchers::Contains;

namespace {

// Two steps against hoichess; `measure` and `smoke` as given (a JSON object's members, or none).
std::string ladder_file(const std::string& measure, const std::string& smoke = "") {
    std::string text = R"({"name": "m", "steps": [
        {"id": "A", "feature": "a", "category": "Baseline", "options": {"Features": "none"}},
        {"id": "B", "feature": "b", "category": "Search", "options": {"Features": "all"}}],
      "gauntlet": {"opponents": [{"conf": "hoichess"}], "tc": "10+0.1", "seed": 7,
                   "draw": {"movenumber": 20, "movecount": 4, "score": 20}, "maxmoves": 80})";
    if (!measure.empty()) text += R"(, "measure": )" + measure;
    if (!smoke.empty()) text += R"(, "smoke": )" + smoke;
    return text + "}";
}

LadderConfig config_of(const std::string& text) { return ladder_config_from_text(text, "x.json", "/ladders"); }

void check_error(const std::string& text, const std::string& expected) {
    CHECK_THROWS_WITH(config_of(text), Contains(expected));
}

LadderPlan plan_of(const std::string& text, bool smoke) {
    PlanOptions options;
    options.smoke = smoke;
    options.engine_cmd = "/opt/tempo";
    return make_plan(config_of(text), options);
}

const std::string kBoth = R"({"time_to_depth": {"depth": 8}, "fixed_nodes": {"nodes": 20000, "pairs": 100}})";

}  // namespace

TEST_CASE("measure: time to depth and fixed nodes are read, positions from the file's folder", "[unit]") {
    const LadderConfig both = config_of(ladder_file(kBoth));
    REQUIRE(both.measure);
    REQUIRE(both.measure->time_to_depth);
    CHECK(both.measure->time_to_depth->depth == 8);
    CHECK(both.measure->time_to_depth->positions.empty());  // arbiter's bench.epd
    REQUIRE(both.measure->fixed_nodes);
    CHECK(both.measure->fixed_nodes->nodes == 20000u);
    CHECK(both.measure->fixed_nodes->pairs == 100);

    const LadderConfig depth_only =
        config_of(ladder_file(R"({"time_to_depth": {"depth": 6, "positions": "pos/bench.epd"}})"));
    CHECK(depth_only.measure->time_to_depth->positions == "/ladders/pos/bench.epd");
    CHECK_FALSE(depth_only.measure->fixed_nodes);
    CHECK_FALSE(config_of(ladder_file("")).measure);
}

TEST_CASE("measure: mistakes name the file and the key", "[unit]") {
    check_error(ladder_file("{}"), "x.json: measure: give time_to_depth, fixed_nodes, speed or several of them");
    check_error(ladder_file(R"({"pace": 1})"), "x.json: measure.pace: unknown key");
    check_error(ladder_file(R"({"speed": {}})"), "x.json: measure.speed: missing \"nodes\"");
    check_error(ladder_file(R"({"speed": {"nodes": 0}})"),
                "x.json: measure.speed.nodes: expected an integer from 1 to 1000000000000, got 0");
    check_error(ladder_file(R"({"speed": {"nodes": 10, "depth": 3}})"), "x.json: measure.speed.depth: unknown key");
    check_error(ladder_file(kBoth, R"({"measure_speed_nodes": 0})"),
                "x.json: smoke.measure_speed_nodes: expected an integer from 1 to 1000000000000, got 0");
    check_error(ladder_file(R"({"time_to_depth": {}})"), "x.json: measure.time_to_depth: missing \"depth\"");
    check_error(ladder_file(R"({"time_to_depth": {"depth": 0}})"),
                "x.json: measure.time_to_depth.depth: expected an integer from 1 to 64, got 0");
    check_error(ladder_file(R"({"time_to_depth": {"depth": "6"}})"),
                "x.json: measure.time_to_depth.depth: expected an integer from 1 to 64, got \"6\"");
    check_error(ladder_file(R"({"time_to_depth": {"depth": 6, "positions": ""}})"),
                "x.json: measure.time_to_depth.positions: expected a file");
    check_error(ladder_file(R"({"time_to_depth": {"depth": 6, "positions": 3}})"),
                "x.json: measure.time_to_depth.positions: expected a string");
    check_error(ladder_file(R"({"fixed_nodes": {"nodes": 1000}})"), "x.json: measure.fixed_nodes: missing \"pairs\"");
    check_error(ladder_file(R"({"fixed_nodes": {"nodes": -5, "pairs": 2}})"),
                "x.json: measure.fixed_nodes.nodes: expected an integer from 1 to 1000000000000, got -5");
    check_error(ladder_file(R"({"fixed_nodes": {"nodes": 1000, "pairs": 2.5}})"),
                "x.json: measure.fixed_nodes.pairs: expected an integer from 1 to 1000000, got 2.5");
    check_error(ladder_file(kBoth, R"({"measure_depth": 65})"),
                "x.json: smoke.measure_depth: expected an integer from 1 to 64, got 65");
    check_error(ladder_file(kBoth, R"({"measure_pairs": 0})"),
                "x.json: smoke.measure_pairs: expected an integer from 1 to 1000000, got 0");
    std::string xboard = ladder_file(R"({"fixed_nodes": {"nodes": 1000, "pairs": 2}})");
    xboard.insert(1, R"("engine": {"cmd": "/x/crafty", "proto": "xboard"}, )");
    check_error(xboard, "x.json: measure.fixed_nodes: the ladder's engine speaks xboard");
    std::string xboard_speed = ladder_file(R"({"speed": {"nodes": 1000}})");
    xboard_speed.insert(1, R"("engine": {"cmd": "/x/crafty", "proto": "xboard"}, )");
    check_error(xboard_speed, "x.json: measure.speed: the ladder's engine speaks xboard");
}

TEST_CASE("measure: speed is read, planned, and searched at the smoke run's own node count", "[unit]") {
    const std::string file = ladder_file(R"({"time_to_depth": {"depth": 8}, "speed": {"nodes": 2000000}})");
    const LadderConfig config = config_of(file);
    REQUIRE(config.measure->speed);
    CHECK(config.measure->speed->nodes == 2000000u);
    CHECK(config.measure->speed->positions.empty());  // arbiter's bench.epd
    const LadderPlan nominal = plan_of(file, false);
    REQUIRE(nominal.speed);
    CHECK(plan_json(nominal)["measure"]["speed"] == nlohmann::json({{"nodes", 2000000}, {"positions", ""}}));
    CHECK(speed_json(*nominal.speed) == plan_json(nominal)["measure"]["speed"]);
    CHECK(plan_of(file, true).speed->nodes == 20000u);  // smoke.measure_speed_nodes' default
    CHECK(plan_of(ladder_file(R"({"speed": {"nodes": 5}})", R"({"measure_speed_nodes": 77})"), true).speed->nodes ==
          77u);
    CHECK(plan_of(ladder_file(R"({"speed": {"nodes": 5, "positions": "pos/bench.epd"}})"), false).speed->positions ==
          "/ladders/pos/bench.epd");
}

TEST_CASE("measure: bad input is exit 2 naming the file and the key, before anything is written", "[unit]") {
    test_support::TempDir dir;
    const std::string file = dir.write("bad.json", ladder_file(R"({"time_to_depth": {"depth": 100}})"));
    std::ostringstream out, err;
    CHECK(cli::run_ladder_command({file, "--db", dir.file("x.db"), "--smoke"}, out, err) == 2);
    CHECK_THAT(err.str(), Contains(file + ": measure.time_to_depth.depth: expected an integer from 1 to 64"));
    CHECK_FALSE(std::filesystem::exists(dir.file("x.db")));

    // A positions file that cannot be read is named before the first game too.
    const std::string missing =
        dir.write("missing.json", ladder_file(R"({"time_to_depth": {"depth": 2, "positions": "nope.epd"}})"));
    std::ostringstream out2, err2;
    CHECK(cli::run_ladder_command({missing, "--db", dir.file("y.db"), "--smoke"}, out2, err2) == 2);
    CHECK_THAT(err2.str(), Contains(missing + ": measure.time_to_depth.positions: ") && Contains("nope.epd"));
    CHECK_FALSE(std::filesystem::exists(dir.file("y.db")));
}

TEST_CASE("measure: the plan carries it, a smoke run at its own depth, nodes and pairs", "[unit]") {
    const LadderPlan nominal = plan_of(ladder_file(kBoth), false);
    REQUIRE(nominal.time_to_depth);
    CHECK(nominal.time_to_depth->depth == 8);
    CHECK(nominal.fixed_nodes->nodes == 20000u);
    const nlohmann::json json = plan_json(nominal);
    CHECK(json["measure"]["time_to_depth"] == nlohmann::json({{"depth", 8}, {"positions", ""}}));
    CHECK(json["measure"]["fixed_nodes"] == nlohmann::json({{"nodes", 20000}, {"pairs", 100}}));
    CHECK(json["measure"]["time_to_depth"] == time_to_depth_json(*nominal.time_to_depth));

    const LadderPlan smoke = plan_of(ladder_file(kBoth, R"({"nodes": 300, "measure_depth": 2})"), true);
    CHECK(smoke.time_to_depth->depth == 2);
    CHECK(smoke.fixed_nodes->nodes == 300u);  // the smoke run's node limit
    CHECK(smoke.fixed_nodes->pairs == 2);     // smoke.measure_pairs' default

    // Ladders without `measure` keep the plan (and so the ladder run) they had.
    CHECK_FALSE(plan_json(plan_of(ladder_file(""), false)).contains("measure"));
}

TEST_CASE("measure: the fixed-node match plays the previous step at the node limit, nothing else", "[unit]") {
    const LadderPlan plan = plan_of(ladder_file(kBoth), false);
    const config::MatchConfig match = fixed_node_match_config(plan, 1, "a.db", 2);
    REQUIRE(match.engines.size() == 2);
    CHECK(match.engines[0].name == "tempo 02 B");
    CHECK(match.engines[1].name == "tempo 01 A");
    for (const auto& engine : match.engines) {
        CHECK(engine.nodes == 20000u);
        CHECK_FALSE(engine.tc.has_value());  // the gauntlet's 10+0.1 gone: speed must not count
        CHECK_FALSE(engine.st.has_value());
        CHECK_FALSE(engine.depth.has_value());
    }
    CHECK(match.games == 200);  // 100 pairs, each opening with both colours
    CHECK(match.repeat);
    CHECK(match.tournament == "gauntlet");
    const config::MatchConfig gauntlet = step_match_config(plan, 1, "a.db", std::nullopt, 2);
    CHECK(match.seed == gauntlet.seed);  // the gauntlet's openings and adjudication
    CHECK(match.draw == gauntlet.draw);
    CHECK(match.maxmoves == 80);
    CHECK(match.event != gauntlet.event);
}
