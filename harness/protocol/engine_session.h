// Shared plumbing for the protocol clients: the child process, traffic logging, and turning I/O
// failures into one sticky EngineStatus with a message that names the engine.
#pragma once

#include "harness/process/child_process.h"
#include "harness/protocol/engine_config.h"
#include "harness/protocol/types.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace arbiter::protocol {

// "250 ms": how a timeout is named in the session's failure messages.
inline std::string ms_text(Millis ms) { return std::to_string(ms.count()) + " ms"; }

class EngineSession {
public:
    explicit EngineSession(EngineConfig config);

    const EngineConfig& config() const { return config_; }
    // "engine NAME" in messages: the configured name, else the executable.
    const std::string& label() const { return label_; }

    // Kills any previous process, clears the status and spawns. Throws process::ProcessError.
    void spawn();
    // As spawn(), unless the process was spawned and has not been used since (spawn_only).
    void spawn_unless_unused();
    void spawn_only() {
        spawn();
        unused_ = true;
    }
    bool running() const { return process_.has_value(); }

    // Writes one line; returns the clock readings around the write. On a broken pipe the status
    // becomes Crashed/Disconnected and EngineFailure is thrown. A line holding '\n' or '\r' is
    // never written: OptionError (a configuration mistake, not the engine's).
    process::WriteStamp send(std::string_view line);
    // Several lines in one write (see ChildProcess::write_lines); the observer sees each line.
    process::WriteStamp send(std::span<const std::string_view> lines);
    // Next line, or nullopt on deadline or end of output. After nullopt, failed() tells which.
    std::optional<process::OutputLine> read(Clock::time_point deadline);
    // Reads lines into `handle` until `done()`; false at the deadline or at the end of output. An
    // engine that writes faster than its lines are handled keeps its pipe readable, and a wait
    // that ended only on an empty pipe would never see its deadline (nor the run a stop request
    // between waits). So after the deadline the lines of one more read are handled (written in
    // time, read late because we were busy), and the next read ends the wait.
    bool pump_until(Clock::time_point deadline, const std::function<bool()>& done,
                    const std::function<void(const process::OutputLine&)>& handle);

    bool failed() const { return !status_.ok(); }
    // Records the first failure (later ones are consequences and would hide the cause).
    void fail(EngineError error, const std::string& message);
    // Records a Timeout: "<label> <what> (process alive, 40 ms CPU used)".
    void fail_timeout(const std::string& what);
    // Throws EngineFailure unless the engine is running and healthy.
    void require_healthy() const;
    [[noreturn]] void throw_status() const;

    // Sends `quit_command` (if non-empty), waits quit_grace, then SIGTERM (if allowed) and
    // SIGKILL; always reaps. Never throws.
    void shutdown(std::string_view quit_command, bool allow_sigterm);

    const EngineStatus& status() const { return status_; }
    std::optional<process::ExitStatus> exit_status() const;
    void set_observer(TrafficObserver observer) { observer_ = std::move(observer); }

private:
    void note_output_closed();
    std::string describe_death();

    EngineConfig config_;
    std::string label_;
    std::optional<process::ChildProcess> process_;
    std::optional<process::ExitStatus> last_exit_;
    EngineStatus status_;
    TrafficObserver observer_;
    bool unused_ = false;  // spawned by spawn_only and not started since
};

}  // namespace arbiter::protocol
