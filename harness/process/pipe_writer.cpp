#include "harness/process/pipe_writer.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <ctime>

#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace arbiter::process::detail {

sigset_t sigpipe_only() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    return set;
}

namespace {

// Whether a `BlockSigpipe` of this thread is alive. It mirrors a per-thread kernel fact (the
// thread's signal mask), so it is per thread too: a match worker then writes a move with no mask
// call at all, where asking the kernel for the mask would cost a system call per write.
thread_local bool sigpipe_held_by_thread = false;

// Blocks SIGPIPE for this thread while alive; a SIGPIPE our write raised is consumed before the
// old mask comes back, so it is never delivered. A thread that keeps SIGPIPE blocked anyway (the
// match workers: `BlockSigpipe`) makes no mask call.
class ScopedSigpipeBlock {
public:
    ScopedSigpipeBlock() : pipe_set_(sigpipe_only()) {
        if (sigpipe_held_by_thread) {
            was_blocked_ = true;
            return;
        }
        pthread_sigmask(SIG_BLOCK, &pipe_set_, &old_mask_);
        was_blocked_ = sigismember(&old_mask_, SIGPIPE) == 1;
    }
    ~ScopedSigpipeBlock() {
        if (raised_) {
            // Signals of one number do not queue: this takes ours, merged with any that was
            // already pending on a thread that blocks SIGPIPE.
            const timespec zero{};
            while (sigtimedwait(&pipe_set_, nullptr, &zero) < 0 && errno == EINTR) {}
        }
        if (!was_blocked_) pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
    }
    ScopedSigpipeBlock(const ScopedSigpipeBlock&) = delete;
    ScopedSigpipeBlock& operator=(const ScopedSigpipeBlock&) = delete;

    void note_raised() { raised_ = true; }

private:
    const sigset_t pipe_set_;
    sigset_t old_mask_{};
    bool was_blocked_ = false;
    bool raised_ = false;
};

int remaining_ms(std::chrono::steady_clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    return static_cast<int>(std::clamp<long long>(left.count(), 0, 60'000));
}

// Waits until the pipe has room; false on timeout or error.
bool wait_writable(int fd, std::chrono::steady_clock::time_point deadline) {
    for (;;) {
        pollfd pfd{fd, POLLOUT, 0};
        const int timeout = remaining_ms(deadline);
        const int rc = ::poll(&pfd, 1, timeout);
        if (rc > 0) return true;  // POLLERR/POLLHUP included: the next write() reports them
        if (rc < 0 && errno == EINTR) continue;
        if (rc == 0 && timeout > 0) continue;  // clamped wait ended early; deadline not reached
        return false;
    }
}

}  // namespace

WriteOutcome write_all(int fd, std::string_view data, std::chrono::steady_clock::time_point deadline) {
    ScopedSigpipeBlock block;
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n >= 0) {
            data.remove_prefix(static_cast<std::size_t>(n));
            continue;
        }
        if (errno == EINTR) continue;
        if (errno == EPIPE) {
            block.note_raised();
            return WriteOutcome::BrokenPipe;
        }
        if (errno != EAGAIN) return WriteOutcome::Failed;
        if (!wait_writable(fd, deadline)) return WriteOutcome::TimedOut;
    }
    return WriteOutcome::Written;
}

}  // namespace arbiter::process::detail

namespace arbiter::process {

BlockSigpipe::BlockSigpipe() : was_held_(detail::sigpipe_held_by_thread) {
    const sigset_t pipe_set = detail::sigpipe_only();
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_mask_);
    detail::sigpipe_held_by_thread = true;
}

BlockSigpipe::~BlockSigpipe() {
    // A SIGPIPE still pending here was raised by a write that did not consume it: drop it rather
    // than let the old mask deliver it.
    const sigset_t pipe_set = detail::sigpipe_only();
    if (sigismember(&old_mask_, SIGPIPE) != 1) {
        const timespec zero{};
        while (sigtimedwait(&pipe_set, nullptr, &zero) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
    detail::sigpipe_held_by_thread = was_held_;
}

}  // namespace arbiter::process
