#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "harness/config/engine_spec.h"
#include "harness/config/match_config.h"

using namespace arbiter::config;

TEST_CASE("JSON config and flags describe the same run", "[config]") {
    auto from_flags = arbiter::cli::parse_match_flags(
        split_words("-engine cmd=tempo name=t option.Features=none,+MvvLva -engine cmd=sf nodes=5000 -each depth=7 "
                    "-openings file=o.epd -repeat -games 2 -rounds 3 -seed 9 -sprt elo0=-3 elo1=1 -logdir logs",
                    "t"));
    CHECK(from_flags.logdir == std::optional<std::string>("logs"));
    auto json = match_config_to_json(from_flags);
    auto from_json = match_config_from_json(json, "inline");
    CHECK(match_config_to_json(from_json) == json);
    CHECK(run_identity(from_json) == run_identity(from_flags));
}

TEST_CASE("run identity ignores presentation settings", "[config]") {
    auto a = arbiter::cli::parse_match_flags(
        split_words("-engine cmd=x -engine cmd=y -concurrency 2 -db a.db -shard 1/4", "t"));
    auto b = arbiter::cli::parse_match_flags(
        split_words("-engine cmd=x -engine cmd=y -concurrency 8 -db b.db -logdir off", "t"));
    auto c = arbiter::cli::parse_match_flags(split_words("-engine cmd=x -engine cmd=y -games 4", "t"));
    CHECK(run_identity(a) == run_identity(b));
    CHECK(run_identity(a) != run_identity(c));
}

TEST_CASE("JSON errors name the file, line and key", "[config]") {
    const std::string path = "test_config_bad.json";
    {
        std::ofstream out(path);
        out << "{\n  \"games\": 2,\n  \"engines\": [\n    {\"cmd\": \"x\",}\n  ]\n}\n";
    }
    try {
        load_match_config_file(path);
        FAIL("expected an error");
    } catch (const ConfigError& e) {
        CHECK(e.where() == path + ":4");
    }
    {
        std::ofstream out(path);
        out << R"({"engines": [{"cmd": "x", "optoins": {}}]})";
    }
    try {
        load_match_config_file(path);
        FAIL("expected an error");
    } catch (const ConfigError& e) {
        CHECK(e.where() == path + ".engines[0].optoins");
    }
    std::remove(path.c_str());
}
