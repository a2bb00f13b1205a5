#include "harness/scheduler/engine_probe.h"

#include <memory>
#include <string>
#include <thread>

#include "harness/process/process_types.h"
#include "harness/protocol/engine_client.h"

#include "harness/config/match_config.h"

namespace arbiter::scheduler {
namespace {

// Empty when the engine started, with its options set, and quit again.
std::string probe_one(const PreparedEngine& engine) {
    std::unique_ptr<protocol::EngineClient> client;
    try {
        client = protocol::make_engine_client(engine.client);
        client->start();  // handshake, init strings, every configured option checked and sent
        client->quit();
        return {};
    } catch (const std::exception& error) {  // EngineFailure, ProcessError, OptionError
        if (client) client->quit();
        return error.what();
    }
}

}  // namespace

void check_engines_start(const std::vector<PreparedEngine>& engines) {
    std::vector<std::string> failures(engines.size());
    {
        std::vector<std::jthread> probes;
        for (std::size_t i = 0; i < engines.size(); ++i)
            probes.emplace_back([&engines, &failures, i] { failures[i] = probe_one(engines[i]); });
    }  // jthreads join here
    for (std::size_t i = 0; i < engines.size(); ++i)
        if (!failures[i].empty())
            throw config::ConfigError("-engine #" + std::to_string(i + 1) + " (" + engines[i].name + ")", failures[i]);
}

}  // namespace arbiter::scheduler
