// Values the config layer used to accept silently or report by a symptom (issue #17): a directory
// given as the config file, counts written as 1e30 or 1.5, concurrency 0 in JSON, keys given twice,
// node limits of 0, and the -ping-ms / ping_ms stall timeout. Each error names the real cause.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "harness/catalogue/catalogue.h"
#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/match_config.h"

using namespace arbiter;
using Catch::Matchers::Contains;
using config::ConfigError;

namespace {

// A directory of its own under the system temp dir, removed at scope exit.
class Scratch {
public:
    Scratch()
        : path_(std::filesystem::temp_directory_path() /
                ("arbiter-config-values-" + std::to_string(getpid()) + "-" + std::to_string(counter_++))) {
        std::filesystem::create_directories(path_);
    }
    ~Scratch() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    std::string write(const std::string& name, const std::string& text) const {
        const std::string file = (path_ / name).string();
        std::ofstream(file, std::ios::binary) << text;
        return file;
    }
    std::string dir() const { return path_.string(); }

private:
    static inline int counter_ = 0;
    std::filesystem::path path_;
};

const std::string kEngines = R"("engines": [{"cmd": "a"}, {"cmd": "b"}])";

std::string where_of_config(const std::string& text) {
    Scratch scratch;
    const std::string path = scratch.write("run.json", text);
    try {
        config::load_match_config_file(path);
    } catch (const ConfigError& error) {
        return error.where().substr(path.size());  // the part after the file name
    }
    return "(accepted)";
}

std::string message_of_config(const std::string& text) {
    Scratch scratch;
    const std::string path = scratch.write("run.json", text);
    try {
        config::load_match_config_file(path);
    } catch (const ConfigError& error) {
        return error.what();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("a directory given as the config file is named as one", "[config]") {
    Scratch scratch;
    try {
        config::load_match_config_file(scratch.dir());
        FAIL("a directory was read as a config file");
    } catch (const ConfigError& error) {
        CHECK(error.where() == scratch.dir());
        CHECK_THAT(error.what(), Contains("is a directory"));
    }
    CHECK_THROWS_WITH(cli::parse_match_flags({"-config", scratch.dir()}), Contains(scratch.dir() + ": is a directory"));
    CHECK_THROWS_WITH(catalogue::Catalogue::from_file(scratch.dir()), Contains(scratch.dir() + ": is a directory"));
    CHECK_THROWS_WITH(config::load_match_config_file(scratch.dir() + "/missing.json"),
                      Contains("missing.json: cannot open config file"));
}

TEST_CASE("a UTF-8 byte-order mark before a JSON config is accepted", "[config]") {
    Scratch scratch;
    const std::string path = scratch.write("bom.json", "\xEF\xBB\xBF{" + kEngines + R"(, "rounds": 3})");
    const config::MatchConfig config = config::load_match_config_file(path);
    CHECK(config.rounds == 3);
    CHECK(config.engines.size() == 2);
    CHECK(
        catalogue::Catalogue::from_json_text("\xEF\xBB\xBF{\"engines\": {\"x\": {\"cmd\": \"x\"}}}", "cat").find("x"));
}

TEST_CASE("JSON counts must be integers that fit, with the flags' lower bounds", "[config]") {
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "rounds": 1e30})"),
               Contains(".rounds: expected an integer, got 1e+30"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "rounds": 1.5})"),
               Contains(".rounds: expected an integer, got 1.5"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "games": 99999999999})"), Contains(".games: out of range"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "seed": -1})"), Contains(".seed: out of range"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "concurrency": 0})"),
               Contains(".concurrency: must be 1 or more, got 0"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "rounds": 0})"), Contains(".rounds: must be 1 or more, got 0"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "openings": {"file": "o.epd", "plies": 2.5}})"),
               Contains(".openings.plies: expected an integer, got 2.5"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "tournament": "swiss"})"),
               Contains(".tournament: must be round-robin, gauntlet, knockout or pyramid"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "variant": "atomic"})"),
               Contains(".variant: must be standard or fischerandom"));
    // Unchanged: the flag refuses 0 as before, and an absent concurrency still means every core.
    CHECK_THROWS_WITH(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-concurrency", "0"}),
                      "-concurrency: must be 1 or more, got 0");
    Scratch scratch;
    CHECK(config::load_match_config_file(scratch.write("ok.json", "{" + kEngines + "}")).concurrency == 0);
}

