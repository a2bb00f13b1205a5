#pragma once
// Where the lines exchanged with engines go besides the protocol clients: cutechess-cli's -debug
// prints each one as "<ms since the start> >name(instance): line" (sent) or "<ms> <name(instance):
// line" (received), and fastchess's -log engine=true records them; -log level=trace also gets a
// record when each engine process starts. `instance` numbers engine processes in the order they
// start, from 0, as cutechess numbers its engine objects.

#include <atomic>
#include <chrono>
#include <functional>
#include <string>

#include "harness/protocol/types.h"
#include "harness/runlog/run_log.h"

namespace arbiter::runner {

class EngineTap {
public:
    // Prints one -debug line; the caller serializes it with the run's other output. Empty: no -debug.
    using DebugPrinter = std::function<void(const std::string&)>;

    EngineTap(DebugPrinter debug_printer, runlog::RunLog* log, std::chrono::steady_clock::time_point start);

    // Something to observe: -debug, engine lines for the log, or trace records.
    bool active() const;
    // The observer of a new engine process of `name`; call once per process started.
    protocol::TrafficObserver observer_for(const std::string& name);
    // A trace record for the log (engine starts, games), when the log keeps trace.
    void trace(const std::string& message) const;

private:
    void observe(const std::string& label, const std::string& name, protocol::TrafficDirection direction,
                 std::string_view line, protocol::Clock::time_point when) const;

    DebugPrinter debug_printer_;
    runlog::RunLog* log_;
    std::chrono::steady_clock::time_point start_;
    std::atomic<int> next_instance_{0};
};

}  // namespace arbiter::runner
