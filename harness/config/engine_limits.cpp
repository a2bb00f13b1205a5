#include "harness/config/engine_limits.h"

#include <cmath>
#include <cstdint>

#include "harness/config/parse_number.h"

namespace arbiter::config {
namespace {

TimeControlSetting parse_tc(const std::string& value, const std::string& at) {
    try {
        return TimeControlSetting{tc::parse_time_control(value), value};
    } catch (const tc::TimeControlError& error) {
        throw ConfigError(at, error.what());
    }
}

double parse_seconds_per_move(const std::string& value, const std::string& at) {
    const double seconds = parse_real(value, at);
    if (!std::isfinite(seconds) || seconds <= 0) throw ConfigError(at, "must be a positive number");
    if (seconds > tc::kMaxSeconds) {
        const std::string most = tc::format_seconds(static_cast<std::int64_t>(tc::kMaxSeconds * 1000));
        throw ConfigError(at, "is too large (at most " + most + " seconds)");
    }
    return seconds;
}

uint64_t parse_nodes(const std::string& value, const std::string& at) {
    const auto nodes = parse_integer<uint64_t>(value, at);
    // 0 would mean "no limit" in tc::TimeControl, and more than INT64_MAX wraps to it.
    if (nodes < 1 || nodes > static_cast<uint64_t>(INT64_MAX))
        throw ConfigError(at, "must be between 1 and " + std::to_string(INT64_MAX) + ", got " + value);
    return nodes;
}

}  // namespace

bool apply_limit_key(EngineSpec& spec, const std::string& key, const std::string& value, const std::string& at) {
    if (key == "tc") {
        spec.tc = parse_tc(value, at);
    } else if (key == "st") {
        spec.st = parse_seconds_per_move(value, at);
    } else if (key == "nodes") {
        spec.nodes = parse_nodes(value, at);
    } else if (key == "depth" || key == "plies") {
        spec.depth = parse_integer<int>(value, at);
        if (*spec.depth < 1) throw ConfigError(at, "must be 1 or more");
    } else if (key == "timemargin") {
        spec.timemargin_ms = parse_integer<int>(value, at);
        if (*spec.timemargin_ms < 0) throw ConfigError(at, "must not be negative");
    } else {
        return false;
    }
    return true;
}

tc::TimeControl time_control(const EngineSpec& spec) {
    tc::TimeControl control = spec.tc ? spec.tc->control : tc::TimeControl{};
    if (spec.st) control.move_time_ms = std::llround(*spec.st * 1000.0);
    if (spec.nodes) control.nodes = static_cast<std::int64_t>(*spec.nodes);
    if (spec.depth) control.depth = *spec.depth;
    if (spec.timemargin_ms) control.margin_ms = *spec.timemargin_ms;
    // tc=inf with st=, nodes= or depth=: no clock, that limit alone (cutechess sends `go nodes N`;
    // with st= it sends `go infinite`, a search that never ends, where arbiter uses st=).
    if (control.infinite && (control.move_time_ms > 0 || control.nodes > 0 || control.depth > 0))
        control.infinite = false;
    return control;
}

}  // namespace arbiter::config
