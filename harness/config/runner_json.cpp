#include "harness/config/runner_json.h"

#include <set>
#include <nlohmann/json.hpp>

namespace arbiter::config {
namespace {

using nlohmann::json;

bool read_bool(const json& value, const std::string& where) {
    if (!value.is_boolean()) throw ConfigError(where, "expected true or false, got " + value.dump());
    return value.get<bool>();
}

std::string read_string(const json& value, const std::string& where) {
    if (!value.is_string()) throw ConfigError(where, "expected a string, got " + value.dump());
    return value.get<std::string>();
}

LogSpec read_log(const json& in, const std::string& where) {
    if (!in.is_object()) throw ConfigError(where, "expected an object");
    const std::set<std::string> known{"file", "level", "append", "compress", "realtime", "engine"};
    for (const auto& item : in.items())
        if (!known.count(item.key())) throw ConfigError(where + "." + item.key(), "unknown key");
    LogSpec log;
    if (!in.contains("file")) throw ConfigError(where + ".file", "missing");
    log.file = read_string(in.at("file"), where + ".file");
    if (log.file.empty()) throw ConfigError(where + ".file", "must not be empty");
    if (in.contains("level")) {
        const std::string level = read_string(in.at("level"), where + ".level");
        if (!parse_log_level(level, log.level))
            throw ConfigError(where + ".level", "must be trace, info, warn, err or fatal, got '" + level + "'");
    }
    for (auto [key, field] : {std::pair{"append", &log.append}, std::pair{"compress", &log.compress},
                              std::pair{"realtime", &log.realtime}, std::pair{"engine", &log.engine}}) {
        if (in.contains(key)) *field = read_bool(in.at(key), where + "." + key);
    }
    return log;
}

// true, false, or a CPU list such as "0,2-3".
void read_affinity(MatchConfig& config, const json& value, const std::string& where) {
    if (value.is_boolean()) {
        config.use_affinity = value.get<bool>();
        return;
    }
    config.affinity_cpus = parse_cpu_list(read_string(value, where), where);
    config.use_affinity = true;
}

json log_json(const LogSpec& log) {
    return {{"file", log.file},         {"level", to_string(log.level)}, {"append", log.append},
            {"compress", log.compress}, {"realtime", log.realtime},      {"engine", log.engine}};
}

}  // namespace

const std::vector<std::string>& runner_json_keys() {
    static const std::vector<std::string> keys{"debug",           "log",     "use_affinity", "force_concurrency",
                                               "thread_affinity", "test_env"};
    return keys;
}

void read_runner_json(MatchConfig& config, const json& in, const std::string& source) {
    const auto where = [&](const char* key) { return source + "." + key; };
    if (in.contains("debug")) config.debug = read_bool(in.at("debug"), where("debug"));
    if (in.contains("log")) config.log = read_log(in.at("log"), where("log"));
    if (in.contains("use_affinity")) read_affinity(config, in.at("use_affinity"), where("use_affinity"));
    if (in.contains("force_concurrency"))
        config.force_concurrency = read_bool(in.at("force_concurrency"), where("force_concurrency"));
    if (in.contains("thread_affinity"))
        config.thread_affinity = read_bool(in.at("thread_affinity"), where("thread_affinity"));
    if (in.contains("test_env")) config.test_env = read_bool(in.at("test_env"), where("test_env"));
}

void write_runner_json(const MatchConfig& config, json& out) {
    if (config.debug) out["debug"] = true;
    if (config.log) out["log"] = log_json(*config.log);
    if (config.use_affinity)
        out["use_affinity"] = config.affinity_cpus.empty() ? json(true) : json(cpu_list_text(config.affinity_cpus));
    if (config.force_concurrency) out["force_concurrency"] = true;
    if (!config.thread_affinity) out["thread_affinity"] = false;
    if (config.test_env) out["test_env"] = true;
}

}  // namespace arbiter::config
