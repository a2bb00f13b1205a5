#pragma once
// Runs the games of one arbiter run: picks the pairs this process still has to play (resume,
// shard, --pairs), hands them to -concurrency workers that each own their engine processes,
// stores every finished game in its own transaction, keeps the tally, prints progress and stops
// on completion, an SPRT decision, an engine failure (without -recover) or an interrupt.
//
// Games that are aborted (interrupt, SPRT stop, run failure) are neither stored nor counted; a
// re-run plays them again.

#include <atomic>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "db/database.h"
#include "harness/runlog/run_log.h"
#include "harness/runner/engine_setup.h"
#include "harness/runner/forfeits.h"

namespace arbiter::runner {

// bad_config: a mistake only an engine could reveal (an option it does not have, a limit its
// protocol cannot express); reported like other bad input.
enum class RunEnd { completed, sprt_h0, sprt_h1, interrupted, failed, bad_config };

struct TournamentOutcome {
    RunEnd end = RunEnd::completed;
    std::string message;  // why a run failed
    std::int64_t run_id = 0;
    std::int64_t games_played = 0;  // by this process
    // With MatchOptions::forfeit_limit: the players over it, counted over every game of the run.
    std::vector<PlayerForfeits> forfeiters;
};

struct TournamentIo {
    std::ostream& out;
    std::ostream& err;
    bool live_progress = false;  // stdout is a terminal: keep a progress line updated in place
    // Set asynchronously (signal handler, any thread) to ask for a clean stop.
    const std::atomic<int>* interrupt = nullptr;
    runlog::RunLog* log = nullptr;  // -log; `out` and `err` already copy their lines into it
};

class Tournament {
public:
    // `config` must already be validated (prepare_engines). Opens the opening book (errors name
    // the file and line) and finds or creates the run in `database`.
    Tournament(const config::MatchConfig& config, std::vector<PreparedEngine> engines, db::Database& database,
               TournamentIo io);
    ~Tournament();
    Tournament(const Tournament&) = delete;
    Tournament& operator=(const Tournament&) = delete;

    TournamentOutcome run();
    // The run the games go to, found or created by the constructor: a caller that tags runs (a
    // bisection's commits) links it before the first game, so a kill never leaves it untagged.
    std::int64_t run_id() const;

    struct State;  // internal: tournament_state.h

private:
    std::unique_ptr<State> state_;
};

// Opens the opening book of `config`, if any, as a run would, for a caller that checks its inputs
// before it stores anything; throws what the constructor throws for it (the file and line named).
void check_openings(const config::MatchConfig& config);

}  // namespace arbiter::runner
