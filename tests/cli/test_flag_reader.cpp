// cli::FlagReader, the one reader of every subcommand's words: spellings, values, switches, errors
// that name the flag, and whole-text number parsing.
#include <catch2/catch.hpp>

#include <limits>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "cli/flag_reader.h"

using arbiter::cli::asks_for_help;
using arbiter::cli::FlagReader;
using arbiter::cli::parse_number;
using arbiter::cli::parse_whole;
using arbiter::cli::UsageError;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

namespace {

// The message of the UsageError `action` throws; fails the test when it throws none.
template <typename Action>
std::string usage_error_of(Action action) {
    try {
        action();
    } catch (const UsageError& error) {
        return error.what();
    }
    FAIL("no UsageError");
    return {};
}

}  // namespace

TEST_CASE("flag reader: --name value, --name=value and -name value read alike", "[unit]") {
    for (const auto& words : {std::vector<std::string>{"--db", "x.db"}, std::vector<std::string>{"--db=x.db"},
                              std::vector<std::string>{"-db", "x.db"}}) {
        FlagReader flags(words);
        REQUIRE(flags.next());
        CHECK_FALSE(flags.is_positional());
        CHECK(flags.name() == "db");
        CHECK(flags.value() == "x.db");
        CHECK_FALSE(flags.next());
    }
    FlagReader inline_value({"--db=x.db"});
    REQUIRE(inline_value.next());
    CHECK(inline_value.flag() == "--db");  // what messages show: the flag as typed, without its value
    CHECK(inline_value.word() == "--db=x.db");
}

TEST_CASE("flag reader: files, actions and a lone dash are positional", "[unit]") {
    FlagReader flags({"games.pgn", "-", "current"});
    std::vector<std::string> positional;
    while (flags.next()) {
        CHECK(flags.is_positional());
        CHECK(flags.name().empty());
        positional.push_back(flags.word());
    }
    CHECK(positional == std::vector<std::string>{"games.pgn", "-", "current"});
}

TEST_CASE("flag reader: only one or two dashes make a flag's name", "[unit]") {
    // "--" and "-=x" have no name at all; neither may crash the reader.
    for (const std::string word : {"--", "-=x", "--=x"}) {
        FlagReader flags({word});
        REQUIRE_NOTHROW(flags.next());
        CHECK(flags.name().empty());
    }
    FlagReader three({"---db", "x"});
    REQUIRE(three.next());
    CHECK(three.name() == "-db");
}

TEST_CASE("flag reader: a missing value, a switch given a value and an unknown word name the flag", "[unit]") {
    FlagReader missing({"--db"});
    REQUIRE(missing.next());
    CHECK_THAT(usage_error_of([&] { missing.value(); }), Equals("--db: needs a value"));

    FlagReader json({"--json=yes"});
    REQUIRE(json.next());
    CHECK_THAT(usage_error_of([&] { json.no_value(); }), Equals("--json: takes no value"));
    FlagReader bare({"--json"});
    REQUIRE(bare.next());
    CHECK_NOTHROW(bare.no_value());

    FlagReader unknown({"--frobnicate=3", "stray.txt"});
    REQUIRE(unknown.next());
    CHECK_THAT(usage_error_of([&] { unknown.unknown("stats"); }),
               Equals("--frobnicate: unknown flag for arbiter stats (see arbiter stats --help)"));
    REQUIRE(unknown.next());
    CHECK_THAT(usage_error_of([&] { unknown.unknown("stats"); }),
               Equals("stray.txt: unexpected argument for arbiter stats"));
}

TEST_CASE("flag reader: values takes a fixed count, negative numbers included, and stops at a flag", "[unit]") {
    FlagReader sprt({"--sprt", "-1.75", "0.25", ".05", "0.05", "--json"});
    REQUIRE(sprt.next());
    CHECK(sprt.values(4) == std::vector<std::string>{"-1.75", "0.25", ".05", "0.05"});
    REQUIRE(sprt.next());
    CHECK(sprt.name() == "json");

    FlagReader inline_first({"--wdl=1", "2", "3"});
    REQUIRE(inline_first.next());
    CHECK(inline_first.values(3) == std::vector<std::string>{"1", "2", "3"});

    FlagReader short_penta({"--penta", "1", "2", "--json"});
    REQUIRE(short_penta.next());
    CHECK_THAT(usage_error_of([&] { short_penta.values(5); }), Equals("--penta: expects 5 values"));
    FlagReader at_end({"--wdl", "1"});
    REQUIRE(at_end.next());
    CHECK_THAT(usage_error_of([&] { at_end.values(3); }), Equals("--wdl: expects 3 values"));
}

