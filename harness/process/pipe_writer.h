// Writing to a child's stdin without ever raising SIGPIPE and without blocking forever on a child
// that stopped reading.
#pragma once

#include <chrono>
#include <csignal>
#include <string_view>

namespace arbiter::process::detail {

enum class WriteOutcome { Written, BrokenPipe, TimedOut, Failed };

// `fd` must be non-blocking. SIGPIPE is blocked for the calling thread during the write and a
// SIGPIPE raised by it is consumed, so no process-wide signal disposition is touched.
WriteOutcome write_all(int fd, std::string_view data, std::chrono::steady_clock::time_point deadline);

sigset_t sigpipe_only();  // the signal set holding SIGPIPE alone

}  // namespace arbiter::process::detail

namespace arbiter::process {

// Keeps SIGPIPE blocked on the calling thread while alive, for a thread that writes to engines
// move after move: each write then makes no signal-mask call. Children spawned meanwhile start with
// an empty mask (spawn.cpp), so engines never inherit it.
class BlockSigpipe {
public:
    BlockSigpipe();
    ~BlockSigpipe();
    BlockSigpipe(const BlockSigpipe&) = delete;
    BlockSigpipe& operator=(const BlockSigpipe&) = delete;

private:
    sigset_t old_mask_{};
    bool was_held_ = false;  // an outer BlockSigpipe of this thread
};

}  // namespace arbiter::process