TEST_CASE("a key given twice in a JSON file is an error naming the key and the file", "[config]") {
    CHECK(where_of_config("{" + kEngines + R"(, "rounds": 2, "games": 1, "rounds": 3})") == ".rounds");
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "rounds": 2, "rounds": 3})"),
               Contains("run.json.rounds: key given twice"));
    CHECK(where_of_config(R"({"engines": [{"cmd": "a"}, {"cmd": "b", "options": {"Hash": 1, "Hash": 2}}]})") ==
          ".engines[1].options.Hash");
    CHECK(where_of_config(R"({"engines": [{"cmd": "a", "cmd": "b"}]})") == ".engines[0].cmd");
    // The same key in different objects, or nested at different depths, is no repetition.
    CHECK(where_of_config(R"({"engines": [{"cmd": "a", "name": "x"}, {"cmd": "b", "name": "y"}], "draw": {"score": 1},
                              "resign": {"score": 2}})") == "(accepted)");
    CHECK_THROWS_WITH(
        catalogue::Catalogue::from_json_text(R"({"engines": {"x": {"cmd": "x"}, "x": {"cmd": "y"}}})", "cat"),
        Contains("cat.engines.x: key given twice"));
    CHECK_THROWS_WITH(config::parse_config_json("[1, {\"a\": 1}, [{}, {\"b\": 1, \"b\": 2}]]", "t"),
                      Contains("t[2][1].b: key given twice"));
}

TEST_CASE("nodes=0 is refused where it is written, not as a missing time control", "[config]") {
    CHECK_THROWS_WITH(cli::parse_match_flags({"-engine", "cmd=a", "nodes=0", "-engine", "cmd=b"}),
                      Contains("-engine #1 nodes: must be between 1 and"));
    CHECK_THROWS_WITH(
        cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "nodes=18446744073709551615"}),
        Contains("-each nodes: must be between 1 and 9223372036854775807"));
    CHECK(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "nodes=1"}).engines[1].nodes == 1u);
}

TEST_CASE("the stall timeout comes from -ping-ms or ping_ms and leaves the run identity alone", "[config]") {
    const config::MatchConfig plain = cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b"});
    CHECK_FALSE(plain.ping_ms);
    const config::MatchConfig flagged =
        cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-ping-ms", "250"});
    CHECK(flagged.ping_ms == std::optional<std::int64_t>(250));
    CHECK(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "--ping-ms", "9"}).ping_ms == 9);
    CHECK(config::run_identity(flagged) == config::run_identity(plain));
    const config::MatchConfig from_json =
        config::match_config_from_json(config::match_config_to_json(flagged), "round trip");
    CHECK(from_json.ping_ms == flagged.ping_ms);
    CHECK_FALSE(config::match_config_to_json(plain).contains("ping_ms"));

    CHECK_THROWS_WITH(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-ping-ms", "0"}),
                      Contains("-ping-ms: must be between 1 and"));
    CHECK_THROWS_WITH(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-ping-ms", "soon"}),
                      Contains("-ping-ms: expected an integer"));
    Scratch scratch;
    CHECK(config::load_match_config_file(scratch.write("p.json", "{" + kEngines + R"(, "ping_ms": 1500})")).ping_ms ==
          1500);
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "ping_ms": -5})"), Contains(".ping_ms: must be between 1 and"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "ping_ms": 0.5})"), Contains(".ping_ms: expected an integer"));
}

TEST_CASE("the output format comes from -output format= or output and leaves the run identity alone", "[config]") {
    const config::MatchConfig plain = cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b"});
    CHECK(plain.output == config::OutputFormat::cutechess);
    const config::MatchConfig flagged =
        cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-output", "format=fastchess"});
    CHECK(flagged.output == config::OutputFormat::fastchess);
    CHECK(config::run_identity(flagged) == config::run_identity(plain));
    CHECK_FALSE(config::match_config_to_json(plain).contains("output"));
    CHECK(config::match_config_from_json(config::match_config_to_json(flagged), "round trip").output ==
          config::OutputFormat::fastchess);
    CHECK_THROWS_WITH(cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-output", "format=pgn"}),
                      Contains("-output format: must be cutechess or fastchess, got 'pgn'"));
    CHECK_THAT(message_of_config("{" + kEngines + R"(, "output": "xml"})"), Contains(".output: must be"));
}
