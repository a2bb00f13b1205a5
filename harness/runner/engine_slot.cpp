#include "harness/runner/engine_slot.h"

#include "harness/process/process_types.h"
#include "harness/protocol/xboard_client.h"

#include "harness/game/search_limits.h"

namespace arbiter::runner {

EngineSlot::~EngineSlot() { shutdown(); }

void EngineSlot::shutdown() {
    if (client_) client_->quit();
    client_.reset();
}

bool EngineSlot::wants_new_process() const {
    if (!client_ || needs_restart_ || !client_->status().ok()) return true;
    if (engine_->restart_every_game) return true;
    // xboard engines that announce reuse=0 want a fresh process for every game.
    if (auto* xboard = dynamic_cast<const protocol::XboardClient*>(client_.get())) return !xboard->features().reuse;
    return false;
}

void EngineSlot::start_fresh() {
    if (client_) {
        client_->quit();
        ++restarts_;
    } else {
        protocol::EngineConfig config = engine_->client;
        config.process.cpu_affinity = extras_.cpus;
        client_ = protocol::make_engine_client(config);
    }
    if (extras_.tap && extras_.tap->active()) {
        client_->set_traffic_observer(extras_.tap->observer_for(engine_->name));
        extras_.tap->trace("Starting engine " + engine_->name + " (" + engine_->client.process.executable + ")" +
                           (extras_.cpus.empty() ? "" : " on CPU " + config::cpu_list_text(extras_.cpus)));
    }
    needs_restart_ = false;
    try {
        client_->start();
    } catch (const protocol::EngineFailure& failure) {
        needs_restart_ = true;
        throw EngineUnavailable(failure.what());
    } catch (const process::ProcessError& error) {
        needs_restart_ = true;
        throw EngineUnavailable(error.what());
    }
}

protocol::EngineClient& EngineSlot::ready_for_game() {
    const protocol::TimeControl announced = game::announced_time_control(engine_->time_control);
    // Two attempts: an engine that dies between games (or never answered its last stop) gets one
    // fresh process before the run gives up on it.
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt > 0 || wants_new_process()) start_fresh();
        try {
            client_->new_game(announced);
            return *client_;
        } catch (const protocol::EngineFailure& failure) {
            if (attempt == 1) throw EngineUnavailable(failure.what());
        }
    }
    throw EngineUnavailable("engine " + engine_->name + " is not ready");
}

}  // namespace arbiter::runner
