#pragma once
// From an engine description (config::EngineSpec) to what the lower layers need, the same way for
// every command that starts engines: `build=REV` built (or found in the build cache) and pointed at,
// catalogue names resolved, the protocol client's EngineConfig and the database's EngineRecord.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include "harness/protocol/engine_config.h"

#include "harness/config/match_config.h"
#include "db/records.h"

namespace arbiter::engine_setup {

// For a spec with build=REV and no cmd=: builds REV with `arbiter build`'s cache and the repository's
// recipe (the repository is repo=DIR, else the one holding the current directory), checks its bench,
// sets cmd= to the binary and build= to the full commit hash, so the run's identity and the stored
// engine name the exact commit; an unnamed engine is called tempo@<first 12 hex digits of the
// commit>, or <repository directory name>@<12 hex digits> when repo= is given. Progress lines
// go to `progress`. Throws config::ConfigError(where + " build") for a spec giving both cmd= and
// build=, a directory outside git, an unknown revision, no recipe, a failed build (naming its log)
// or a bench mismatch: all bad input. A spec without build= is left as it is.
void resolve_build(config::EngineSpec& spec, const std::string& where, std::ostream& progress);

// "cmd=/usr/games/stockfish option.Hash=16" or a bare catalogue name ("stockfish"), as `--engine`
// takes it; catalogue reference and build= resolved. Throws config::ConfigError naming `where`.
config::EngineSpec resolve_engine_text(const std::string& text, const std::string& where, std::ostream& progress);

// True when cmd= names something we can run: relative paths are looked up the way the process layer
// runs them (in dir= if given, else from here), bare names in PATH.
bool executable_found(const config::EngineSpec& spec);
// The file cmd= runs, found as executable_found finds it; nullopt when there is none.
std::optional<std::filesystem::path> resolve_executable(const config::EngineSpec& spec);

// The protocol client's configuration. `to_san` converts coordinate moves for xboard engines that
// asked for SAN (the variant decides how, so the caller supplies it).
protocol::EngineConfig to_engine_config(const config::EngineSpec& spec, const std::string& name,
                                        protocol::SanConverter to_san);

// The engine's identity in the database: name, command line, protocol, canonical options and git
// commit. An empty `git_commit` falls back to the commit build= resolved to; a build= engine's record
// also carries its commit's subject and date, read from its repository, for the reports.
db::EngineRecord to_engine_record(const config::EngineSpec& spec, const std::string& name,
                                  const std::string& git_commit = {});

// "Hash=16 Threads=1": the options as typed, for labels.
std::string options_text(const config::EngineSpec& spec);

}  // namespace arbiter::engine_setup
