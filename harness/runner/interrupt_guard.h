#pragma once
// SIGINT, SIGTERM and SIGHUP as a flag that a run polls between games. Armed for the duration of
// one command (match, ladder); the previous handlers come back when the guard goes. SIGHUP (the
// terminal or ssh session went away) stops the run like SIGTERM instead of killing the process
// with the run left marked running; under nohup it stays ignored.

#include <atomic>
#include <csignal>

namespace arbiter::runner {

class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // Set to 1 once a signal arrived; the run aborts games in flight and stops.
    const std::atomic<int>* flag() const;

private:
    struct sigaction old_int_ {};
    struct sigaction old_term_ {};
    struct sigaction old_hup_ {};
};

}  // namespace arbiter::runner
