// The parts of a run that watch and place its engines without changing the games: -debug,
// -log engine=true and -use-affinity.
#include <algorithm>
#include <thread>

#include "harness/runlog/log_tee.h"
#include "harness/runner/tournament_state.h"

namespace arbiter::runner {

int Tournament::State::game_slots() const {
    if (config.concurrency > 0) return config.concurrency;
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void Tournament::State::set_up_diagnostics() {
    EngineTap::DebugPrinter debug_printer;
    if (config.debug) {
        // stderr, whichever tool's command line it is: cutechess-cli 1.4 mixes these lines into stdout, but scripts
        // parse stdout for results, and a debug line there can only get in their way.
        // The log records engine lines itself (-log engine=true), so these stay out of it.
        debug_printer = [this](const std::string& line) {
            std::lock_guard lock(mutex);
            runlog::write_unlogged(io.err, line + '\n');
        };
    }
    engine_tap = std::make_unique<EngineTap>(std::move(debug_printer), io.log, session_start);
    cpu_slots = std::make_unique<CpuSlots>(config, engines, game_slots(), io.err);
}

}  // namespace arbiter::runner
