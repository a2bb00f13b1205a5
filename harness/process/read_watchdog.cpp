#include "harness/process/read_watchdog.h"

#include <algorithm>
#include <csignal>
#include <stdexcept>

#include <sched.h>

namespace arbiter::process {

namespace {

// SIGURG: ignored by default, so a stray one harms no thread; this process opens no sockets that
// could raise it for out-of-band data.
constexpr int kWakeSignal = SIGURG;

thread_local detail::ReadAlarm* current_alarm = nullptr;

std::int64_t nanoseconds_of(Clock::time_point when) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(when.time_since_epoch()).count();
}

// The handler only has to exist: its being there, without SA_RESTART, is what makes read() return
// EINTR. Installed once for the process and never removed (a later signal must not kill us).
void install_wake_handler() {
    static const bool installed = [] {
        struct sigaction action {};
        action.sa_handler = [](int) {};
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;
        if (::sigaction(kWakeSignal, &action, nullptr) != 0) throw std::runtime_error("sigaction(SIGURG) failed");
        return true;
    }();
    (void)installed;
}

}  // namespace

namespace detail {

ReadAlarm::ReadAlarm(pthread_t thread, std::chrono::nanoseconds lead, std::chrono::nanoseconds tick)
    : thread_(thread), lead_(lead), tick_(tick) {}

bool ReadAlarm::arm(Clock::time_point deadline) {
    std::int64_t wake = kNever;
    if (deadline != Clock::time_point::max()) {
        const Clock::time_point wake_at = deadline - lead_;
        // The watchdog rings up to a tick after the wake time: nearer than that, ppoll() is exact.
        if (wake_at - Clock::now() < tick_) return false;
        wake = std::max<std::int64_t>(nanoseconds_of(wake_at), 2);  // its negation must not be a step
    }
    state_.store(wake, std::memory_order_release);
    return true;
}

void ReadAlarm::disarm() {
    std::int64_t seen = state_.load(std::memory_order_acquire);
    for (;;) {
        if (seen == kSignalling) {  // the watchdog decided and is about to signal: let it finish
            ::sched_yield();
            seen = state_.load(std::memory_order_acquire);
            continue;
        }
        if (state_.compare_exchange_weak(seen, kIdle, std::memory_order_acq_rel)) break;
    }
    // A signal was sent (maybe twice: one may have ended the read and a second be pending). A
    // system call's return delivers what is pending here, harmlessly, rather than as an EINTR
    // inside whatever the thread calls next.
    if (seen < kIdle) ::sched_yield();
}

void ReadAlarm::ring_if_due(std::int64_t now_ns) {
    std::int64_t armed = state_.load(std::memory_order_acquire);
    if (armed == kIdle || armed == kSignalling || armed == kNever) return;
    const std::int64_t wake = armed > 0 ? armed : -armed;  // signalled before: its wake time, negated
    if (wake > now_ns) return;
    if (!state_.compare_exchange_strong(armed, kSignalling, std::memory_order_acq_rel)) return;
    ::pthread_kill(thread_, kWakeSignal);
    // Signalled, still armed: if this signal came before the reader entered read() and was lost,
    // the next tick signals again.
    state_.store(-wake, std::memory_order_release);
}

ReadAlarm* enrolled_alarm() { return current_alarm; }

}  // namespace detail

ReadWatchdog::ReadWatchdog(std::chrono::milliseconds tick) : tick_(tick) {
    install_wake_handler();
    thread_ = std::thread([this] { watch(); });
}

ReadWatchdog::~ReadWatchdog() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    stopping_changed_.notify_all();
    thread_.join();
}

void ReadWatchdog::watch() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        stopping_changed_.wait_for(lock, tick_);
        const std::int64_t now = nanoseconds_of(Clock::now());
        for (detail::ReadAlarm* alarm : alarms_) alarm->ring_if_due(now);
    }
}

ReadWatchdog::Enrolment::Enrolment(ReadWatchdog& watchdog)
    : watchdog_(watchdog), alarm_(::pthread_self(), 2 * watchdog.tick_, watchdog.tick_) {
    if (current_alarm != nullptr) throw std::logic_error("a thread enrols with one read watchdog at a time");
    // Threads inherit their creator's mask: make sure the wake-up can reach this one.
    sigset_t wake;
    sigemptyset(&wake);
    sigaddset(&wake, kWakeSignal);
    ::pthread_sigmask(SIG_UNBLOCK, &wake, nullptr);
    {
        std::lock_guard lock(watchdog_.mutex_);
        watchdog_.alarms_.push_back(&alarm_);
    }
    current_alarm = &alarm_;
}

ReadWatchdog::Enrolment::~Enrolment() {
    current_alarm = nullptr;
    // Under the lock the watchdog is not looking at this alarm, and after it never will.
    std::lock_guard lock(watchdog_.mutex_);
    std::erase(watchdog_.alarms_, &alarm_);
}

}  // namespace arbiter::process
