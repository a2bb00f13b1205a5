// A ladder's WAC that can be repeated (#40 item 5): `wac.nodes` (a node limit per position, which
// repeats exactly) or `wac.runs` (a timed WAC played several times, each run of its own), read and
// checked, carried into the plan, and played and stored once per run.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/epdrun/epd_store.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"

using namespace arbiter;
using namespace arbiter::ladder;
using Catch::Matchers::Contains;

namespace {

std::string ladder_file(const std::string& wac, const std::string& smoke = "") {
    std::string text = R"({"name": "w", "steps": [
        {"id": "A", "feature": "a", "category": "Baseline", "options": {"Features": "none"}}],
      "gauntlet": {"opponents": [{"conf": "hoichess"}]})";
    if (!wac.empty()) text += R"(, "wac": )" + wac;
    if (!smoke.empty()) text += R"(, "smoke": )" + smoke;
    return text + "}";
}

LadderConfig config_of(const std::string& text) { return ladder_config_from_text(text, "x.json", "."); }

LadderPlan plan_of(const std::string& text, bool smoke, double tc_scale = 1.0) {
    PlanOptions options;
    options.smoke = smoke;
    options.tc_scale = tc_scale;
    options.engine_cmd = "/opt/tempo";
    return make_plan(config_of(text), options);
}

void check_error(const std::string& text, const std::string& expected) {
    CHECK_THROWS_WITH(config_of(text), Contains(expected));
}

}  // namespace

TEST_CASE("wac: nodes or a number of timed runs; mistakes name the file and the key", "[unit]") {
    const LadderConfig nodes = config_of(ladder_file(R"({"nodes": 100000})"));
    CHECK(nodes.wac.nodes == 100000u);
    CHECK(nodes.wac.runs == 1);
    CHECK(config_of(ladder_file(R"({"movetime_ms": 3000, "runs": 3})")).wac.runs == 3);
    check_error(ladder_file(R"({"movetime_ms": 3000, "nodes": 5})"),
                "x.json: wac: give movetime_ms or nodes, not both");
    check_error(ladder_file(R"({"nodes": 5, "runs": 3})"),
                "x.json: wac.runs: a node-limited WAC repeats exactly; runs needs movetime_ms");
    check_error(ladder_file(R"({"runs": 11})"), "x.json: wac.runs: expected an integer from 1 to 10, got 11");
    check_error(ladder_file(R"({"runs": true})"), "x.json: wac.runs: expected an integer from 1 to 10, got true");
    check_error(ladder_file(R"({"nodes": 0})"),
                "x.json: wac.nodes: expected an integer from 1 to 1000000000000, got 0");
}

TEST_CASE("wac: the plan's limit, unscaled nodes, a smoke run's own nodes, and old plans unchanged", "[unit]") {
    const LadderPlan nodes = plan_of(ladder_file(R"({"nodes": 100000})"), false, 0.01);
    CHECK(nodes.wac_nodes == 100000u);  // --tc-scale scales clocks, not nodes
    CHECK(wac_limit_text(nodes) == "nodes=100000");
    const auto json = plan_json(nodes)["wac"];
    CHECK(json["nodes"] == 100000);
    CHECK(json["limit"] == "nodes=100000");
    CHECK_FALSE(json.contains("movetime_ms"));

    const LadderPlan smoke = plan_of(ladder_file(R"({"nodes": 100000})", R"({"nodes": 300})"), true);
    CHECK(smoke.wac_nodes == 300u);

    const LadderPlan timed = plan_of(ladder_file(R"({"movetime_ms": 3000, "runs": 3})"), false, 0.1);
    CHECK(timed.wac_runs == 3);
    CHECK(wac_limit_text(timed) == "movetime=300");
    CHECK(plan_json(timed)["wac"]["runs"] == 3);
    CHECK(plan_json(timed)["wac"]["limit"] == "movetime=300");

    // A file without nodes or runs keeps the WAC plan it had (and so its ladder run).
    const auto plain = plan_json(plan_of(ladder_file(R"({"movetime_ms": 3000})"), false))["wac"];
    CHECK(plain == nlohmann::json({{"suite", ""}, {"movetime_ms", 3000}, {"positions", nullptr}}));
}

TEST_CASE("epd runs: a repetition above 1 is a run of its own, the first keeps its identity", "[unit]") {
    db::EngineRecord engine;
    engine.name = "tempo";
    epdrun::Suite suite;
    suite.name = "WAC";
    suite.content_hash = "abc";
    epdrun::SearchLimit limit;
    limit.movetime_ms = 30;
    const std::string first = epdrun::epd_run_config_json(engine, suite, limit);
    CHECK(epdrun::epd_run_config_json(engine, suite, limit, 1) == first);
    const std::string second = epdrun::epd_run_config_json(engine, suite, limit, 2);
    CHECK(second != first);
    CHECK(nlohmann::json::parse(second)["repetition"] == 2);
    CHECK(epdrun::epd_run_config_json(engine, suite, limit, 3) != second);
}
