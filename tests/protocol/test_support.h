// Helpers shared by the protocol tests: shell-script children, engine paths, fd counting.
#pragma once

#include "harness/process/process_types.h"
#include "harness/protocol/engine_config.h"

#include <filesystem>
#include <string>

namespace protocol_test {

inline arbiter::process::ProcessSpec program(const std::string& executable) {
    arbiter::process::ProcessSpec spec;
    spec.executable = executable;
    return spec;
}

inline arbiter::process::ProcessSpec shell(const std::string& script) {
    arbiter::process::ProcessSpec spec;
    spec.executable = "/bin/sh";
    spec.arguments = {"-c", script};
    return spec;
}

inline std::size_t open_fd_count() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) ++count;
    return count;
}

inline bool have(const char* path) { return std::filesystem::exists(path); }

// A protocol script run by /bin/sh as a fake engine.
inline arbiter::protocol::EngineConfig fake_engine(const std::string& name, arbiter::protocol::Protocol protocol,
                                                   const std::string& script) {
    arbiter::protocol::EngineConfig config;
    config.name = name;
    config.protocol = protocol;
    config.process = shell(script);
    config.handshake_timeout = std::chrono::milliseconds(1000);
    config.feature_timeout = std::chrono::milliseconds(300);
    config.ready_timeout = std::chrono::milliseconds(1000);
    config.stop_grace = std::chrono::milliseconds(300);
    config.quit_grace = std::chrono::milliseconds(200);
    return config;
}

}  // namespace protocol_test
