// PGN lexer: token kinds, line numbers, and the liberties real files take.
#include <catch2/catch.hpp>

#include <sstream>
#include <vector>

#include "harness/pgn/lexer.h"

using namespace arbiter;
using arbiter::pgn::Lexer;
using arbiter::pgn::Token;
using arbiter::pgn::TokenKind;

namespace {

std::vector<Token> tokens_of(Lexer& lexer) {
    std::vector<Token> tokens;
    for (Token token = lexer.next(); token.kind != TokenKind::End; token = lexer.next()) tokens.push_back(token);
    return tokens;
}

std::vector<Token> lex_all(std::string_view text) {
    Lexer lexer(text, "test.pgn");
    return tokens_of(lexer);
}

std::vector<Token> lex_streamed(const std::string& text) {
    std::istringstream in(text);
    Lexer lexer(in, "test.pgn");
    return tokens_of(lexer);
}

}  // namespace

TEST_CASE("pgn lexer: tags, numbers, moves, comments, result", "[pgn]") {
    auto tokens = lex_all("[Event \"My \\\"big\\\" event\"]\n\n1. e4 {best by test} e5 2.Nf3 $1 *\n");
    REQUIRE(tokens.size() == 9);
    CHECK(tokens[0].kind == TokenKind::Tag);
    CHECK(tokens[0].text == "Event");
    CHECK(tokens[0].value == "My \"big\" event");
    CHECK(tokens[1].kind == TokenKind::MoveNumber);
    CHECK(tokens[1].text == "1");
    CHECK(tokens[1].line == 3);
    CHECK(tokens[2].text == "e4");
    CHECK(tokens[3].kind == TokenKind::Comment);
    CHECK(tokens[3].text == "best by test");
    CHECK(tokens[5].kind == TokenKind::MoveNumber);
    CHECK(tokens[6].kind == TokenKind::Move);
    CHECK(tokens[6].text == "Nf3");
    CHECK(tokens[7].kind == TokenKind::Nag);
    CHECK(tokens[7].text == "$1");
    CHECK(tokens[8].kind == TokenKind::Result);
}

TEST_CASE("pgn lexer: black move numbers, glyphs, variations, castling with zeros", "[pgn]") {
    auto tokens = lex_all("12...Nxe4!? 13. 0-0 ?! (13. Qe2 {line (a)}) 1/2-1/2");
    std::vector<TokenKind> kinds;
    for (const Token& t : tokens) kinds.push_back(t.kind);
    CHECK(kinds == std::vector<TokenKind>{TokenKind::MoveNumber, TokenKind::Move, TokenKind::MoveNumber,
                                          TokenKind::Move, TokenKind::Nag, TokenKind::VariationOpen,
                                          TokenKind::MoveNumber, TokenKind::Move, TokenKind::Comment,
                                          TokenKind::VariationClose, TokenKind::Result});
    CHECK(tokens[1].text == "Nxe4!?");
    CHECK(tokens[3].text == "0-0");
    CHECK(tokens[4].text == "?!");
    CHECK(tokens[8].text == "line (a)");
}

TEST_CASE("pgn lexer: escape lines, line comments, CRLF, BOM, multi-line comments", "[pgn]") {
    auto tokens = lex_all("\xEF\xBB\xBF%private data\r\n[Site \"x\"]\r\n1. d4 ; rest of line\r\n{two\r\nlines} d5 0-1");
    REQUIRE(tokens.size() == 7);
    CHECK(tokens[0].kind == TokenKind::Tag);
    CHECK(tokens[0].line == 2);
    CHECK(tokens[3].kind == TokenKind::Comment);
    CHECK(tokens[3].text == "rest of line");
    CHECK(tokens[4].text == "two  lines");
    CHECK(tokens[4].line == 4);
    CHECK(tokens[5].text == "d5");
    CHECK(tokens[5].line == 5);
    CHECK(tokens[6].text == "0-1");
}

TEST_CASE("pgn lexer: stray periods after comments are ignored", "[pgn]") {
    auto tokens = lex_all("1. e4 {c} ... e5 {c} ...Nf6");
    REQUIRE(tokens.size() == 6);
    CHECK(tokens[3].text == "e5");
    CHECK(tokens[5].text == "Nf6");
}

TEST_CASE("pgn lexer: syntax errors name file and line", "[pgn]") {
    struct Case {
        const char* text;
        std::size_t line;
        const char* message;
    };
    const Case cases[] = {
        {"\n\n1. e4 {never closed\n e5", 3, "comment not closed"},
        {"[Event \"open\n", 1, "unterminated string"},
        {"\n[Event open]", 2, "value must be a quoted string"},
        {"[Event \"x\"", 1, "missing ']'"},
        {"[ \"x\"]", 1, "tag without a name"},
        {"1. e4 }", 1, "unexpected '}'"},
        {"1. e4 $", 1, "bad NAG"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        try {
            lex_all(c.text);
            FAIL("accepted");
        } catch (const io::SourceError& e) {
            CHECK(e.file() == "test.pgn");
            CHECK(e.line() == c.line);
            CHECK_THAT(e.message(), Catch::Contains(c.message));
        }
    }
}

TEST_CASE("pgn lexer: a stream read in chunks gives the tokens and lines of the whole text", "[pgn]") {
    // Tokens of every kind, many times over, so that reads of the stream end inside each of them.
    std::string text = "\xEF\xBB\xBF";
    for (int game = 0; game < 3000; ++game) {
        text += "[Round \"" + std::to_string(game) + "\"]\r\n%escape\n\n12...Nxe4!? $1 ; rest\n";
        text += "{two\nlines} (13. Qe2) 1/2-1/2\n";
    }
    const std::vector<Token> whole = lex_all(text);
    const std::vector<Token> streamed = lex_streamed(text);
    REQUIRE(streamed.size() == whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
        INFO("token " << i);
        CHECK(streamed[i].kind == whole[i].kind);
        CHECK(streamed[i].text == whole[i].text);
        CHECK(streamed[i].value == whole[i].value);
        CHECK(streamed[i].line == whole[i].line);
    }
    CHECK(streamed.front().text == "Round");  // the byte-order mark is skipped
}

TEST_CASE("pgn lexer: a NUL byte in a stream is found with its line and column, past the first read", "[pgn]") {
    const std::string before_nul = std::string(100000, '\n') + "[Event \"" + std::string(70000, 'x');
    try {
        lex_streamed(before_nul + std::string(1, '\0') + "\"]\n");
        FAIL("accepted");
    } catch (const io::SourceError& e) {
        CHECK(e.line() == 100001);
        CHECK_THAT(e.message(), Catch::Contains("NUL byte (\\0) in column 70009"));
    }
}
