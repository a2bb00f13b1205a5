#include "epdrun/engine_setup.h"

#include <arbiter/protocol/engine_config.hpp>

#include <nlohmann/json.hpp>

#include "catalogue/catalogue.h"
#include "chess/position.h"
#include "chess/san.h"
#include "config/engine_spec.h"

namespace arbiter::epdrun {

namespace {

// A word without '=' cannot be a key=value spec, so it is taken as a catalogue name.
bool is_catalogue_name(const std::string& text) {
    return text.find('=') == std::string::npos && text.find_first_of(" \t") == std::string::npos;
}

// xboard engines that asked for SAN input need the rules core; the protocol layer leaves that to us.
std::string coordinate_to_san(const std::string& start_fen, const std::vector<std::string>& previous,
                              const std::string& move) {
    chess::Position pos(start_fen == "startpos" ? std::string(chess::Position().fen()) : start_fen);
    for (const auto& played : previous) pos.make_move(chess::parse_uci(pos, played));
    return chess::to_san(pos, chess::parse_uci(pos, move));
}

std::string quote_if_needed(const std::string& word) {
    if (word.find_first_of(" \t\"'") == std::string::npos && !word.empty()) return word;
    std::string quoted = "\"";
    for (char c : word) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    return quoted + "\"";
}

}  // namespace

config::EngineSpec resolve_engine_text(const std::string& text, const std::string& where) {
    config::EngineSpec spec;
    if (is_catalogue_name(text)) {
        spec.catalogue = text;
    } else {
        spec = config::parse_engine_spec(text, where);
    }
    if (spec.catalogue) catalogue::resolve_catalogue_reference(spec, catalogue::Catalogue::builtin(), where);
    if (spec.build) throw config::ConfigError(where + " build", "not supported here; build the commit first (see ci/per-commit-wac)");
    if (spec.tc) throw config::ConfigError(where + " tc", "a game clock has no meaning here; use --movetime, --nodes or --depth");
    if (spec.cmd.empty()) throw config::ConfigError(where, "no cmd= given in '" + text + "'");
    return spec;
}

protocol::EngineConfig to_engine_config(const config::EngineSpec& spec, const std::string& name) {
    protocol::EngineConfig config;
    config.name = name;
    config.protocol = spec.proto == config::Protocol::Xboard ? protocol::Protocol::Xboard : protocol::Protocol::Uci;
    config.process.executable = spec.cmd;
    config.process.arguments = spec.args;
    config.process.working_directory = spec.dir;
    config.process.environment = spec.env;
    config.init_commands = spec.init_strings;
    config.options = spec.options;
    config.to_san = coordinate_to_san;
    return config;
}

db::EngineRecord to_engine_record(const config::EngineSpec& spec, const std::string& name,
                                  const std::string& git_commit) {
    db::EngineRecord record;
    record.name = name;
    record.command = quote_if_needed(spec.cmd);
    for (const auto& arg : spec.args) record.command.append(" ").append(quote_if_needed(arg));
    record.protocol = config::to_string(spec.proto);
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [option, value] : spec.options) options[option] = value;
    record.options_json = options.dump();  // nlohmann keeps keys sorted: same options, same text
    record.git_commit = git_commit;
    return record;
}

std::string options_text(const config::EngineSpec& spec) {
    std::string text;
    for (const auto& [option, value] : spec.options) {
        text += (text.empty() ? "" : " ") + option + "=" + value;
    }
    return text;
}

}  // namespace arbiter::epdrun
