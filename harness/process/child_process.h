// RAII handle to one child process with a pipe on stdin, a line queue on stdout and stderr sent to
// a log file. Every wait takes a deadline; nothing here can block forever on a misbehaving child.
//
// Not thread-safe: one owner thread calls everything; stdout is read by that thread while it waits
// in read_line (harness/process/line_reader.h). Destruction kills and reaps the child, stops the
// stderr pump and closes every descriptor.
#pragma once

#include "harness/process/process_types.h"

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <sys/types.h>

namespace arbiter::process {

class ChildProcess {
public:
    // Spawns immediately. Throws ProcessError naming the path when the executable is missing,
    // not executable, a directory, when the working directory is missing, or when exec fails.
    explicit ChildProcess(const ProcessSpec& spec);
    ~ChildProcess();

    ChildProcess(ChildProcess&&) noexcept;
    ChildProcess& operator=(ChildProcess&&) noexcept;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const;
    // The path actually executed (after PATH lookup).
    const std::string& executable() const;

    // Writes `line` plus '\n' in one write when possible. Returns steady_clock readings taken
    // right before the write and right after the last byte went into the pipe.
    // Throws ProcessError if the child closed its stdin (never raises SIGPIPE) or if the pipe
    // stays full for `timeout` (the child stopped reading).
    WriteStamp write_line(std::string_view line, std::chrono::milliseconds timeout = std::chrono::seconds(5));
    // Several lines, each plus '\n', in one write when possible: one wake-up of the child instead
    // of one per line (a UCI "position" and its "go" are read together).
    WriteStamp write_lines(std::span<const std::string_view> lines,
                           std::chrono::milliseconds timeout = std::chrono::seconds(5));

    // Next stdout line, or nullopt on deadline or when the output is closed and drained
    // (tell the two apart with output_closed()).
    std::optional<OutputLine> read_line(Clock::time_point deadline);
    std::optional<OutputLine> read_line(std::chrono::milliseconds timeout);
    // True once stdout reached EOF and every queued line has been read.
    bool output_closed() const;

    // Reaps the child if it has exited (so a dead engine never lingers as a zombie).
    bool is_running();
    // CPU time (user + system) the child has used so far; nullopt once reaped. Tells a hung
    // engine (CPU keeps growing, or none at all) from a starved one in timeout messages.
    std::optional<std::chrono::milliseconds> cpu_time() const;
    // Set once the child has been reaped.
    std::optional<ExitStatus> exit_status() const;
    // Waits up to `timeout` for the child to exit on its own; reaps it if it did.
    std::optional<ExitStatus> wait_for_exit(std::chrono::milliseconds timeout);

    // EOF on the child's stdin; most engines quit on it.
    void close_input();
    // Signals the child's whole process group (engines' helper processes included).
    void send_signal(int signal_number);

    // Closes stdin, waits `grace` for a voluntary exit, then SIGTERM and `term_grace` (skipped when
    // zero), then SIGKILL; always reaps and stops the reader. Idempotent.
    ExitStatus terminate(std::chrono::milliseconds grace,
                         std::chrono::milliseconds term_grace = std::chrono::milliseconds(0));

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::process
