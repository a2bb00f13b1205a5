#pragma once
// From the `--engine` text to a running engine description: catalogue names and `conf=NAME` are
// resolved through the built-in catalogue, the result is mapped to the protocol layer's
// EngineConfig, and to the database's EngineRecord (its identity across runs).

#include <string>

#include "config/match_config.h"
#include "db/records.h"

namespace arbiter::protocol {
struct EngineConfig;
}

namespace arbiter::epdrun {

// "cmd=/usr/games/stockfish option.Hash=16" or "stockfish" (a catalogue entry). `where` names the
// flag in errors. Throws config::ConfigError for bad specs, unknown catalogue names and settings
// these commands cannot honour (build=, tc=).
config::EngineSpec resolve_engine_text(const std::string& text, const std::string& where);

protocol::EngineConfig to_engine_config(const config::EngineSpec& spec, const std::string& name);

// The engine's identity in the database: name, command line, protocol, options and git commit.
db::EngineRecord to_engine_record(const config::EngineSpec& spec, const std::string& name,
                                  const std::string& git_commit);

// "Hash=16 Threads=1": the options as typed, for labels.
std::string options_text(const config::EngineSpec& spec);

}  // namespace arbiter::epdrun
