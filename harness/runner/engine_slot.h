#pragma once
// One worker's process of one engine. The worker owns it for the whole run and reuses it from game
// to game; it may be handed one already running, else it is (re)started lazily before a game when it is not running yet, crashed, stalled,
// asked for a fresh process (restart=on, xboard reuse=0), or fails to take a new game.

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/protocol/engine_client.h"

#include "harness/runner/engine_setup.h"
#include "harness/runner/engine_tap.h"

namespace arbiter::runner {

// The engine could not be made ready for a game even after a restart: the run cannot continue.
class EngineUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What a worker adds to its engines: the CPUs they may run on (-use-affinity) and the tap that sees
// their lines (-debug, -log); both optional.
struct SlotExtras {
    std::vector<int> cpus;
    EngineTap* tap = nullptr;
};

class EngineSlot {
public:
    // `running`: a process of this engine already started with its options (the start-up check's),
    // which the first game plays with.
    explicit EngineSlot(const PreparedEngine& engine, SlotExtras extras = {},
                        std::unique_ptr<protocol::EngineClient> running = nullptr)
        : engine_(&engine), extras_(std::move(extras)), client_(std::move(running)) {}
    ~EngineSlot();
    EngineSlot(EngineSlot&&) noexcept = default;
    EngineSlot& operator=(EngineSlot&&) noexcept = default;

    // Starts or restarts the process as needed and sends new_game. Throws EngineUnavailable with
    // the engine's own explanation, or protocol::OptionError for a bad option (configuration).
    protocol::EngineClient& ready_for_game();
    // The last game left the engine in a state it should not continue from.
    void mark_failed() { needs_restart_ = true; }
    void shutdown();
    int restarts() const { return restarts_; }

private:
    void start_fresh();
    bool wants_new_process() const;

    const PreparedEngine* engine_;
    SlotExtras extras_;
    std::unique_ptr<protocol::EngineClient> client_;
    bool needs_restart_ = false;
    int restarts_ = 0;
};

}  // namespace arbiter::runner
