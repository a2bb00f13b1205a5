// PGN checks for readers of results: a NUL byte anywhere is refused with its line and column (a
// message quoting it would end at it), and a Result tag the termination marker contradicts is an
// error when ReadOptions::check_result asks for it (import, ratings), not for opening books.
#include <catch2/catch.hpp>

#include "harness/pgn/reader.h"

using namespace arbiter;

namespace {

const char* const kUnfinishedButTaggedWon = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 *\n";

io::SourceError error_of(std::string_view text, pgn::ReadOptions options = {}) {
    try {
        pgn::parse_pgn_text(text, "games.pgn", options);
    } catch (const io::SourceError& error) {
        return error;
    }
    FAIL("accepted");
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("pgn: a NUL byte is refused naming its line and column, in a message that goes on", "[pgn]") {
    using namespace std::string_literals;
    const std::string text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3\0 Nc6 *\n"s;
    const io::SourceError error = error_of(text);
    CHECK(error.line() == 4);
    CHECK(error.message() == "NUL byte (\\0) in column 16: not a PGN text file, or a damaged one");
    CHECK(std::string(error.what()).find("not a PGN text file") != std::string::npos);  // not cut at the byte
    SECTION("also inside a comment or a tag value, where nothing else would notice it") {
        CHECK(error_of("[White \"A\0\"]\n1. e4 *\n"s).line() == 1);
        CHECK(error_of("[White \"A\"]\n\n1. e4 {a\nb\0} *\n"s).line() == 4);
    }
}

TEST_CASE("pgn: check_result refuses a termination marker that contradicts the Result tag", "[pgn]") {
    pgn::ReadOptions checked;
    checked.check_result = true;
    const io::SourceError error =
        error_of(std::string("[Event \"ok\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n") + kUnfinishedButTaggedWon, checked);
    CHECK(error.line() == 10);
    CHECK(error.message() ==
          "the game starting at line 6 has [Result \"1-0\"] but its moves end with '*' "
          "(unfinished); make the two agree");
    const io::SourceError reversed = error_of("[Result \"*\"]\n\n1. e4 0-1\n", checked);
    CHECK(reversed.line() == 3);
    CHECK(reversed.message().find("'0-1'") != std::string::npos);
}

TEST_CASE("pgn: without check_result, and without a marker or a tag, results are not compared", "[pgn]") {
    const auto book = pgn::parse_pgn_text(kUnfinishedButTaggedWon, "book.pgn");
    REQUIRE(book.size() == 1);
    CHECK(book[0].result == "*");
    pgn::ReadOptions checked;
    checked.check_result = true;
    const auto tags_only = pgn::parse_pgn_text("[Result \"1-0\"]\n\n1. e4 e5\n", "no-marker.pgn", checked);
    REQUIRE(tags_only.size() == 1);
    CHECK(tags_only[0].result == "1-0");
    const auto no_tag = pgn::parse_pgn_text("[White \"A\"]\n\n1. e4 e5 *\n", "no-tag.pgn", checked);
    REQUIRE(no_tag.size() == 1);
    CHECK(no_tag[0].result == "*");
}

TEST_CASE("pgn: a UTF-8 byte-order mark before the first tag is skipped", "[pgn]") {
    const auto games = pgn::parse_pgn_text("\xEF\xBB\xBF[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n", "bom.pgn");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].tag("White"));
    CHECK(*games[0].tag("White") == "A");
}
