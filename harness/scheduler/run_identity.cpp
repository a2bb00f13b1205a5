#include "harness/scheduler/run_identity.h"

#include <array>
#include <map>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "harness/engines/engine_setup.h"

namespace arbiter::scheduler {
namespace {

using nlohmann::json;

std::string hex64(std::uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

db::RunChoice::Mode choice_mode(config::ResumeMode mode) {
    switch (mode) {
        case config::ResumeMode::latest: return db::RunChoice::Mode::latest;
        case config::ResumeMode::run: return db::RunChoice::Mode::run_id;
        case config::ResumeMode::fresh: return db::RunChoice::Mode::fresh;
        default: return db::RunChoice::Mode::unless_done;
    }
}

// A value short enough for one line of an error message.
std::string shown(const json& value) {
    constexpr std::size_t kLongest = 120;
    const std::string text = value.is_null() ? std::string("(unset)") : value.dump();
    return text.size() <= kLongest ? text : text.substr(0, kLongest) + "...";
}

// "rounds: 2 in run 4, 3 in this command; ..." for every top-level setting that differs.
std::string differences(const db::RunRecord& stored, const db::RunRecord& wanted) {
    if (stored.kind != wanted.kind) {
        return "run " + std::to_string(stored.id) + " is a " + std::string(db::to_string(stored.kind)) +
               ", this command plays a " + std::string(db::to_string(wanted.kind));
    }
    const json before = json::parse(stored.config_json, nullptr, false);
    const json now = json::parse(wanted.config_json, nullptr, false);
    if (!before.is_object() || !now.is_object()) return "its stored settings cannot be read";
    std::string text;
    json keys = json::object();
    for (const auto& [key, value] : before.items()) keys[key] = true;
    for (const auto& [key, value] : now.items()) keys[key] = true;
    for (const auto& [key, ignored] : keys.items()) {
        const json old_value = before.value(key, json());
        const json new_value = now.value(key, json());
        if (old_value == new_value) continue;
        text += (text.empty() ? "" : "; ") + key + ": " + shown(old_value) + " in run " + std::to_string(stored.id) +
                ", " + shown(new_value) + " in this command";
    }
    return text;
}

void check_resumable(db::Database& database, std::int64_t run_id, const db::RunRecord& wanted) {
    const std::optional<db::RunRecord> stored = database.run_by_id(run_id);
    if (!stored) {
        throw ResumeRefused(run_id, "database " + database.path() + " has no run " + std::to_string(run_id));
    }
    const std::string wanted_key = db::make_config_key(wanted.kind, wanted.config_json);
    if (db::run_identity_key(stored->config_key) == wanted_key) return;
    throw ResumeRefused(run_id, "run " + std::to_string(run_id) + " of " + database.path() +
                                    " was played with other settings than this command's (" +
                                    differences(*stored, wanted) + ")");
}

}  // namespace

std::string file_content_hash(const std::string& path, const std::string& where) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw config::ConfigError(where, "cannot read '" + path + "' to hash it");
    // FNV-1a: fast, stable across builds and platforms; the input is not adversarial.
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    std::array<char, 1 << 16> buffer;
    while (file.read(buffer.data(), buffer.size()) || file.gcount() > 0) {
        const auto count = static_cast<std::size_t>(file.gcount());
        for (std::size_t i = 0; i < count; ++i) {
            hash ^= static_cast<unsigned char>(buffer[i]);
            hash *= 0x100000001b3ULL;
        }
    }
    if (file.bad()) throw config::ConfigError(where, "cannot read '" + path + "' to hash it");
    return hex64(hash);
}

std::string run_identity_with_engines(const std::string& config_identity, const std::vector<PreparedEngine>& engines) {
    json identity = json::parse(config_identity);
    json files = json::array();
    // Hashing reads the whole binary (tens of MB for an engine with an embedded network): once per
    // file, however many engines of the run share it.
    std::map<std::string, std::string> hash_of_path;
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const std::string where = "-engine #" + std::to_string(i + 1) + " cmd";
        const auto path = engine_setup::resolve_executable(engines[i].spec);
        if (!path) throw config::ConfigError(where, "no executable '" + engines[i].spec.cmd + "'");
        auto known = hash_of_path.find(path->string());
        if (known == hash_of_path.end())
            known = hash_of_path.emplace(path->string(), file_content_hash(path->string(), where)).first;
        files.push_back(known->second);
    }
    identity["engine_files"] = files;
    return identity.dump();
}

db::OpenedRun open_match_run(db::Database& database, const config::MatchConfig& config, const db::RunRecord& wanted,
                             std::int64_t selection_games) {
    db::RunChoice choice;
    choice.mode = choice_mode(config.resume);
    choice.run_id = config.resume_run;
    choice.selection_games = selection_games;
    if (choice.mode == db::RunChoice::Mode::run_id) check_resumable(database, config.resume_run, wanted);
    return database.open_run(wanted, choice);
}

void print_run_choice(std::ostream& out, const db::OpenedRun& opened, std::int64_t selection_games) {
    if (opened.created) {
        out << "new run " << opened.run.id << '\n';
        return;
    }
    out << "resuming run " << opened.run.id << ": " << opened.games_stored << " of " << selection_games
        << " games played\n";
}

}  // namespace arbiter::scheduler
