#pragma once
// cutechess-cli's engine keys and the engine-facing match flags, applied to a PreparedEngine:
// `conf=NAME` from cutechess's engines.json, `book=`/`bookdepth=`, `stderr=`, `tscale=`, `ponder`,
// `debug`, and -startup-ms, -ucinewgame-ms, -check-mate-pvs. Kept apart from engine_setup.cpp,
// which does what every engine needs.

#include <optional>
#include <string>

#include "harness/catalogue/cutechess_engines.h"
#include "harness/config/match_config.h"
#include "harness/runner/engine_setup.h"

namespace arbiter::runner {

// cutechess's engines.json, read on the first `conf=` and kept for the other engines.
class CutechessConfs {
public:
    explicit CutechessConfs(const config::MatchConfig& config) : config_(config) {}
    // Fills `spec` from the entry its `conf=` names, as a catalogue entry fills it (the spec's own
    // settings win); false when there is no engines.json or no such entry in it. Throws
    // config::ConfigError for a file that cannot be read or parsed.
    bool resolve(config::EngineSpec& spec);

private:
    const config::MatchConfig& config_;
    bool loaded_ = false;
    std::optional<catalogue::CutechessEngines> engines_;
};

// Protocol timeouts (-startup-ms, -ucinewgame-ms, then tscale=), ponder, debug, stderr=, the PV
// lines the checks need, and options the engine does not declare skipped (the start-up check warns
// about them once). Loads book= (config::ConfigError naming `where` for an unreadable book).
void apply_engine_keys(PreparedEngine& engine, const config::MatchConfig& config, const std::string& where);

}  // namespace arbiter::runner
