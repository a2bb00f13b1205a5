#include "scheduler/engine_setup.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <unistd.h>
#include <set>

#include <nlohmann/json.hpp>

#include "catalogue/catalogue.h"
#include "config/engine_spec.h"
#include "game/engine_move.h"
#include "game/search_limits.h"

namespace arbiter::scheduler {
namespace {

using config::ConfigError;

std::string engine_label(std::size_t index) { return "-engine #" + std::to_string(index + 1); }

catalogue::Catalogue load_catalogue(const config::MatchConfig& config) {
    if (config.catalogue_file) return catalogue::Catalogue::from_file(*config.catalogue_file);
    return catalogue::Catalogue::builtin();
}

protocol::EngineConfig client_config(const PreparedEngine& engine, bool chess960) {
    protocol::EngineConfig client;
    client.name = engine.name;
    client.protocol =
        engine.spec.proto == config::Protocol::Xboard ? protocol::Protocol::Xboard : protocol::Protocol::Uci;
    client.process.executable = engine.spec.cmd;
    client.process.arguments = engine.spec.args;
    client.process.working_directory = engine.spec.dir;
    client.process.environment = engine.spec.env;
    client.init_commands = engine.spec.init_strings;
    client.options = engine.spec.options;
    client.to_san = game::make_san_converter(chess960);
    return client;
}

db::EngineRecord engine_record(const PreparedEngine& engine) {
    db::EngineRecord record;
    record.name = engine.name;
    record.command = engine.spec.cmd;
    for (const auto& arg : engine.spec.args) record.command += " " + arg;
    record.protocol = config::to_string(engine.spec.proto);
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, value] : engine.spec.options) options[name] = value;
    record.options_json = options.dump();
    return record;
}

// Catches a mistyped cmd= before any game starts (exit 2 instead of a failed run). Relative
// paths are looked up the way the process layer runs them: in dir= if given, else from here;
// bare names in PATH.
bool executable_found(const config::EngineSpec& spec) {
    namespace fs = std::filesystem;
    auto runnable = [](const fs::path& path) { return !fs::is_directory(path) && access(path.c_str(), X_OK) == 0; };
    if (spec.cmd.find('/') != std::string::npos) {
        const fs::path path(spec.cmd);
        return runnable(path) || (!spec.dir.empty() && path.is_relative() && runnable(fs::path(spec.dir) / path));
    }
    const char* search = std::getenv("PATH");
    std::string_view rest = search ? search : "/usr/bin:/bin";
    while (!rest.empty()) {
        const auto colon = rest.find(':');
        const std::string_view dir = rest.substr(0, colon);
        if (runnable(fs::path(dir.empty() ? "." : std::string(dir)) / spec.cmd)) return true;
        rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
    return false;
}

void check_limits(const PreparedEngine& engine, const std::string& where) {
    if (!game::has_search_limit(engine.time_control)) {
        throw ConfigError(where, "engine '" + engine.name + "' has no time control: give tc=, st=, nodes= or depth=");
    }
    if (engine.spec.proto == config::Protocol::Xboard && engine.time_control.nodes > 0) {
        throw ConfigError(where + " nodes", "xboard engines cannot be limited by nodes");
    }
}

}  // namespace

tc::TimeControl engine_time_control(const config::EngineSpec& spec, const std::string& where) {
    tc::TimeControl control;
    try {
        if (spec.tc) control = tc::parse_time_control(*spec.tc);
    } catch (const tc::TimeControlError& error) {
        throw ConfigError(where + " tc", error.what());
    }
    if (spec.st) {
        if (!std::isfinite(*spec.st) || *spec.st <= 0) throw ConfigError(where + " st", "must be a positive number");
        control.move_time_ms = std::llround(*spec.st * 1000.0);
    }
    if (spec.nodes) control.nodes = static_cast<std::int64_t>(*spec.nodes);
    if (spec.depth) {
        if (*spec.depth < 1) throw ConfigError(where + " depth", "must be 1 or more");
        control.depth = *spec.depth;
    }
    if (spec.timemargin_ms) {
        if (*spec.timemargin_ms < 0) throw ConfigError(where + " timemargin", "must not be negative");
        control.margin_ms = *spec.timemargin_ms;
    }
    return control;
}

std::vector<PreparedEngine> prepare_engines(const config::MatchConfig& config) {
    if (config.engines.size() < 2) throw ConfigError("-engine", "at least two engines are needed");
    const bool chess960 = config.variant == "fischerandom";
    std::optional<catalogue::Catalogue> catalogue;
    std::vector<PreparedEngine> engines;
    std::set<std::string> names;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        const std::string where = engine_label(i);
        PreparedEngine engine;
        engine.spec = config.engines[i];
        if (engine.spec.catalogue) {
            if (!catalogue) catalogue = load_catalogue(config);
            catalogue::resolve_catalogue_reference(engine.spec, *catalogue, where);
        }
        if (engine.spec.build && engine.spec.cmd.empty())
            throw ConfigError(where + " build", "building engines is not part of `arbiter match`; give cmd=");
        if (engine.spec.cmd.empty()) throw ConfigError(where, "cmd= is required (or conf=NAME)");
        if (!executable_found(engine.spec))
            throw ConfigError(where + " cmd", "no executable '" + engine.spec.cmd + "'");
        engine.name = config::default_engine_name(engine.spec);
        if (!names.insert(engine.name).second)
            throw ConfigError(where + " name", "name '" + engine.name + "' is already used; give each engine name=");
        engine.time_control = engine_time_control(engine.spec, where);
        check_limits(engine, where);
        engine.restart_every_game = engine.spec.restart == config::RestartPolicy::On;
        engine.client = client_config(engine, chess960);
        engine.record = engine_record(engine);
        engines.push_back(std::move(engine));
    }
    return engines;
}

}  // namespace arbiter::scheduler
