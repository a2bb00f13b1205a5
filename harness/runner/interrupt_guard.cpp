#include "harness/runner/interrupt_guard.h"

namespace arbiter::runner {
namespace {

// The one piece of process-wide state: an async signal handler can reach nothing else. A
// lock-free atomic rather than volatile sig_atomic_t because the handler may run on any thread
// while the run's monitor reads it.
std::atomic<int> g_interrupted{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void note_interrupt(int) { g_interrupted.store(1); }

}  // namespace

InterruptGuard::InterruptGuard() {
    g_interrupted.store(0);
    struct sigaction action {};
    action.sa_handler = note_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
    // Under nohup SIGHUP is ignored, and must stay so: the run is meant to outlive the terminal.
    sigaction(SIGHUP, nullptr, &old_hup_);
    if (old_hup_.sa_handler != SIG_IGN) sigaction(SIGHUP, &action, nullptr);
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
    sigaction(SIGHUP, &old_hup_, nullptr);
}

const std::atomic<int>* InterruptGuard::flag() const { return &g_interrupted; }

}  // namespace arbiter::runner
