// `arbiter epd --engine` and `arbiter ttd --engine` take a whole engine spec in one word, and
// --engine-name and --git-commit end up in the database and the report: a control character in any
// of them is refused by the flag parser, naming the flag (issue #17).
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/epd_flags.h"
#include "harness/config/match_config.h"
#include "harness/engines/engine_setup.h"

using namespace arbiter;
using namespace arbiter::epdrun;
using arbiter::cli::parse_epd_options;
using arbiter::cli::parse_ttd_options;
using Catch::Matchers::Contains;

TEST_CASE("epd and ttd flags refuse control characters, naming the flag", "[unit]") {
    CHECK_THROWS_WITH(parse_epd_options({"--engine", "cmd=sf option.Features=\"none\ngo infinite\"", "--depth", "1"}),
                      "--engine: control character (newline) in value");
    CHECK_THROWS_WITH(parse_epd_options({"--engine=sf\r", "--depth", "1"}),
                      "--engine: control character (carriage return) in value");
    CHECK_THROWS_WITH(parse_epd_options({"--engine", "sf", "--depth", "1", "--engine-name", "a\nb"}),
                      "--engine-name: control character (newline) in value");
    CHECK_THROWS_WITH(parse_epd_options({"--engine", "sf", "--depth", "1", "--git-commit", "abc\n"}),
                      "--git-commit: control character (newline) in value");
    CHECK_THROWS_WITH(parse_ttd_options({"--engine", "sf", "--engine", "cmd=sf initstr=\"go\ninfinite\"", "--positions",
                                         "p.epd", "--depth", "2"}),
                      "--engine: control character (newline) in value");
    CHECK_NOTHROW(parse_epd_options({"--engine", "cmd=sf option.Features=none,+MvvLva", "--depth", "1", "--engine-name",
                                     "tempo \xc3\xa9t\xc3\xa9"}));
}

TEST_CASE("an engine spec string resolved for epd refuses a quoted newline", "[unit]") {
    std::ostringstream progress;
    CHECK_THROWS_WITH(
        engine_setup::resolve_engine_text("cmd=sf 'option.Features=none\ngo infinite'", "--engine", progress),
        "--engine option.Features: control character (newline) in value");
}
