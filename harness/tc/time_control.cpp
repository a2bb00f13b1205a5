#include "harness/tc/time_control.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

namespace arbiter::tc {
namespace {

[[noreturn]] void fail(std::string_view flag, std::string_view text, const std::string& why) {
    throw TimeControlError(std::string(flag) + "=" + std::string(text) + ": " + why);
}

// Whole text must be a non-negative decimal number; std::from_chars because it neither reads
// the locale nor accepts leading spaces or '+', which a flag value should not contain.
bool read_number(std::string_view text, double& value) {
    if (text.empty()) return false;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
    return ec == std::errc() && ptr == end && std::isfinite(value) && value >= 0.0;
}

bool read_integer(std::string_view text, std::int64_t& value) {
    if (text.empty()) return false;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end && value >= 0;
}

std::int64_t seconds_to_ms(double seconds) { return std::llround(seconds * 1000.0); }

// Beyond this a time is a typo, and far enough beyond it the milliseconds no longer fit an int64.
std::int64_t bounded_ms(double seconds, std::string_view flag, std::string_view whole, std::string_view what) {
    if (seconds > kMaxSeconds) {
        fail(flag, whole,
             std::string(what) + " is too large (at most " + format_seconds(seconds_to_ms(kMaxSeconds)) + " seconds)");
    }
    return seconds_to_ms(seconds);
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    size_t begin = 0;
    for (size_t pos = text.find(separator); pos != std::string_view::npos; pos = text.find(separator, begin)) {
        parts.push_back(text.substr(begin, pos - begin));
        begin = pos + 1;
    }
    parts.push_back(text.substr(begin));
    return parts;
}

// "90", "1:30", "1:00:00", each part possibly fractional; returns milliseconds.
std::int64_t parse_clock_time(std::string_view text, std::string_view flag, std::string_view whole) {
    auto parts = split(text, ':');
    if (parts.size() > 3) fail(flag, whole, "too many ':' in time '" + std::string(text) + "'");
    double total = 0.0;
    for (size_t i = 0; i < parts.size(); ++i) {
        double value = 0.0;
        if (!read_number(parts[i], value)) fail(flag, whole, "bad time '" + std::string(text) + "'");
        // Minutes and seconds fields after the first must be below 60, as on a clock face.
        if (i > 0 && value >= 60.0) fail(flag, whole, "field '" + std::string(parts[i]) + "' must be below 60");
        total = total * 60.0 + value;
    }
    return bounded_ms(total, flag, whole, "time '" + std::string(text) + "'");
}

TimeControl parse_per_move(std::string_view seconds, std::string_view flag, std::string_view whole) {
    double value = 0.0;
    if (!read_number(seconds, value) || value <= 0.0) fail(flag, whole, "bad time per move");
    TimeControl tc;
    tc.move_time_ms = bounded_ms(value, flag, whole, "time per move");
    return tc;
}

void parse_moves_and_time(std::string_view text, TimeControl& tc, std::string_view flag, std::string_view whole) {
    auto slash = text.find('/');
    std::string_view time_text = text;
    if (slash != std::string_view::npos) {
        std::int64_t moves = 0;
        // 0 moves per period is the whole game, as cutechess reads "0/5+0"; so is "inf/1+0.01",
        // which cutechess also reads as one period for the game and scripts use.
        const std::string_view moves_text = text.substr(0, slash);
        if (moves_text != "inf" && (!read_integer(moves_text, moves) || moves > 100000))
            fail(flag, whole, "moves per period must be a whole number (0: the whole game)");
        tc.moves_per_tc = static_cast<int>(moves);
        time_text = text.substr(slash + 1);
    }
    tc.base_ms = parse_clock_time(time_text, flag, whole);
    if (tc.base_ms <= 0) fail(flag, whole, "time per period must be positive");
}

}  // namespace

TimeControl parse_time_control(std::string_view text, std::string_view flag) {
    if (text == "inf" || text == "infinite") {
        TimeControl tc;
        tc.infinite = true;
        return tc;
    }
    if (text.size() > 5 && text.substr(text.size() - 5) == "/move")
        return parse_per_move(text.substr(0, text.size() - 5), flag, text);
    auto plus = split(text, '+');
    if (plus.size() > 2) fail(flag, text, "more than one '+'");
    TimeControl tc;
    parse_moves_and_time(plus[0], tc, flag, text);
    if (plus.size() == 2) {
        double increment = 0.0;
        if (!read_number(plus[1], increment)) fail(flag, text, "bad increment '" + std::string(plus[1]) + "'");
        tc.increment_ms = bounded_ms(increment, flag, text, "increment '" + std::string(plus[1]) + "'");
    }
    return tc;
}

std::string format_seconds(std::int64_t ms) {
    char buffer[32];
    if (ms % 1000 == 0) {
        std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(ms / 1000));
        return buffer;
    }
    std::snprintf(buffer, sizeof buffer, "%.3f", static_cast<double>(ms) / 1000.0);
    std::string text = buffer;
    while (text.back() == '0') text.pop_back();
    return text;
}

std::string to_pgn_string(const TimeControl& tc) {
    if (tc.infinite) return "inf";
    if (tc.move_time_ms > 0) return format_seconds(tc.move_time_ms) + "/move";
    if (tc.base_ms <= 0) return "inf";
    std::string text;
    if (tc.moves_per_tc > 0) text += std::to_string(tc.moves_per_tc) + "/";
    text += format_seconds(tc.base_ms);
    if (tc.increment_ms > 0) {
        text += '+';
        text += format_seconds(tc.increment_ms);
    }
    return text;
}

TimeControl scaled(const TimeControl& tc, double factor) {
    auto scale = [factor](std::int64_t ms) -> std::int64_t {
        if (ms == 0) return 0;
        std::int64_t result = std::llround(static_cast<double>(ms) * factor);
        return result < 1 ? 1 : result;
    };
    TimeControl out = tc;
    out.base_ms = scale(tc.base_ms);
    out.increment_ms = scale(tc.increment_ms);
    out.move_time_ms = scale(tc.move_time_ms);
    return out;
}

double parse_scale_factor(std::string_view text, std::string_view flag) {
    double factor = 0.0;
    if (!read_number(text, factor) || factor <= 0.0) {
        throw TimeControlError(std::string(flag) + " " + std::string(text) + ": expected a positive number");
    }
    return factor;
}

}  // namespace arbiter::tc
