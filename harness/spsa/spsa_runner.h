#pragma once
// `arbiter spsa`'s loop: checks the parameters against the engine's options, finds or creates the
// named run in the database and claims it (run_lock.h), continues at its first iteration without θ
// after (replaying a half-played one with its stored perturbation, its stored games kept), plays
// each iteration's pairs θ+ against θ− through the scheduler, stores θ after and prints the
// progress line, then the final values in every paste-back format.

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "harness/config/match_config.h"
#include "harness/spsa/parameter_file.h"
#include "harness/spsa/schedule.h"

namespace arbiter::spsa {

struct SpsaRequest {
    std::string name;  // the run's name in the database
    ParameterFile file;
    Constants constants;
    int iterations = 1;
    int pairs_per_iteration = 1;
    std::optional<std::uint64_t> seed;  // a new run's; unset: a random one (stored either way)
    config::MatchConfig match;          // engines[0] is the tuned engine; openings, limits, db, concurrency
    bool check_db_pages = true;
    bool live_progress = false;  // `out` is a terminal: one progress line rewritten in place
};

struct SpsaIo {
    std::ostream& out;
    std::ostream& err;
    const std::atomic<int>* interrupt = nullptr;
};

// 0: every iteration played; 1: a game run failed or the run was interrupted (re-run to resume);
// 2: bad input (an engine or book the scheduler refused, a stored run of that name with other
// settings, a run another process is playing). Throws ParameterFileError for a parameter the
// engine's options do not take (checked before anything is stored), db::DbError for a database
// that cannot be opened.
int run_spsa(const SpsaRequest& request, SpsaIo io);

}  // namespace arbiter::spsa
