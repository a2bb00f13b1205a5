#include "harness/config/tournament_json.h"

#include <limits>
#include <nlohmann/json.hpp>

namespace arbiter::config {
namespace {

using nlohmann::json;

template <typename Int>
Int read_integer(const json& in, const char* key, const std::string& source, Int least) {
    const json& value = in.at(key);
    const std::string where = source + "." + key;
    if (!value.is_number_integer()) throw ConfigError(where, "expected an integer, got " + value.dump());
    const auto number = value.get<std::int64_t>();
    if (number < static_cast<std::int64_t>(least) || number > std::numeric_limits<Int>::max())
        throw ConfigError(where, "must be between " + std::to_string(least) + " and " +
                                     std::to_string(std::numeric_limits<Int>::max()) + ", got " + value.dump());
    return static_cast<Int>(number);
}

bool read_bool(const json& in, const char* key, const std::string& source) {
    const json& value = in.at(key);
    if (!value.is_boolean()) throw ConfigError(source + "." + key, "expected true or false, got " + value.dump());
    return value.get<bool>();
}

std::string read_string(const json& in, const char* key, const std::string& source) {
    const json& value = in.at(key);
    if (!value.is_string()) throw ConfigError(source + "." + key, "expected a string, got " + value.dump());
    return value.get<std::string>();
}

}  // namespace

std::string normalize_tournament(const std::string& value, const std::string& where) {
    if (value == "roundrobin") return "round-robin";
    if (value == "round-robin" || value == "gauntlet" || value == "knockout" || value == "pyramid") return value;
    throw ConfigError(where, "must be round-robin, gauntlet, knockout or pyramid, got '" + value + "'");
}

void read_tournament_json(MatchConfig& config, const json& in, const std::string& source) {
    if (in.contains("schedule")) {
        const std::string text = read_string(in, "schedule", source);
        if (!parse_schedule_rules(text, config.schedule))
            throw ConfigError(source + ".schedule", "must be arbiter, cutechess or fastchess, got '" + text + "'");
    }
    if (in.contains("repeat_count")) config.repeat_count = read_integer<int>(in, "repeat_count", source, 1);
    if (in.contains("seeds")) config.seeds = read_integer<int>(in, "seeds", source, 0);
    if (in.contains("noswap")) config.noswap = read_bool(in, "noswap", source);
    if (in.contains("reverse")) config.reverse = read_bool(in, "reverse", source);
    if (in.contains("report_penta")) config.report_penta = read_bool(in, "report_penta", source);
    if (in.contains("wait")) config.wait_ms = read_integer<std::int64_t>(in, "wait", source, 0);
    if (in.contains("outcomeinterval")) config.outcomeinterval = read_integer<int>(in, "outcomeinterval", source, 0);
    if (in.contains("scoreinterval")) config.scoreinterval = read_integer<int>(in, "scoreinterval", source, 0);
    if (in.contains("resultformat")) config.resultformat = read_string(in, "resultformat", source);
}

void write_tournament_json(const MatchConfig& config, json& out) {
    if (config.schedule != ScheduleRules::arbiter) out["schedule"] = to_string(config.schedule);
    if (config.repeat && config.repeat_count != 2) out["repeat_count"] = config.repeat_count;
    if (config.seeds != 0) out["seeds"] = config.seeds;
    if (config.noswap) out["noswap"] = true;
    if (config.reverse) out["reverse"] = true;
    if (config.report_penta) out["report_penta"] = *config.report_penta;
    if (config.wait_ms != 0) out["wait"] = config.wait_ms;
    if (config.outcomeinterval != 0) out["outcomeinterval"] = config.outcomeinterval;
    if (config.scoreinterval != 1) out["scoreinterval"] = config.scoreinterval;
    if (config.resultformat != "default") out["resultformat"] = config.resultformat;
}

std::string to_string(ScheduleRules rules) {
    switch (rules) {
        case ScheduleRules::cutechess: return "cutechess";
        case ScheduleRules::fastchess: return "fastchess";
        case ScheduleRules::arbiter: break;
    }
    return "arbiter";
}

bool parse_schedule_rules(const std::string& text, ScheduleRules& rules) {
    if (text == "arbiter") rules = ScheduleRules::arbiter;
    else if (text == "cutechess") rules = ScheduleRules::cutechess;
    else if (text == "fastchess") rules = ScheduleRules::fastchess;
    else return false;
    return true;
}

}  // namespace arbiter::config
