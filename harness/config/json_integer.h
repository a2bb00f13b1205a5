#pragma once
// A count read from a JSON config (arbiter's own, fastchess's config.json): nlohmann would turn 1.5
// into 1 and 4294967297 into 1 as an int, so a count must be written as an integer, and one that
// fits the field it is read into.

#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "harness/config/match_config.h"

namespace arbiter::config {

// `value` as an Int; ConfigError naming `where` when it is not an integer or does not fit.
template <typename Int>
Int integer_value(const nlohmann::json& value, const std::string& where) {
    if (!value.is_number()) throw ConfigError(where, "wrong type: expected an integer, got " + value.dump());
    if (!value.is_number_integer()) throw ConfigError(where, "expected an integer, got " + value.dump());
    const bool fits = value.is_number_unsigned() ? std::in_range<Int>(value.get<std::uint64_t>())
                                                 : std::in_range<Int>(value.get<std::int64_t>());
    if (!fits) {
        const bool below = !value.is_number_unsigned() && value.get<std::int64_t>() < 0;
        throw ConfigError(where, "out of range: " + value.dump() +
                                     (below ? " (at least " + std::to_string(std::numeric_limits<Int>::min())
                                            : " (at most " + std::to_string(std::numeric_limits<Int>::max())) +
                                     ")");
    }
    return value.get<Int>();
}

}  // namespace arbiter::config
