#pragma once
// Starts every engine of a run once before the run is written to the database. An engine that
// cannot be run, does not complete its protocol's handshake, lacks an option the configuration
// sets, cannot play the variant or refuses its search limit (an xboard engine answering `sd` with
// "Illegal move") is then reported as bad input naming the engine, instead of failing the first game after
// the run's rows, the output files and perhaps games of other pairings were written.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "harness/protocol/engine_client.h"
#include "harness/runner/engine_setup.h"

namespace arbiter::runner {

// The processes the start-up check left running, one per engine at most, so that the first game
// slot of each engine plays with it instead of starting the same program a second time (a
// quarter second of start-up and an engine's initialisation per run, which short matches notice).
// Only processes a game slot would keep are left running: UCI engines without restart=on.
// Whatever no slot takes is quit when this is destroyed.
class ProbedProcesses {
public:
    ProbedProcesses() = default;
    ~ProbedProcesses();
    ProbedProcesses(const ProbedProcesses&) = delete;
    ProbedProcesses& operator=(const ProbedProcesses&) = delete;

    // The running process of engine `engine_index`, or null; each is handed out once. Thread-safe.
    std::unique_ptr<protocol::EngineClient> take(std::size_t engine_index);
    void keep(std::size_t engine_index, std::unique_ptr<protocol::EngineClient> client);

private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<protocol::EngineClient>> clients_;
};

// Starts all engines at once (a handshake timeout is paid once, not per engine) and quits them.
// Throws config::ConfigError("-engine #N (name)", the engine's failure) for the first engine, in
// engine order, that did not start. An option an engine does not declare is skipped, as
// cutechess-cli and fastchess skip it, and comes back as a warning, "NAME doesn't have option X",
// in engine order; with `strict` (fastchess's -strict) it is that ConfigError instead.
// With `keep`, the processes that started and may serve a game are left running in it.
std::vector<std::string> check_engines_start(const std::vector<PreparedEngine>& engines, bool strict,
                                             ProbedProcesses* keep = nullptr);

}  // namespace arbiter::runner
