#pragma once
// A pattern of fastchess's `-pgnout match_line=REGEX`, compiled by RE2 rather than std::regex.
// std::regex recurses once per character (a 50 KB line overflowed the stack) and backtracks (a
// pattern such as (a+)+$ ran for minutes on 28 characters, deaf to SIGTERM). RE2 matches in time
// linear in the line, at worst proportional to the line's length times the pattern's size, so both
// are bounded here: a pattern by its compiled size, a line by its length.
//
// Syntax: RE2's, which reads fastchess's ECMAScript patterns alike except that it has no
// backreferences (\1), no lookahead or lookbehind ((?= (?! (?<= (?<!), no \cX and no \uXXXX
// (write \x{XXXX}); such a pattern is refused when it is read. Matching is bytewise, as
// std::regex<char> is: `.` is one byte, whatever the encoding.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace arbiter::protocol {

// The compiled program of a pattern may hold this many RE2 instructions: `info string (.*)` needs
// 18, a pattern spelling out a whole `info depth ... pv` line 130. A hostile pattern that defeats
// RE2's DFA costs under a second per 64 KiB of output at this size (the NFA's time is the line's
// length times this), so the reader stays responsive to a stop whatever is matched.
inline constexpr int kMaxLinePatternInstructions = 500;
// A longer output line is never matched (nor kept): engine lines are a few KB, and this bounds the
// time of one match and the text a game keeps per move.
inline constexpr std::size_t kMaxMatchedLineBytes = std::size_t{64} << 10;

class LinePattern {
public:
    // Throws std::invalid_argument saying why `pattern` is refused (RE2's reason, and which
    // ECMAScript feature RE2 lacks when that is the cause, or the instruction limit).
    explicit LinePattern(const std::string& pattern);

    // Whether the pattern occurs anywhere in `line` (std::regex_search's meaning); false for a
    // line longer than kMaxMatchedLineBytes.
    bool found_in(std::string_view line) const;

private:
    // Shared: a search request copies its patterns, and RE2 matches from many threads at once.
    std::shared_ptr<const re2::RE2> compiled_;
};

}  // namespace arbiter::protocol
