#include "harness/runner/engine_probe.h"

#include <memory>
#include <string>
#include <thread>

#include "harness/process/process_types.h"
#include "harness/protocol/engine_client.h"

#include "harness/config/match_config.h"
#include "harness/game/search_limits.h"

namespace arbiter::runner {
namespace {

struct Probe {
    std::string failure;  // empty when the engine started
    // Configured, not declared. Shared with the client's callback, which outlives the probe when
    // its process is kept for a game.
    std::shared_ptr<std::vector<std::string>> unknown_options = std::make_shared<std::vector<std::string>>();
    std::unique_ptr<protocol::EngineClient> client;  // after the probe: the process kept running, if any
    bool keep = false;
};

// A game slot keeps a UCI process from game to game unless restart=on; such a process may
// as well be the one the check started.
bool may_serve_a_game(const PreparedEngine& engine) {
    return engine.client.protocol == protocol::Protocol::Uci && !engine.restart_every_game;
}

// On the calling thread, which lives on: a process to keep is spawned here (process
// ownership follows the spawning thread, see EngineClient::spawn).
Probe prepare_probe(const PreparedEngine& engine, bool keep_running) {
    Probe probe;
    protocol::EngineConfig client_config = engine.client;
    client_config.on_unknown_option = [unknown = probe.unknown_options](const std::string& option) {
        unknown->push_back(option);
    };
    probe.keep = keep_running && may_serve_a_game(engine);
    try {
        probe.client = protocol::make_engine_client(client_config);
        if (probe.keep) probe.client->spawn();
    } catch (const std::exception& error) {  // ProcessError
        probe.failure = error.what();
    }
    return probe;
}

// Starts the engine with its options set, and quits it again unless it is kept.
void run_probe(const PreparedEngine& engine, Probe& probe) {
    if (!probe.failure.empty()) return;
    try {
        probe.client->start();  // handshake, init strings, every configured option checked and sent
        // UCI engines take their limits with each `go`, and a probe's ucinewgame would count
        // as a game for engines that count them.
        if (engine.client.protocol == protocol::Protocol::Xboard) {
            probe.client->new_game(game::announced_time_control(engine.time_control));
            const tc::GameClock clock(engine.time_control, engine.time_control);
            probe.client->check_limits(game::search_request(clock.go_limits(chess::WHITE)));
        }
        if (probe.keep) return;
    } catch (const std::exception& error) {  // EngineFailure, ProcessError, OptionError
        probe.failure = error.what();
    }
    probe.client->quit();
    probe.client.reset();
}

std::string engine_where(const std::vector<PreparedEngine>& engines, std::size_t i) {
    return "-engine #" + std::to_string(i + 1) + " (" + engines[i].name + ")";
}

}  // namespace

ProbedProcesses::~ProbedProcesses() {
    for (auto& client : clients_)
        if (client) client->quit();
}

std::unique_ptr<protocol::EngineClient> ProbedProcesses::take(std::size_t engine_index) {
    std::lock_guard lock(mutex_);
    if (engine_index >= clients_.size()) return nullptr;
    return std::move(clients_[engine_index]);
}

void ProbedProcesses::keep(std::size_t engine_index, std::unique_ptr<protocol::EngineClient> client) {
    std::lock_guard lock(mutex_);
    if (clients_.size() <= engine_index) clients_.resize(engine_index + 1);
    if (clients_[engine_index]) clients_[engine_index]->quit();
    clients_[engine_index] = std::move(client);
}

std::vector<std::string> check_engines_start(const std::vector<PreparedEngine>& engines, bool strict,
                                             ProbedProcesses* keep) {
    std::vector<Probe> probes;
    for (const auto& engine : engines) probes.push_back(prepare_probe(engine, keep != nullptr));
    {
        std::vector<std::jthread> threads;
        for (std::size_t i = 0; i < engines.size(); ++i)
            threads.emplace_back([&engines, &probes, i] { run_probe(engines[i], probes[i]); });
    }  // jthreads join here
    // Kept before any throw below, so that every started process is quit by its owner.
    if (keep)
        for (std::size_t i = 0; i < engines.size(); ++i)
            if (probes[i].client) keep->keep(i, std::move(probes[i].client));
    std::vector<std::string> warnings;
    for (std::size_t i = 0; i < engines.size(); ++i) {
        if (!probes[i].failure.empty()) throw config::ConfigError(engine_where(engines, i), probes[i].failure);
        for (const auto& option : *probes[i].unknown_options) {
            // The words of both tools: "sf doesn't have option Foo".
            const std::string warning = engines[i].name + " doesn't have option " + option;
            if (strict) throw config::ConfigError(engine_where(engines, i), warning + " (an error under -strict)");
            warnings.push_back(warning);
        }
    }
    return warnings;
}

}  // namespace arbiter::runner