TEST_CASE("flag reader: words_until_flag takes a cutechess engine spec", "[unit]") {
    FlagReader flags({"-engine", "cmd=tempo", "name=a", "-engine", "cmd=b", "-games", "2"});
    REQUIRE(flags.next());
    CHECK(flags.words_until_flag() == std::vector<std::string>{"cmd=tempo", "name=a"});
    REQUIRE(flags.next());
    CHECK(flags.words_until_flag() == std::vector<std::string>{"cmd=b"});
    REQUIRE(flags.next());
    CHECK(flags.name() == "games");
    CHECK(flags.whole(1, 100) == 2);
    CHECK(flags.at_end());
}

TEST_CASE("flag reader: whole numbers take all of the text and stay in range", "[unit]") {
    const std::int64_t max = std::numeric_limits<std::int64_t>::max();
    CHECK(parse_whole("--games", "16", 1, 100) == 16);
    CHECK(parse_whole("--games", "+16", 1, 100) == 16);
    CHECK(parse_whole("--run", "9223372036854775807", 1, max) == max);
    CHECK_THAT(usage_error_of([] { parse_whole("--wdl", "x", 0, std::numeric_limits<std::int64_t>::max()); }),
               Equals("--wdl: expected a whole number >= 0, got 'x'"));
    CHECK_THAT(usage_error_of([] { parse_whole("--games", "12abc", 1, 100); }),
               Equals("--games: expected a whole number from 1 to 100, got '12abc'"));
    CHECK_THAT(usage_error_of([] { parse_whole("--games", "", 1, 100); }), Contains("--games") && Contains("''"));
    CHECK_THAT(usage_error_of([] { parse_whole("--games", "1.5", 1, 100); }), Contains("'1.5'"));
    CHECK_THAT(usage_error_of([] { parse_whole("--games", "0", 1, 100); }),
               Equals("--games: '0' is out of range: give a whole number from 1 to 100"));
    CHECK_THAT(usage_error_of(
                   [] { parse_whole("--run", "99999999999999999999", 1, std::numeric_limits<std::int64_t>::max()); }),
               Contains("out of range"));
    CHECK_THAT(usage_error_of([] { parse_whole("--run", "+-3", 1, 10); }), Contains("'+-3'"));
}

TEST_CASE("flag reader: numbers are finite and take all of the text", "[unit]") {
    CHECK(parse_number("--average", "2000") == 2000.0);
    CHECK(parse_number("--sprt", "-1.75") == -1.75);
    CHECK(parse_number("--sprt", "+0.25") == 0.25);
    CHECK(parse_number("--sprt", "5e-2") == 0.05);
    for (const std::string text : {"nan", "inf", "-inf", "1e400", "abc", "1.5x", ""}) {
        INFO(text);
        CHECK_THAT(usage_error_of([&] { parse_number("--sprt", text); }),
                   Equals("--sprt: expected a finite number, got '" + text + "'"));
    }
    FlagReader flags({"--average", "1500.5"});
    REQUIRE(flags.next());
    CHECK(flags.number() == 1500.5);
}

TEST_CASE("flag reader: a UsageError without a flag is its message alone", "[unit]") {
    const UsageError error("", "give exactly one of --db or --pgn");
    CHECK_THAT(std::string(error.what()), Equals("give exactly one of --db or --pgn"));
    CHECK(error.flag().empty());
    CHECK(UsageError("--db", "is required").flag() == "--db");
}

TEST_CASE("flag reader: --help, -help and -h anywhere ask for the usage", "[unit]") {
    CHECK(asks_for_help({"--help"}));
    CHECK(asks_for_help({"features", "--db", "x.db", "-h"}));
    CHECK(asks_for_help({"-help"}));
    CHECK_FALSE(asks_for_help({"--db", "help.db", "--helpful"}));
    CHECK_FALSE(asks_for_help({}));
}
