// -debug, -log, -use-affinity, -force-concurrency, -testEnv, and arbiter's -thread-affinity. What
// each does at run time is in harness/runner (engine_tap.h, cpu_slots.h, run_match.cpp) and
// harness/runlog.
#include "cli/runner_flags.h"

#include "harness/config/parse_number.h"
#include "harness/config/runner_settings.h"

namespace arbiter::cli {
namespace {

using config::ConfigError;

// cutechess-cli: `-debug`, or `-debug all` (which also turns on each engine's own debug mode).
void apply_debug(FlagContext& ctx, const FlagGroup& group) {
    if (ctx.reading.debug_refused)
        throw ConfigError(group.flag,
                          "fastchess has no -debug; record every engine line with -log file=FILE "
                          "level=trace engine=true");
    if (!group.values.empty() && single_value(group.flag, group.values) != "all")
        throw ConfigError(group.flag, "takes no value or 'all', got '" + group.values.front() + "'");
    ctx.config.debug = true;
}

config::LogSpec parse_log(const FlagGroup& group) {
    config::LogSpec log;
    for (const auto& token : group.values) {
        auto [key, value] = split_key_value(token, group.flag);
        const std::string at = group.flag + " " + key;
        if (key == "file") log.file = value;
        else if (key == "level") {
            if (!config::parse_log_level(value, log.level))
                throw ConfigError(at, "must be trace, info, warn, err or fatal, got '" + value + "'");
        } else if (key == "append") log.append = config::parse_flag_bool(value, at);
        else if (key == "compress") log.compress = config::parse_flag_bool(value, at);
        else if (key == "realtime") log.realtime = config::parse_flag_bool(value, at);
        else if (key == "engine") log.engine = config::parse_flag_bool(value, at);
        else throw ConfigError(at, "unknown log setting (file, level, append, compress, realtime, engine)");
    }
    if (log.file.empty()) throw ConfigError(group.flag, "file= is required");
    return log;
}

}  // namespace

bool apply_runner_flag(FlagContext& ctx, const FlagGroup& group) {
    config::MatchConfig& c = ctx.config;
    const std::string& name = group.name;
    if (name == "debug") {
        apply_debug(ctx, group);
    } else if (name == "log") {
        c.log = parse_log(group);
    } else if (name == "use-affinity") {
        c.use_affinity = true;
        c.affinity_cpus.clear();
        if (!group.values.empty())
            c.affinity_cpus = config::parse_cpu_list(single_value(group.flag, group.values), group.flag);
    } else if (name == "force-concurrency") {
        expect_no_value(group.flag, group.values);
        c.force_concurrency = true;
    } else if (name == "thread-affinity") {
        c.thread_affinity = config::parse_flag_bool(single_value(group.flag, group.values), group.flag);
    } else if (name == "testEnv") {
        expect_no_value(group.flag, group.values);
        c.test_env = true;
    } else {
        return false;
    }
    return true;
}

}  // namespace arbiter::cli
