#pragma once
// PGN lexer: turns PGN text into tokens with their line numbers. It knows the PGN export format
// and the liberties real files take (cutechess-cli, fastchess, lichess, ChessBase exports):
// CRLF, a UTF-8 byte-order mark, `%` escape lines, `;` rest-of-line comments, multi-line brace
// comments, move numbers glued to moves ("12.Nf3", "12...Nf3"), and stand-alone annotation
// glyphs ("!?"). Unterminated comments, strings and tags, and a NUL byte anywhere, are errors naming
// file and line.
//
// It reads either a text held by the caller or a stream, which it takes in chunks: memory then stays
// in the size of the longest token, not of the file (`arbiter import` of a large PGN).

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

#include "harness/epd/source_error.h"

namespace arbiter::pgn {

enum class TokenKind {
    End,         // no more input
    Tag,         // [Name "value"]: text = name, value = unescaped value
    MoveNumber,  // "12." or "12..." (text = the digits)
    Move,        // SAN as written, annotation marks included ("Nf3!?")
    Comment,     // {...} or ; ... (text = content, trimmed)
    Nag,         // $N, or a stand-alone glyph such as "!?" (text = "$N" / the glyph)
    VariationOpen,
    VariationClose,
    Result,  // 1-0, 0-1, 1/2-1/2, *
};

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    std::string value;     // tag value only
    std::size_t line = 0;  // 1-based line where the token starts
};

class Lexer {
public:
    // `text` must outlive the lexer; `source_name` labels errors.
    Lexer(std::string_view text, std::string source_name);
    // Reads `in` as it goes; `in` must outlive the lexer. A read error is an error naming the source.
    Lexer(std::istream& in, std::string source_name);
    // Not copied or moved: text_ may point into buffer_.
    Lexer(const Lexer&) = delete;
    Lexer& operator=(const Lexer&) = delete;

    Token next();
    const std::string& source_name() const { return source_; }
    std::size_t line() const { return line_; }

private:
    [[noreturn]] void fail(std::size_t line, const std::string& why) const;
    void skip_byte_order_mark();
    void refuse_nul_byte(std::size_t from) const;
    bool load(std::size_t wanted);
    bool at_end() { return pos_ >= text_.size() && !load(1); }
    void skip_space_and_escapes();
    void skip_rest_of_line();
    Token lex_tag();
    Token lex_brace_comment();
    Token lex_line_comment();
    Token lex_nag();
    Token lex_word();
    Token lex_number_or_move(std::string word, std::size_t line);
    char peek(std::size_t ahead = 0);
    char advance();

    std::string_view text_;       // what is loaded: the caller's whole text, or buffer_
    std::istream* in_ = nullptr;  // the stream still to read, if any
    std::string buffer_;          // a stream's bytes from where lexing stood at the last read on
    std::string source_;
    std::size_t pos_ = 0;  // in text_
    std::size_t line_ = 1;
    std::size_t line_offset_ = 0;  // where the current line starts, counted from the start of the input
    std::size_t text_offset_ = 0;  // where text_ starts, counted from the start of the input
    bool at_line_start_ = true;
};

}  // namespace arbiter::pgn
