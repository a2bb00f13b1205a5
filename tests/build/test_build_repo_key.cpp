// repo=DIR beside build=REV in engine specs: on -engine, through -each and in JSON configs.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"

using namespace arbiter::config;

TEST_CASE("repo= is read on -engine, filled in by -each and kept in JSON configs", "[unit]") {
    EngineSpec engine = parse_engine_spec("build=HEAD repo=/src/myengine/", "-engine #1");
    REQUIRE(engine.build_repo);
    CHECK(*engine.build_repo == "/src/myengine/");
    CHECK(default_engine_name(engine) == "myengine@HEAD");

    EngineSpec bare = parse_engine_spec("build=v1", "-engine #2");
    apply_each(bare, parse_engine_spec("repo=/src/other", "-each"));
    REQUIRE(bare.build_repo);
    CHECK(*bare.build_repo == "/src/other");
    CHECK(default_engine_name(parse_engine_spec("build=v1", "-engine #3")) == "tempo@v1");

    const EngineSpec from_json = engine_spec_from_json(engine_spec_to_json(engine), "engines[0]");
    REQUIRE(from_json.build_repo);
    CHECK(*from_json.build_repo == "/src/myengine/");
    CHECK_THROWS_AS(parse_engine_spec("build=HEAD repo=", "-engine #1"), ConfigError);
}
