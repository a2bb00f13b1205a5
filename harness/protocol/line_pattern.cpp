#include "harness/protocol/line_pattern.h"

#include <stdexcept>

#include <re2/re2.h>

namespace arbiter::protocol {
namespace {

re2::RE2::Options pattern_options() {
    re2::RE2::Options options;
    options.set_encoding(re2::RE2::Options::EncodingLatin1);  // bytewise, as std::regex<char>
    options.set_never_capture(true);                          // the whole line is kept: groups only group
    options.set_log_errors(false);                            // the reason goes into the error, not onto stderr
    return options;
}

// RE2's reason, and for the escapes and groups that ECMAScript has and RE2 does not, which those are.
std::string refusal(const re2::RE2& compiled) {
    std::string reason = compiled.error();
    if (compiled.error_code() == re2::RE2::ErrorBadEscape || compiled.error_code() == re2::RE2::ErrorBadPerlOp)
        reason +=
            "; RE2 has no backreferences (\\1), lookahead ((?= (?!), lookbehind ((?<= (?<!), \\cX or \\uXXXX "
            "(write \\x{XXXX})";
    return reason;
}

}  // namespace

LinePattern::LinePattern(const std::string& pattern) {
    auto compiled = std::make_shared<const re2::RE2>(pattern, pattern_options());
    if (!compiled->ok()) throw std::invalid_argument(refusal(*compiled));
    if (compiled->ProgramSize() > kMaxLinePatternInstructions)
        throw std::invalid_argument("it compiles to " + std::to_string(compiled->ProgramSize()) +
                                    " RE2 instructions, over the limit of " +
                                    std::to_string(kMaxLinePatternInstructions) + " RE2 instructions");
    compiled_ = std::move(compiled);
}

bool LinePattern::found_in(std::string_view line) const {
    if (line.size() > kMaxMatchedLineBytes) return false;
    return re2::RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), *compiled_);
}

}  // namespace arbiter::protocol
