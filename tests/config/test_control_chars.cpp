// Control characters in values that reach an engine or a file (issue #17): a newline inside
// `option.Features="none<newline>go infinite"` would give the engine `go infinite` as a command of its
// own, and one inside a name would break the PGN tag it is written to. Every entry point of the
// config layer refuses them, naming the flag or JSON path that holds the value.
#include <catch2/catch.hpp>

#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "harness/catalogue/catalogue.h"
#include "harness/config/engine_spec.h"
#include "harness/config/match_config.h"
#include "harness/config/plain_text.h"

using namespace arbiter;
using config::ConfigError;

namespace {

const std::string kInjected = "none\ngo infinite";

// The ConfigError `parse` throws; fails the test when it throws none.
template <typename Parse>
ConfigError error_of(Parse parse) {
    try {
        parse();
    } catch (const ConfigError& error) {
        return error;
    }
    FAIL("expected a ConfigError");
    throw;  // not reached: FAIL throws
}

std::vector<std::string> two_engines_and(const std::vector<std::string>& extra) {
    std::vector<std::string> args{"-engine", "cmd=a", "name=a", "-engine", "cmd=b", "name=b"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

}  // namespace

TEST_CASE("control characters are named; ordinary text, UTF-8 included, passes", "[config]") {
    CHECK(config::control_character_problem("none,+MvvLva") == std::nullopt);
    CHECK(config::control_character_problem("Stockfish 16 \xc3\xa9t\xc3\xa9") == std::nullopt);  // UTF-8 "été"
    CHECK(config::control_character_problem("a\nb") ==
          std::optional<std::string>("control character (newline) in value"));
    CHECK(config::control_character_problem("a\rb") ==
          std::optional<std::string>("control character (carriage return) in value"));
    CHECK(config::control_character_problem("a\tb") == std::optional<std::string>("control character (tab) in value"));
    CHECK(config::control_character_problem(std::string("a\0b", 3)) ==
          std::optional<std::string>("control character (NUL) in value"));
    CHECK(config::control_character_problem("a\x1b[0m") ==
          std::optional<std::string>("control character (0x1B) in value"));
    CHECK(config::control_character_problem("a\x7f") ==
          std::optional<std::string>("control character (0x7F) in value"));
}

TEST_CASE("engine values with a newline from -engine and -each are refused, naming the flag and key", "[config]") {
    const ConfigError injected = error_of([] {
        cli::parse_match_flags({"-engine", "cmd=a", "option.Features=" + kInjected, "-engine", "cmd=b"});
    });
    CHECK(injected.where() == "-engine #1 option.Features");
    CHECK(std::string(injected.what()) == "-engine #1 option.Features: control character (newline) in value");

    for (const std::string key : {"name", "cmd", "dir", "arg", "args", "initstr", "env.PATH", "tc", "conf", "build"}) {
        INFO(key);
        const ConfigError error = error_of([&] { cli::parse_match_flags(two_engines_and({"-each", key + "=x\ry"})); });
        CHECK(error.where() == "-each " + key);
        CHECK_THAT(error.what(), Catch::Contains("control character (carriage return)"));
    }
    CHECK(error_of([] {
              cli::parse_match_flags({"-engine", "cmd=a", "option.Fea\ntures=1"});
          }).where() == "-engine #1");
}

TEST_CASE("event and site names, which become PGN tags, are refused with a line break", "[config]") {
    CHECK(error_of([] { cli::parse_match_flags(two_engines_and({"-event", "a\nb"})); }).where() == "-event");
    CHECK(error_of([] { cli::parse_match_flags(two_engines_and({"-site", "a\r\nb"})); }).where() == "-site");
    CHECK(cli::parse_match_flags(two_engines_and({"-event", "Nightly \xe2\x80\x94 tempo"})).event ==
          "Nightly \xe2\x80\x94 tempo");
}

TEST_CASE("the JSON config refuses control characters, naming the JSON path", "[config]") {
    using nlohmann::json;
    auto where_of = [](const json& in) {
        return error_of([&] { config::match_config_from_json(in, "run.json"); }).where();
    };
    const json options = {{"engines", {{{"cmd", "x"}, {"options", {{"Features", kInjected}}}}}}};
    CHECK(where_of(options) == "run.json.engines[0].options.Features");
    CHECK(where_of({{"engines", {{{"cmd", "x"}, {"name", "a\nb"}}}}}) == "run.json.engines[0].name");
    CHECK(where_of({{"engines", {{{"cmd", "x"}, {"initstr", json::array({"ok", "go\ninfinite"})}}}}}) ==
          "run.json.engines[0].initstr");
    CHECK(where_of({{"engines", {{{"cmd", "x"}, {"args", json::array({"-v\n"})}}}}}) == "run.json.engines[0].args");
    CHECK(where_of({{"engines", {{{"cmd", "x"}, {"env", {{"HOME", "a\rb"}}}}}}}) == "run.json.engines[0].env.HOME");
    CHECK(where_of({{"each", {{"options", {{"Hash", "1\n"}}}}}, {"engines", json::array()}}) ==
          "run.json.each.options.Hash");
    CHECK(where_of({{"event", "a\nb"}}) == "run.json.event");
    CHECK(where_of({{"site", "a\tb"}}) == "run.json.site");
}

TEST_CASE("a catalogue entry with a control character is refused, naming the entry", "[config][catalogue]") {
    auto where_of = [](const std::string& text) {
        return error_of([&] { catalogue::Catalogue::from_json_text(text, "cat.json"); }).where();
    };
    CHECK(where_of(R"({"engines": {"sf": {"cmd": "sf", "options": {"Hash": "16\ngo infinite"}}}})") ==
          "cat.json.engines.sf.options.Hash");
    CHECK(where_of(R"({"engines": {"sf": {"cmd": "sf", "initstr": ["go\ninfinite"]}}})") ==
          "cat.json.engines.sf.initstr");
    CHECK(where_of("{\"engines\": {\"s\\nf\": {\"cmd\": \"sf\"}}}") == "cat.json.engines.s\nf");
    CHECK(where_of(R"({"engines": {"sf": {"cmd": "sf", "notes": "a\u0007b"}}})") == "cat.json.engines.sf.notes");
}
