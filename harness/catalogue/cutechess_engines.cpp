#include "harness/catalogue/cutechess_engines.h"

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/plain_text.h"

namespace arbiter::catalogue {
namespace {

using config::ConfigError;
using nlohmann::json;

std::string text_of(const json& value, const std::string& where) {
    std::string text;
    if (value.is_string()) text = value.get<std::string>();
    else if (value.is_boolean()) text = value.get<bool>() ? "true" : "false";
    else if (value.is_number_integer()) text = value.dump();
    else throw ConfigError(where, "expected a string, a number or true/false, got " + value.dump());
    config::require_plain_text(text, where);
    return text;
}

bool flag_of(const json& value, const std::string& where) {
    if (!value.is_boolean()) throw ConfigError(where, "expected true or false, got " + value.dump());
    return value.get<bool>();
}

void read_options(config::EngineSpec& spec, const json& options, const std::string& where) {
    if (!options.is_array()) throw ConfigError(where, "expected a list of options");
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string at = where + "[" + std::to_string(i) + "]";
        const json& option = options[i];
        if (!option.is_object() || !option.contains("name")) throw ConfigError(at, "expected an object with a name");
        if (option.value("type", "") == "button" || !option.contains("value")) continue;
        const std::string name = text_of(option["name"], at + ".name");
        config::apply_engine_token(spec, "option." + name + "=" + text_of(option["value"], at + ".value"), at);
    }
}

// cutechess bounds the factor rather than refusing it.
double bounded_scale(const json& value, const std::string& where) {
    if (!value.is_number()) throw ConfigError(where, "expected a number, got " + value.dump());
    return std::clamp(value.get<double>(), config::kMinTimeoutScale, config::kMaxTimeoutScale);
}

void read_key(config::EngineSpec& spec, const std::string& key, const json& value, const std::string& at) {
    if (key == "command") spec.cmd = text_of(value, at);
    else if (key == "workingDirectory") spec.dir = text_of(value, at);
    else if (key == "stderrFile") {
        const std::string file = text_of(value, at);
        if (!file.empty()) spec.stderr_file = file;
    } else if (key == "protocol") config::apply_engine_token(spec, "proto=" + text_of(value, at), at);
    else if (key == "restart") config::apply_engine_token(spec, "restart=" + text_of(value, at), at);
    else if (key == "initStrings") {
        if (!value.is_array()) throw ConfigError(at, "expected a list of strings");
        for (const auto& line : value) spec.init_strings.push_back(text_of(line, at));
    } else if (key == "whitepov") spec.whitepov = flag_of(value, at);
    else if (key == "ponder") spec.ponder = flag_of(value, at);
    else if (key == "debug") spec.debug = flag_of(value, at);
    else if (key == "validateClaims") spec.trust = !flag_of(value, at);
    else if (key == "timeoutScaleFactor") spec.timeout_scale = bounded_scale(value, at);
    else if (key == "options") read_options(spec, value, at);
    // Anything else ("variants", keys of newer versions) is cutechess's business, as it ignores
    // what it does not know.
}

config::EngineSpec read_cutechess_entry(const json& entry, const std::string& where) {
    if (!entry.is_object()) throw ConfigError(where, "expected an engine object");
    config::EngineSpec spec;
    for (const auto& item : entry.items()) {
        if (item.key() != "name") read_key(spec, item.key(), item.value(), where + "." + item.key());
    }
    if (spec.cmd.empty()) throw ConfigError(where + ".command", "missing or empty");
    return spec;
}

}  // namespace

std::optional<std::filesystem::path> cutechess_engines_path(const std::optional<std::string>& given) {
    namespace fs = std::filesystem;
    std::error_code ignored;
    if (given) {
        if (!fs::is_regular_file(*given, ignored)) throw ConfigError("-engines", "no engines file '" + *given + "'");
        return fs::path(*given);
    }
    if (fs::is_regular_file("engines.json", ignored)) return fs::path("engines.json");
    fs::path settings;
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) settings = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home) settings = fs::path(home) / ".config";
    else return std::nullopt;
    const fs::path file = settings / "cutechess" / "engines.json";
    if (fs::is_regular_file(file, ignored)) return file;
    return std::nullopt;
}

CutechessEngines CutechessEngines::from_json_text(const std::string& text, const std::string& source) {
    const json parsed = config::parse_config_json(text, source);
    if (!parsed.is_array()) throw ConfigError(source, "expected a list of engines, as cutechess writes it");
    CutechessEngines engines;
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        const std::string where = source + "[" + std::to_string(i) + "]";
        if (!parsed[i].is_object() || !parsed[i].contains("name"))
            throw ConfigError(where, "an engine needs a \"name\"");
        const std::string name = text_of(parsed[i]["name"], where + ".name");
        config::EngineSpec spec = read_cutechess_entry(parsed[i], where);
        spec.name = name;
        engines.entries_.emplace_back(name, std::move(spec));
    }
    return engines;
}

CutechessEngines CutechessEngines::load(const std::filesystem::path& path) {
    return from_json_text(config::read_config_file(path.string(), "engines file"), path.string());
}

const config::EngineSpec* CutechessEngines::find(const std::string& name) const {
    for (const auto& [entry_name, spec] : entries_)
        if (entry_name == name) return &spec;
    return nullptr;
}

}  // namespace arbiter::catalogue
