#include "harness/epdrun/engine_setup.h"

#include <iostream>

#include "harness/game/engine_move.h"

namespace arbiter::epdrun {

config::EngineSpec resolve_engine_text(const std::string& text, const std::string& where) {
    // Builds are announced on stderr: they may take minutes and must not look like a hang.
    config::EngineSpec spec = engine_setup::resolve_engine_text(text, where, std::clog);
    if (spec.tc)
        throw config::ConfigError(where + " tc",
                                  "a game clock has no meaning here; use --movetime, --nodes or --depth");
    return spec;
}

protocol::EngineConfig to_engine_config(const config::EngineSpec& spec, const std::string& name) {
    return engine_setup::to_engine_config(spec, name, game::make_san_converter(false));
}

}  // namespace arbiter::epdrun
