// Small string helpers for line-oriented protocols: tokenizing, case-insensitive compare and
// number parsing that reports failure instead of throwing (engine output is untrusted).
#pragma once

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::protocol::text {

// ' ', '\t', '\n', '\v', '\f' and '\r' as one test of a bit mask: every engine line is split on them.
inline bool is_space(char c) {
    constexpr std::uint64_t kSpaces =
        1ULL << ' ' | 1ULL << '\t' | 1ULL << '\n' | 1ULL << '\v' | 1ULL << '\f' | 1ULL << '\r';
    const auto code = static_cast<unsigned char>(c);
    return code <= ' ' && (kSpaces >> code & 1) != 0;
}

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// Appends the whitespace-separated tokens of `s` (views into it, which must outlive them) to
// `tokens`: any container of string_view, so a hot path can keep them on the stack.
template <typename Tokens>
void split_into(std::string_view s, Tokens& tokens) {
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && is_space(s[i])) ++i;
        const std::size_t start = i;
        while (i < s.size() && !is_space(s[i])) ++i;
        if (i > start) tokens.push_back(s.substr(start, i - start));
    }
}

inline std::vector<std::string_view> split(std::string_view s) {
    std::vector<std::string_view> tokens;
    split_into(s, tokens);
    return tokens;
}

inline std::string join(std::span<const std::string_view> tokens, std::size_t begin, std::size_t end) {
    std::string out;
    for (std::size_t i = begin; i < end && i < tokens.size(); ++i) {
        if (!out.empty()) out.push_back(' ');
        out.append(tokens[i]);
    }
    return out;
}

inline char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

inline bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

inline std::string to_lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), lower);
    return out;
}

inline bool starts_with_word(std::string_view line, std::string_view word) {
    return line.substr(0, word.size()) == word && (line.size() == word.size() || is_space(line[word.size()]));
}

template <typename Int>
std::optional<Int> parse_int(std::string_view s) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    Int value{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return value;
}

}  // namespace arbiter::protocol::text
