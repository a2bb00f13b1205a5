#pragma once
// From the user's engine descriptions to what the lower layers need: resolved catalogue
// references, unique names, per-engine time controls, protocol client configurations and the
// database's engine identity. Each value was parsed where it was read; the checks across keys and
// files happen here, before any process starts, so a mistake is reported as bad input (exit 2)
// and never as a failed run.

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/engine_config.h"

#include "harness/config/match_config.h"
#include "db/records.h"
#include "harness/openings/polyglot.h"
#include "harness/tc/time_control.h"

namespace arbiter::runner {

struct PreparedEngine {
    config::EngineSpec spec;  // catalogue reference resolved
    std::string name;         // unique within the run
    tc::TimeControl time_control;
    protocol::EngineConfig client;                       // what make_engine_client takes
    db::EngineRecord record;                             // identity stored with every game
    bool restart_every_game = false;                     // restart=on
    std::shared_ptr<const openings::PolyglotBook> book;  // book=: its own Polyglot book
    int book_plies = 0;                                  // bookdepth= in plies
};

// Resolves, names and checks every engine of `config`. Throws config::ConfigError naming the
// engine ("-engine #2 nodes") for a missing command, an unknown catalogue entry, a missing time
// control, both tc= and st=, or a limit the protocol cannot express. A name given twice is made unique
// ("NAME-2"), as cutechess-cli lets two engines share one, and said on `notes`.
std::vector<PreparedEngine> prepare_engines(const config::MatchConfig& config, std::ostream& notes = std::clog);

// The directory engines' stderr logs go to (see MatchConfig::logdir); nullopt when discarded.
std::optional<std::filesystem::path> stderr_log_dir(const config::MatchConfig& config);

// Says once, on `err`, where the engines' stderr logs go when any engine's go to that directory
// (one given stderr=FILE does not): a folder that appears beside the database without a word is a
// puzzle. "arbiter: engine logs go to /abs/arbiter-logs/ (-logdir DIR|off moves or discards them)".
void announce_stderr_logs(const config::MatchConfig& config, const std::vector<PreparedEngine>& engines,
                          std::ostream& err);
// The line itself, for a command that plays many runs into one database (arbiter ladder).
void announce_log_dir(const std::filesystem::path& dir, std::ostream& err);

}  // namespace arbiter::runner
