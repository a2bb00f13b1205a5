#include "harness/runner/engine_setup.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <set>

#include "harness/process/capped_log.h"

#include "harness/catalogue/catalogue.h"
#include "harness/config/engine_limits.h"
#include "harness/config/engine_spec.h"
#include "harness/engines/engine_setup.h"
#include "harness/game/engine_move.h"
#include "harness/game/search_limits.h"
#include "harness/runner/engine_keys.h"

namespace arbiter::runner {
namespace {

// cutechess-cli lets two engines share a name (its README plays `cmd=sloppy` against itself);
// results are kept per name here, so the later one plays as "NAME-2" (or -3, ...), and says so.
std::string unique_name(const std::string& name, std::set<std::string>& taken, const std::string& where,
                        std::ostream& notes) {
    std::string chosen = name;
    for (int n = 2; !taken.insert(chosen).second; ++n) chosen = name + "-" + std::to_string(n);
    if (chosen != name)
        notes << "arbiter: " << where << ": name '" << name << "' is taken by another engine; this one plays as '"
              << chosen << "' (give each engine name= to choose)\n";
    return chosen;
}

using config::ConfigError;

std::string engine_label(std::size_t index) { return "-engine #" + std::to_string(index + 1); }

catalogue::Catalogue load_catalogue(const config::MatchConfig& config) {
    if (config.catalogue_file) return catalogue::Catalogue::from_file(*config.catalogue_file);
    return catalogue::Catalogue::builtin();
}

// Engine names may hold spaces or slashes ("tempo 01 Baseline", "sf/dev"); file names should not.
std::string file_safe(const std::string& name) {
    std::string safe = name;
    for (char& c : safe) {
        const bool plain = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == '_';
        if (!plain) c = '_';
    }
    return safe.empty() || safe[0] == '.' ? "engine" + safe : safe;
}

// st= would replace the clock of tc= without a word: ask which one was meant instead. tc=inf has
// no clock to replace. Checked here, not where the keys are read, because -each and conf= may
// give one of the two.
void check_one_clock(const config::EngineSpec& spec, const std::string& where) {
    if (!spec.tc || !spec.st || spec.tc->control.infinite) return;
    const std::string st = tc::format_seconds(config::time_control(spec).move_time_ms);
    throw ConfigError(
        where, "both tc=" + spec.tc->text + " and st=" + st + " are set (by -engine or -each); give only one of them");
}

void check_limits(const PreparedEngine& engine, const std::string& where) {
    if (!game::has_search_limit(engine.time_control)) {
        throw ConfigError(where, "engine '" + engine.name + "' has no time control: give tc=, st=, nodes= or depth=");
    }
    if (engine.spec.proto == protocol::Protocol::Xboard && engine.time_control.nodes > 0) {
        throw ConfigError(where + " nodes", "xboard engines cannot be limited by nodes");
    }
}

}  // namespace

std::optional<std::filesystem::path> stderr_log_dir(const config::MatchConfig& config) {
    if (config.logdir) {
        if (*config.logdir == "off") return std::nullopt;
        return std::filesystem::path(*config.logdir);
    }
    const std::filesystem::path db(config.db);
    return db.parent_path() / (db.stem().string() + "-logs");
}

void announce_stderr_logs(const config::MatchConfig& config, const std::vector<PreparedEngine>& engines,
                          std::ostream& err) {
    const auto dir = stderr_log_dir(config);
    if (!dir) return;
    const bool used = std::any_of(engines.begin(), engines.end(), [](const PreparedEngine& engine) {
        return engine.client.process.stderr_capped_log != nullptr;
    });
    if (used) announce_log_dir(*dir, err);
}

void announce_log_dir(const std::filesystem::path& dir, std::ostream& err) {
    std::error_code ignored;  // a directory that cannot be resolved is named as given
    std::filesystem::path shown = std::filesystem::absolute(dir, ignored);
    if (shown.empty()) shown = dir;
    err << "arbiter: engine logs go to " << (shown.lexically_normal() / "").string()
        << " (-logdir DIR|off moves or discards them)\n";
}

std::vector<PreparedEngine> prepare_engines(const config::MatchConfig& config, std::ostream& notes) {
    if (config.engines.size() < 2) throw ConfigError("-engine", "at least two engines are needed");
    const bool chess960 = config.variant == "fischerandom";
    std::optional<catalogue::Catalogue> catalogue;
    CutechessConfs cutechess_confs(config);
    std::vector<PreparedEngine> engines;
    std::set<std::string> names;
    for (std::size_t i = 0; i < config.engines.size(); ++i) {
        const std::string where = engine_label(i);
        PreparedEngine engine;
        engine.spec = config.engines[i];
        // conf=NAME: cutechess's engines.json first, as cutechess-cli reads it; then arbiter's catalogue.
        if (engine.spec.catalogue && !cutechess_confs.resolve(engine.spec)) {
            if (!catalogue) catalogue = load_catalogue(config);
            catalogue::resolve_catalogue_reference(engine.spec, *catalogue, where);
        }
        // Builds are announced on stderr: they may take minutes and must not look like a hang.
        engine_setup::resolve_build(engine.spec, where, std::clog);
        if (engine.spec.cmd.empty()) throw ConfigError(where, "cmd= is required (or conf=NAME or build=REV)");
        if (!engine_setup::executable_found(engine.spec))
            throw ConfigError(where + " cmd", "no executable '" + engine.spec.cmd + "'");
        engine.name = config::default_engine_name(engine.spec);
        engine.name = unique_name(engine.name, names, where, notes);
        check_one_clock(engine.spec, where);
        engine.time_control = config::time_control(engine.spec);
        check_limits(engine, where);
        engine.restart_every_game = engine.spec.restart == config::RestartPolicy::On;
        engine.client = engine_setup::to_engine_config(engine.spec, engine.name, game::make_san_converter(chess960));
        engine.client.chess960 = chess960;  // UCI_Chess960 or `variant fischerandom`; refused by the probe if neither
        // One capped log per engine, shared by all its processes (see harness/process/capped_log.h).
        if (const auto dir = stderr_log_dir(config))
            engine.client.process.stderr_capped_log =
                std::make_shared<process::CappedLog>(*dir / (file_safe(engine.name) + ".stderr.log"));
        apply_engine_keys(engine, config, where);
        engine.record = engine_setup::to_engine_record(engine.spec, engine.name);
        engines.push_back(std::move(engine));
    }
    return engines;
}

}  // namespace arbiter::runner
