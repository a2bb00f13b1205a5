// Small string helpers shared by the UCI parser, option registry and feature specs.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace tempo {

bool iequals(std::string_view a, std::string_view b);
std::string_view trim(std::string_view text);
std::vector<std::string> split_whitespace(std::string_view text);
std::vector<std::string> split_on(std::string_view text, char separator);
std::string to_lower(std::string_view text);
// Skips a UTF-8 byte-order mark at the start of a file stream (Windows editors write one); any
// other content is left unread.
void skip_utf8_bom(std::istream& in);

// Strict integer parse: the whole token must be a number within the 64-bit range.
bool parse_int64(std::string_view token, long long& value);

enum class IntParse { Ok, OutOfRange, NotANumber };
// Like parse_int64, but a well-formed number beyond the 64-bit range is OutOfRange with `value`
// saturated to the nearest bound, so a caller can clamp it instead of rejecting it.
IntParse parse_int64_saturating(std::string_view token, long long& value);

}  // namespace tempo
