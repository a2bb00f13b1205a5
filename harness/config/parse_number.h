#pragma once
// Strict number parsing for flags and config values: the whole text must be a number, and the
// error names where it came from.

#include <charconv>
#include <cstdint>
#include <string>

#include "harness/config/match_config.h"

namespace arbiter::config {

template <typename Int>
Int parse_integer(const std::string& text, const std::string& where) {
    Int value{};
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end) {
        throw ConfigError(where, "expected an integer, got '" + text + "'");
    }
    return value;
}

double parse_real(const std::string& text, const std::string& where);
bool parse_flag_bool(const std::string& text, const std::string& where);

}  // namespace arbiter::config
