#pragma once
// One arbiter run from a typed description: the engines are prepared and checked, the database is
// opened, the tournament is set up and played. `arbiter match` (cli/match_command.cpp) reads the
// flags or the config file into the MatchConfig; this entry point never sees how it was spelt.
//
// SIGINT/SIGTERM/SIGHUP once the database is open stop the run cleanly: games in flight are abandoned
// and not counted, finished games are already stored, and a re-run of the same config resumes.

#include <exception>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

#include "harness/config/match_config.h"
#include "harness/runner/tournament.h"

namespace arbiter::runner {

struct MatchOptions {
    bool check_db_pages = true;  // PRAGMA quick_check on the database before the run writes into it
    bool live_progress = false;  // `out` is a terminal: keep a progress line updated in place
    // --fail-on-forfeits: after the games, the players that forfeited more than this share of their
    // games in the run are named in TournamentOutcome::forfeiters (forfeits.h).
    std::optional<double> forfeit_limit;
};

// The run was refused before its first game. open_database: config.db could not be opened (the
// cause is a db::DbError). set_up: the book, an engine's start-up check, an output file (one that
// cannot be opened, or is the database: checked before anything is opened) or the database's first
// rows failed; a database this run created is removed again. The caller decides what the cause
// means for its exit status.
class MatchRefused : public std::runtime_error {
public:
    enum class Stage { open_database, set_up };
    MatchRefused(Stage stage, std::exception_ptr cause, const std::string& message)
        : std::runtime_error(message), stage_(stage), cause_(std::move(cause)) {}
    Stage stage() const { return stage_; }
    const std::exception_ptr& cause() const { return cause_; }

private:
    Stage stage_;
    std::exception_ptr cause_;
};

// Plays `config` (already checked for shape) into config.db. Throws config::ConfigError from
// prepare_engines for an engine that cannot be prepared, MatchRefused as above; errors during the
// games end the run with RunEnd::failed or escape as they are; so does a -log write that failed,
// at the end of a game or when the log is closed after the games.
// Games and progress go to `out`, problems to `err`.
TournamentOutcome run_match(config::MatchConfig config, const MatchOptions& options, std::ostream& out,
                            std::ostream& err);

}  // namespace arbiter::runner
