#include "engine/text_util.h"

#include <cctype>
#include <charconv>
#include <limits>

namespace tempo {

namespace {
char lower_char(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
}  // namespace

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower_char(a[i]) != lower_char(b[i])) return false;
    return true;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

std::vector<std::string> split_whitespace(std::string_view text) {
    std::vector<std::string> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        std::size_t start = i;
        while (i < text.size() && !is_space(text[i])) ++i;
        if (i > start) tokens.emplace_back(text.substr(start, i - start));
    }
    return tokens;
}

std::vector<std::string> split_on(std::string_view text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        std::size_t end = text.find(separator, start);
        parts.emplace_back(trim(text.substr(start, end - start)));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return parts;
}

std::string to_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = lower_char(c);
    return out;
}

void skip_utf8_bom(std::istream& in) {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (in.peek() != static_cast<unsigned char>(kBom[0])) return;
    const std::istream::pos_type start = in.tellg();
    char bytes[3] = {};
    if (in.read(bytes, 3) && std::string_view(bytes, 3) == kBom) return;
    in.clear();
    in.seekg(start);
}

bool parse_int64(std::string_view token, long long& value) {
    if (!token.empty() && token.front() == '+') token.remove_prefix(1);
    if (token.empty()) return false;
    const char* end = token.data() + token.size();
    auto [ptr, ec] = std::from_chars(token.data(), end, value);
    return ec == std::errc() && ptr == end;
}

IntParse parse_int64_saturating(std::string_view token, long long& value) {
    const bool plus = !token.empty() && token.front() == '+';
    if (plus) token.remove_prefix(1);
    const bool negative = !plus && !token.empty() && token.front() == '-';
    const std::string_view digits = negative ? token.substr(1) : token;
    if (digits.empty() || !std::isdigit(static_cast<unsigned char>(digits.front()))) return IntParse::NotANumber;
    const char* end = token.data() + token.size();
    auto [ptr, ec] = std::from_chars(token.data(), end, value);
    if (ptr != end) return IntParse::NotANumber;
    if (ec == std::errc::result_out_of_range) {
        value = negative ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
        return IntParse::OutOfRange;
    }
    return ec == std::errc() ? IntParse::Ok : IntParse::NotANumber;
}

}  // namespace tempo
