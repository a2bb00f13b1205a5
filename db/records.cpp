#include "db/records.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

namespace arbiter::db {

namespace {

template <class Enum, std::size_t N>
Enum parse_enum(std::string_view text, const std::pair<Enum, std::string_view> (&table)[N], std::string_view what) {
    for (const auto& [value, name] : table) {
        if (name == text) return value;
    }
    throw std::invalid_argument("unknown " + std::string(what) + " '" + std::string(text) + "'");
}

template <class Enum, std::size_t N>
std::string_view enum_name(Enum value, const std::pair<Enum, std::string_view> (&table)[N]) {
    for (const auto& [candidate, name] : table) {
        if (candidate == value) return name;
    }
    return "?";
}

constexpr std::pair<RunKind, std::string_view> kRunKinds[] = {
    {RunKind::match, "match"}, {RunKind::gauntlet, "gauntlet"}, {RunKind::round_robin, "round-robin"},
    {RunKind::epd, "epd"},     {RunKind::ladder, "ladder"},     {RunKind::tune, "tune"},
};
constexpr std::pair<RunStatus, std::string_view> kRunStatuses[] = {
    {RunStatus::running, "running"},
    {RunStatus::finished, "finished"},
    {RunStatus::aborted, "aborted"},
    {RunStatus::failed, "failed"},
};
constexpr std::pair<GameResult, std::string_view> kGameResults[] = {
    {GameResult::white_win, "1-0"},
    {GameResult::draw, "1/2-1/2"},
    {GameResult::black_win, "0-1"},
};

// FNV-1a: tiny, stable across platforms and releases, which is all a config key needs (the inputs
// are not adversarial). Two passes with different offset bases give 128 bits against accidents.
std::uint64_t fnv1a(std::string_view text, std::uint64_t basis) {
    std::uint64_t hash = basis;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

std::string hex64(std::uint64_t value) {
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
    return buffer;
}

nlohmann::json parse_json(std::string_view text, std::string_view what) {
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        throw std::invalid_argument(std::string(what) + " is not valid JSON: " + error.what());
    }
}

}  // namespace

std::string_view to_string(RunKind kind) { return enum_name(kind, kRunKinds); }
std::string_view to_string(RunStatus status) { return enum_name(status, kRunStatuses); }
std::string_view to_string(GameResult result) { return enum_name(result, kGameResults); }
RunKind parse_run_kind(std::string_view text) { return parse_enum(text, kRunKinds, "run kind"); }
RunStatus parse_run_status(std::string_view text) { return parse_enum(text, kRunStatuses, "run status"); }
GameResult parse_game_result(std::string_view text) { return parse_enum(text, kGameResults, "game result"); }

std::string utc_iso(std::chrono::system_clock::time_point when) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(when.time_since_epoch()).count();
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char buffer[80];  // sized for any int values, so the formatter can never truncate
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                  parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, static_cast<int>(ms % 1000));
    return buffer;
}

std::string utc_now_iso() { return utc_iso(std::chrono::system_clock::now()); }

std::string canonical_json(std::string_view json_text) {
    // nlohmann::json keeps object keys in a std::map, so dump() is already key-sorted and compact.
    return parse_json(json_text.empty() ? std::string_view("{}") : json_text, "JSON text").dump();
}

std::string make_config_key(RunKind kind, std::string_view config_json, const std::vector<std::string>& ignored_keys) {
    nlohmann::json config = parse_json(config_json.empty() ? std::string_view("{}") : config_json, "run config");
    if (config.is_object()) {
        for (const auto& key : ignored_keys) config.erase(key);
    }
    const std::string text = std::string(to_string(kind)) + "\n" + config.dump();
    return std::string(to_string(kind)) + ":" + hex64(fnv1a(text, 0xcbf29ce484222325ULL)) +
           hex64(fnv1a(text, 0x84222325cbf29ce4ULL));
}

std::string_view run_identity_key(std::string_view config_key) { return config_key.substr(0, config_key.find('#')); }

}  // namespace arbiter::db
