#include "reports/run_engines.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

const nlohmann::json& engine_list(const nlohmann::json& config) {
    static const nlohmann::json none = nlohmann::json::array();
    if (!config.is_object() || !config.contains("engines") || !config["engines"].is_array()) return none;
    return config["engines"];
}

// Entries are objects as `arbiter match` writes them; a bare name is accepted too.
std::string entry_name(const nlohmann::json& entry) {
    if (entry.is_string()) return entry.get<std::string>();
    return entry.is_object() ? entry.value("name", std::string()) : std::string();
}

std::string number_text(const nlohmann::json& value) {
    if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
    char text[32];
    std::snprintf(text, sizeof text, "%g", value.is_number() ? value.get<double>() : 0.0);
    return text;
}

// "cmd arg1 arg2 (in dir)" as the config gives it, else the command the database stored.
std::string command_text(const nlohmann::json& entry, const db::EngineRecord* record) {
    if (!entry.is_object() || !entry.contains("cmd") || !entry["cmd"].is_string())
        return record ? record->command : std::string();
    std::string text = entry["cmd"].get<std::string>();
    if (entry.contains("args") && entry["args"].is_array())
        for (const nlohmann::json& arg : entry["args"])
            text += " " + (arg.is_string() ? arg.get<std::string>() : arg.dump());
    if (entry.contains("dir") && entry["dir"].is_string()) text += " (in " + entry["dir"].get<std::string>() + ")";
    return text;
}

// "Hash=16, Threads=1": the config's UCI options, else the stored engine's.
std::string options_text(const nlohmann::json& entry, const db::EngineRecord* record) {
    nlohmann::json options = entry.is_object() && entry.contains("options") ? entry["options"] : nlohmann::json();
    if (!options.is_object() && record) options = nlohmann::json::parse(record->options_json, nullptr, false);
    if (!options.is_object()) return {};
    std::string text;
    for (const auto& [key, value] : options.items())
        text += (text.empty() ? "" : ", ") + key + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
    return text;
}

std::vector<std::string> row_of(const std::string& name, const nlohmann::json& entry, const db::EngineRecord* record) {
    std::string commit = record ? record->git_commit : std::string();
    if (commit.empty() && entry.is_object()) commit = entry.value("build", std::string());
    return {name,
            commit.substr(0, 12),
            record ? record->commit_subject : "",
            record ? date_of(record->committed_at) : "",
            engine_limit(entry),
            command_text(entry, record),
            options_text(entry, record)};
}

}  // namespace

std::string engine_limit(const nlohmann::json& engine) {
    if (!engine.is_object()) return {};
    std::string text;
    const auto add = [&](const std::string& part) { text += (text.empty() ? "" : " ") + part; };
    if (engine.contains("tc") && engine["tc"].is_string() && engine["tc"] != "inf")
        add("tc=" + engine["tc"].get<std::string>());
    for (const char* key : {"st", "nodes", "depth"})
        if (engine.contains(key) && engine[key].is_number()) add(std::string(key) + "=" + number_text(engine[key]));
    return text;
}

std::string run_limit(const nlohmann::json& config) {
    std::vector<std::pair<std::string, std::string>> limits;
    bool same = true;
    for (const nlohmann::json& entry : engine_list(config)) {
        limits.emplace_back(entry_name(entry), engine_limit(entry));
        same = same && limits.back().second == limits.front().second;
    }
    if (limits.empty()) return {};
    if (same) return limits.front().second;
    std::string text;
    for (const auto& [name, limit] : limits)
        text += (text.empty() ? "" : ", ") + name + " " + (limit.empty() ? "-" : limit);
    return text;
}

std::string run_limit_text(const db::RunRecord& run, const nlohmann::json& config) {
    const bool no_clock = run.time_control.empty() || run.time_control == "inf";
    const std::string limit = no_clock ? run_limit(config) : std::string();
    return limit.empty() ? run.time_control : limit;
}

std::string limit_note(const db::RunRecord& run, const nlohmann::json& config) {
    const std::string limit = run_limit_text(run, config);
    if (limit.empty()) return {};
    return limit == run.time_control ? "Time control: " + limit : "Limit: " + limit;
}

std::optional<std::int64_t> planned_games(const db::RunRecord& run, const nlohmann::json& config) {
    if (!config.is_object() || !config.contains("engines") || !config["engines"].is_array()) return std::nullopt;
    const auto engines = static_cast<std::int64_t>(config["engines"].size());
    const std::string tournament = config.value("tournament", std::string("round-robin"));
    if (tournament == "knockout") return std::nullopt;  // tied encounters go on
    const bool fastchess = config.value("schedule", std::string()) == "fastchess";
    // A gauntlet's seeds each play the others (fastchess: the engines after them, seeds included).
    const std::int64_t seeds =
        std::clamp<std::int64_t>(config.value("seeds", 0), 1, std::max<std::int64_t>(engines - 1, 1));
    const std::int64_t pairings = engines == 2               ? 1
                                  : tournament != "gauntlet" ? engines * (engines - 1) / 2
                                  : fastchess                ? seeds * engines - seeds * (seeds + 1) / 2
                                                             : seeds * (engines - seeds);
    const std::int64_t total = pairings * config.value("games", 1) * config.value("rounds", 1);
    if (run.pair_begin && run.pair_end) {
        const std::int64_t per_pair = fastchess                       ? config.value("games", 1)
                                      : config.value("repeat", false) ? config.value("repeat_count", 2)
                                                                      : 1;
        return std::min(total, (*run.pair_end - *run.pair_begin) * per_pair);
    }
    return total;
}

Section engines_section(db::Database& database, std::int64_t run_id, const nlohmann::json& config) {
    std::map<std::string, db::EngineRecord> stored;
    for (const db::EngineRecord& engine : database.engines_of_run(run_id)) stored.emplace(engine.name, engine);
    Section section;
    section.heading = "Engines";
    Table table;
    table.columns = {"Engine", "Commit", "Subject", "Commit date", "Limit", "Command", "Options"};
    for (const nlohmann::json& entry : engine_list(config)) {
        const std::string name = entry_name(entry);
        const auto record = stored.find(name);
        table.rows.push_back(row_of(name, entry, record == stored.end() ? nullptr : &record->second));
        if (record != stored.end()) stored.erase(record);
    }
    for (const auto& [name, record] : stored) table.rows.push_back(row_of(name, nlohmann::json(), &record));
    section.tables.push_back(std::move(table));
    return section;
}

}  // namespace arbiter::reports
