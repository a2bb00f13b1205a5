// The search limit keys of an engine (tc=, st=, nodes=, depth=, timemargin=): parsed where they
// are read, into the type the game is played under, with the engine and key named on a mistake.
#include <catch2/catch.hpp>

#include "cli/match_flags.h"
#include "harness/config/engine_limits.h"
#include "harness/config/engine_spec.h"

using namespace arbiter;

namespace {

std::string where_refused(const std::string& text) {
    try {
        config::parse_engine_spec(text, "-engine #1");
    } catch (const config::ConfigError& error) {
        return error.where();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("limit keys are parsed when read, errors naming engine and key", "[unit]") {
    const config::EngineSpec spec = config::parse_engine_spec("tc=10+0.1 timemargin=50", "-engine #1");
    REQUIRE(spec.tc);
    CHECK(spec.tc->control.base_ms == 10000);
    const tc::TimeControl control = config::time_control(spec);
    CHECK(control.base_ms == 10000);
    CHECK(control.increment_ms == 100);
    CHECK(control.margin_ms == 50);
    CHECK(where_refused("tc=ten") == "-engine #1 tc");
    CHECK(where_refused("st=0") == "-engine #1 st");
    CHECK(where_refused("st=nan") == "-engine #1 st");
    CHECK(where_refused("nodes=0") == "-engine #1 nodes");
    CHECK(where_refused("depth=0") == "-engine #1 depth");
    CHECK(where_refused("plies=x") == "-engine #1 plies");
    CHECK(where_refused("timemargin=-1") == "-engine #1 timemargin");
}

TEST_CASE("the limit keys join into one control", "[unit]") {
    const auto control = [](const std::string& text) {
        return config::time_control(config::parse_engine_spec(text, "-engine #1"));
    };
    CHECK(control("st=0.5").move_time_ms == 500);
    CHECK(control("tc=5/move").move_time_ms == 5000);
    CHECK(control("nodes=2000 depth=9") == tc::TimeControl{.nodes = 2000, .depth = 9});
    // tc=inf with another limit is that limit alone; tc=inf by itself stays "no clock".
    CHECK(control("tc=inf nodes=100") == tc::TimeControl{.nodes = 100});
    CHECK(control("tc=inf").infinite);
    CHECK(control("tc=40/60+1 timemargin=20") ==
          tc::TimeControl{.moves_per_tc = 40, .base_ms = 60000, .increment_ms = 1000, .margin_ms = 20});
}

TEST_CASE("-each fills the limit keys an engine leaves out", "[unit]") {
    const config::MatchConfig config = cli::parse_match_flags(
        {"-engine", "cmd=a", "tc=40/60", "-engine", "cmd=b", "nodes=500", "-each", "tc=10+0.1", "timemargin=30"});
    CHECK(config::time_control(config.engines[0]) ==
          tc::TimeControl{.moves_per_tc = 40, .base_ms = 60000, .margin_ms = 30});
    CHECK(config::time_control(config.engines[1]) ==
          tc::TimeControl{.base_ms = 10000, .increment_ms = 100, .nodes = 500, .margin_ms = 30});
}

// Stored runs resume by identity, and the identity holds tc= as typed: "10+0" and "10" are one
// control but two identities, so neither may be rewritten into the other.
TEST_CASE("the run identity keeps tc= as it was typed", "[unit]") {
    for (const std::string typed : {"10+0", "0:10", "0/5+0", "0.500+0.005", "inf/1+0.01"}) {
        const config::MatchConfig config =
            cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=" + typed});
        CHECK_THAT(config::run_identity(config), Catch::Contains("\"tc\":\"" + typed + "\""));
    }
}
