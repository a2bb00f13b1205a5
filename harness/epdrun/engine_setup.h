#pragma once
// `arbiter epd` and `arbiter ttd` start engines through the shared setup (harness/engines); this adds
// their one rule of their own: a game clock (tc=) means nothing for a fixed-limit search.

#include <string>

#include "harness/config/match_config.h"
#include "harness/engines/engine_setup.h"

namespace arbiter::epdrun {

// "cmd=/usr/games/stockfish option.Hash=16", "stockfish" (a catalogue entry) or "build=HEAD" (built
// through `arbiter build`'s cache, progress on stderr). `where` names the flag in errors. Throws
// config::ConfigError for bad specs, unknown catalogue names, unknown revisions and tc=;
// config::ConfigError, naming the build log, when a build fails or its bench does not match.
config::EngineSpec resolve_engine_text(const std::string& text, const std::string& where);

// The protocol client's configuration; xboard engines asking for SAN get standard-chess SAN.
protocol::EngineConfig to_engine_config(const config::EngineSpec& spec, const std::string& name);

using engine_setup::options_text;
using engine_setup::to_engine_record;

}  // namespace arbiter::epdrun
