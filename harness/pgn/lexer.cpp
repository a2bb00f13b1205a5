#include "harness/pgn/lexer.h"

#include <algorithm>
#include <cctype>

namespace arbiter::pgn {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Characters that end a move/number word because they start another token.
bool is_delimiter(char c) {
    return is_space(c) || c == '[' || c == ']' || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool only_glyphs(std::string_view word) { return word.find_first_not_of("!?") == std::string_view::npos; }

std::string trimmed(const std::string& text) {
    size_t begin = text.find_first_not_of(" \t");
    if (begin == std::string::npos) return {};
    size_t end = text.find_last_not_of(" \t");
    return text.substr(begin, end - begin + 1);
}

}  // namespace

Lexer::Lexer(std::string_view text, std::string source_name) : text_(text), source_(std::move(source_name)) {
    refuse_nul_byte(0);
    skip_byte_order_mark();
}

Lexer::Lexer(std::istream& in, std::string source_name) : in_(&in), source_(std::move(source_name)) {
    skip_byte_order_mark();
}

// A UTF-8 byte-order mark is common in files saved by Windows tools.
void Lexer::skip_byte_order_mark() {
    if (peek() == '\xEF' && peek(1) == '\xBB' && peek(2) == '\xBF') pos_ = 3;
}

// A NUL byte means a binary or damaged file, and a message quoting text around it would end there.
// Checked in text_ from `from` on, as text is loaded; pos_ and line_ are where lexing stands.
void Lexer::refuse_nul_byte(std::size_t from) const {
    const std::size_t nul = text_.find('\0', from);
    if (nul == std::string_view::npos) return;
    const std::string_view before = text_.substr(pos_, nul - pos_);
    const std::size_t line = line_ + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t last_newline = before.rfind('\n');
    const std::size_t line_start =
        last_newline == std::string_view::npos ? line_offset_ : text_offset_ + pos_ + last_newline + 1;
    fail(line, "NUL byte (\\0) in column " + std::to_string(text_offset_ + nul - line_start + 1) +
                   ": not a PGN text file, or a damaged one");
}

// Makes at least `wanted` bytes from pos_ on available, reading the stream on; false when it ends first.
// Bytes before pos_ are dropped, so the buffer holds one token and a chunk, whatever the file's size.
bool Lexer::load(std::size_t wanted) {
    constexpr std::size_t kChunkBytes = 64 * 1024;
    if (in_ == nullptr) return pos_ + wanted <= text_.size();
    buffer_.erase(0, pos_);
    text_ = buffer_;
    text_offset_ += pos_;
    pos_ = 0;
    while (buffer_.size() < wanted && in_ != nullptr) {
        const std::size_t old_size = buffer_.size();
        buffer_.resize(old_size + kChunkBytes);
        in_->read(buffer_.data() + old_size, static_cast<std::streamsize>(kChunkBytes));
        buffer_.resize(old_size + static_cast<std::size_t>(in_->gcount()));
        text_ = buffer_;
        if (in_->bad()) fail(line_, "read error; the file could not be read to its end");
        if (!*in_) in_ = nullptr;  // end of file: what is loaded is all there is
        refuse_nul_byte(old_size);
    }
    return buffer_.size() >= wanted;
}

void Lexer::fail(std::size_t line, const std::string& why) const { throw io::SourceError(source_, line, why); }

char Lexer::peek(std::size_t ahead) {
    if (pos_ + ahead >= text_.size() && !load(ahead + 1)) return '\0';
    return text_[pos_ + ahead];
}

char Lexer::advance() {
    char c = text_[pos_++];
    at_line_start_ = c == '\n';
    if (c == '\n') {
        ++line_;
        line_offset_ = text_offset_ + pos_;
    }
    return c;
}

void Lexer::skip_rest_of_line() {
    while (!at_end() && peek() != '\n') advance();
}

void Lexer::skip_space_and_escapes() {
    while (!at_end()) {
        if (is_space(peek())) {
            advance();
        } else if (at_line_start_ && peek() == '%') {
            skip_rest_of_line();  // PGN escape mechanism: the whole line is private data
        } else {
            return;
        }
    }
}

Token Lexer::next() {
    for (;;) {
        skip_space_and_escapes();
        if (at_end()) return Token{TokenKind::End, {}, {}, line_};
        char c = peek();
        if (c == '[') return lex_tag();
        if (c == '{') return lex_brace_comment();
        if (c == ';') return lex_line_comment();
        if (c == '$') return lex_nag();
        if (c == '(' || c == ')') {
            std::size_t line = line_;
            advance();
            return Token{c == '(' ? TokenKind::VariationOpen : TokenKind::VariationClose, std::string(1, c), {}, line};
        }
        if (c == ']' || c == '}') fail(line_, std::string("unexpected '") + c + "'");
        Token token = lex_word();
        if (token.kind != TokenKind::End) return token;  // End here means "stray periods": skip
    }
}

Token Lexer::lex_tag() {
    const std::size_t line = line_;
    advance();  // '['
    while (peek() == ' ' || peek() == '\t') advance();
    std::string name;
    while (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_') name += advance();
    if (name.empty()) fail(line, "tag without a name");
    while (peek() == ' ' || peek() == '\t') advance();
    if (peek() != '"') fail(line, "tag " + name + ": value must be a quoted string");
    advance();
    std::string value;
    for (;;) {
        if (at_end() || peek() == '\n') fail(line, "tag " + name + ": unterminated string");
        char c = advance();
        if (c == '"') break;
        if (c == '\\' && (peek() == '"' || peek() == '\\')) c = advance();
        value += c;
    }
    while (peek() == ' ' || peek() == '\t') advance();
    if (peek() != ']') fail(line, "tag " + name + ": missing ']'");
    advance();
    return Token{TokenKind::Tag, name, value, line};
}

Token Lexer::lex_brace_comment() {
    const std::size_t line = line_;
    advance();  // '{'
    std::string content;
    for (;;) {
        if (at_end()) fail(line, "comment not closed with '}'");
        char c = advance();
        if (c == '}') break;
        content += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    return Token{TokenKind::Comment, trimmed(content), {}, line};
}

Token Lexer::lex_line_comment() {
    const std::size_t line = line_;
    advance();  // ';'
    std::string content;
    while (!at_end() && peek() != '\n') {
        char c = advance();
        if (c != '\r') content += c;
    }
    return Token{TokenKind::Comment, trimmed(content), {}, line};
}

Token Lexer::lex_nag() {
    const std::size_t line = line_;
    std::string text(1, advance());  // '$'
    while (is_digit(peek())) text += advance();
    if (text.size() == 1 || text.size() > 4) fail(line, "bad NAG '" + text + "'");
    return Token{TokenKind::Nag, text, {}, line};
}

Token Lexer::lex_word() {
    const std::size_t line = line_;
    std::string word;
    // A move number ends at its periods so that "12.Nf3" gives a number and then a move.
    if (is_digit(peek())) {
        std::size_t digits = 0;
        while (is_digit(peek(digits))) ++digits;
        if (peek(digits) == '.') {
            for (std::size_t i = 0; i < digits; ++i) word += advance();
            while (peek() == '.') advance();
            return Token{TokenKind::MoveNumber, word, {}, line};
        }
    }
    while (!at_end() && !is_delimiter(peek())) word += advance();
    return lex_number_or_move(std::move(word), line);
}

Token Lexer::lex_number_or_move(std::string word, std::size_t line) {
    if (word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*")
        return Token{TokenKind::Result, word, {}, line};
    // Periods glued to the front ("...e5" after a comment) belong to no move.
    word.erase(0, word.find_first_not_of('.') == std::string::npos ? word.size() : word.find_first_not_of('.'));
    if (word.empty()) return Token{TokenKind::End, {}, {}, line};
    if (only_glyphs(word)) return Token{TokenKind::Nag, word, {}, line};
    return Token{TokenKind::Move, word, {}, line};
}

}  // namespace arbiter::pgn
