#pragma once
// Time controls in cutechess-cli syntax: the value of `tc=`, the PGN `TimeControl` tag text, and
// the `--tc-scale` helper. The other limit keys (`st=`, `nodes=`, `depth=`/`plies=`,
// `timemargin=`) are read and joined into the same type in config/engine_limits.cpp.
// All times are integer milliseconds so that clocks, PGN tags and the database agree exactly.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace arbiter::tc {

// The longest time any setting may give (about 31 years): larger values are typos, and would
// overflow the millisecond counts.
inline constexpr double kMaxSeconds = 1e9;

// Raised for a malformed value. The message starts with the flag ("tc=1:x: ...") because the
// user typed the flag, not our field names.
class TimeControlError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

struct TimeControl {
    bool infinite = false;          // tc=inf: no clock at all
    int moves_per_tc = 0;           // 40 in "40/60"; 0 = the whole game
    std::int64_t base_ms = 0;       // time per period
    std::int64_t increment_ms = 0;  // added after every move
    std::int64_t move_time_ms = 0;  // st=: fixed time per move (replaces the clock)
    std::int64_t nodes = 0;         // nodes=: 0 = no limit
    int depth = 0;                  // depth= (cutechess also says plies=): 0 = no limit
    std::int64_t margin_ms = 0;     // timemargin=: overrun tolerated before a flag falls

    // True when a running clock decides flag fall (tc= with a base time, or st=).
    bool is_timed() const { return !infinite && (base_ms > 0 || move_time_ms > 0); }
    // True when any limit at all is set; a game needs one so that engines know when to stop.
    bool has_any_limit() const { return infinite || is_timed() || nodes > 0 || depth > 0; }

    bool operator==(const TimeControl&) const = default;
};

// Parses the value of `tc=`: "inf", "moves/time+inc", "time+inc", "40/60", "m:ss", "h:mm:ss",
// fractional seconds ("0.5+0.05"), and "N/move" (what cutechess writes for st=, accepted so a
// PGN TimeControl tag reads back). `flag` names the setting in error messages.
TimeControl parse_time_control(std::string_view text, std::string_view flag = "tc");

// The PGN TimeControl tag text exactly as cutechess writes it: "inf", "5/move", "40/60",
// "60+0.6". A control with only node/depth limits has no clock: "inf" as well.
std::string to_pgn_string(const TimeControl& tc);

// A time in seconds as cutechess prints it in tags: shortest form, no trailing zeros ("0.05").
std::string format_seconds(std::int64_t ms);

// Multiplies every time (base, increment, st) by `factor`, rounded to whole milliseconds and
// kept at least 1 ms when it was non-zero. Node/depth limits and the margin are not times the
// engine plays with, so they stay. Used by the ladder's `--tc-scale`.
TimeControl scaled(const TimeControl& tc, double factor);

// Parses a positive, finite factor such as the value of `--tc-scale`; errors name `flag`.
double parse_scale_factor(std::string_view text, std::string_view flag = "--tc-scale");

}  // namespace arbiter::tc
