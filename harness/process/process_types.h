// Value types shared by the process layer: what to start, what comes back, how it ended.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::process {

using Clock = std::chrono::steady_clock;

class CappedLog;

// Thrown for anything that stops us from starting or talking to a child; the message always names
// the executable so a tournament log points straight at the misconfigured engine.
class ProcessError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ProcessSpec {
    // Absolute/relative path, or a bare name looked up in PATH (like a shell would).
    std::string executable;
    std::vector<std::string> arguments;
    // Empty: inherit ours. Must exist otherwise (checked before spawning).
    std::filesystem::path working_directory;
    // Variables set (or overridden) on top of our own environment.
    std::vector<std::pair<std::string, std::string>> environment;
    // Where the child's stderr goes (opened for append, created if missing). Empty: /dev/null.
    std::filesystem::path stderr_log;
    // When set, the child's stderr goes through a pipe into this log instead, which caps its size
    // (harness/process/capped_log.h); copies of the spec share it, so every process of an engine shares the cap.
    std::shared_ptr<CappedLog> stderr_capped_log;
    // Lines longer than this are cut (the rest of the line is dropped) so one runaway line
    // cannot exhaust memory.
    std::size_t max_line_bytes = std::size_t{1} << 20;
    // CPUs the child may run on (sched_setaffinity before exec, so every thread it starts inherits
    // them); empty: ours.
    std::vector<int> cpu_affinity;
};

struct OutputLine {
    std::string text;            // without the line terminator ("\n" or "\r\n")
    Clock::time_point received;  // when the bytes came out of read(), not when popped
    bool truncated = false;      // longer than max_line_bytes
};

// When a line went into the child's stdin. `flushed` is the usual reference for timing the child's
// reply; `began` (before the write syscall) is the causal lower bound: a busy host can deschedule
// us inside write() while the woken child already runs, so only `began` is guaranteed to precede
// anything the child does in response.
struct WriteStamp {
    Clock::time_point began;
    Clock::time_point flushed;
};

struct ExitStatus {
    bool signaled = false;  // killed by a signal (then `signal` is set), else exited with `code`
    int code = 0;
    int signal = 0;

    bool clean() const { return !signaled && code == 0; }
    std::string describe() const;  // "exited with code 0" / "killed by signal 9 (Killed)"
};

}  // namespace arbiter::process
