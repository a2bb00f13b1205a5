// Lets a game thread wait for its engine asleep in a blocking read() instead of ppoll() + read(),
// and still keep every deadline.
//
// Why: an engine's reply then reaches a reader already parked on the pipe, one system call per
// wake-up instead of two, and measured on depth-1 games that cut the runner's CPU per game by a
// tenth (bench/runner/README.md). c-chess-cli waits the same way.
//
// How: a thread that enrols gets an alarm. Before a blocking read the reader arms it with a wake
// time `lead` before its deadline; the watchdog's thread looks at every alarm each `tick` and
// signals (kWakeSignal, a handler without SA_RESTART) the threads whose wake time has passed, so
// their read() returns EINTR. The reader then waits out the rest with ppoll(), to the exact
// deadline. Deadlines nearer than lead + tick never block in read() at all.
//
// Races. A signal sent just before the reader enters read() is lost; the watchdog signals again at
// every tick while the alarm stays armed and due, so the wake-up comes one tick later at worst. A
// signal can never land in a later system call of the reader (a database write, a pipe write): the
// reader disarms with a compare-and-swap, waits while the watchdog is between deciding and
// signalling, and if any signal went out, takes its delivery (sched_yield) before going on.
#pragma once

#include "harness/process/process_types.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include <pthread.h>

namespace arbiter::process {

namespace detail {

// One enrolled thread's alarm. arm/disarm are called by that thread only; ring_if_due by the
// watchdog, under its lock.
class ReadAlarm {
public:
    ReadAlarm(pthread_t thread, std::chrono::nanoseconds lead, std::chrono::nanoseconds tick);

    // True: the caller may block in read() until `deadline` (Clock::time_point::max() for none);
    // false: the deadline is too near (or past) to be worth it: wait with ppoll().
    bool arm(Clock::time_point deadline);
    // Ends the arming. Returns once no signal of this alarm can still arrive.
    void disarm();

    void ring_if_due(std::int64_t now_ns);

private:
    // Idle; armed: the wake time (ns of Clock, at least 2; kNever for no deadline); kSignalling:
    // the watchdog is signalling; signalled and still armed: the wake time negated.
    static constexpr std::int64_t kIdle = 0;
    static constexpr std::int64_t kSignalling = -1;
    static constexpr std::int64_t kNever = INT64_MAX;

    std::atomic<std::int64_t> state_{kIdle};
    const pthread_t thread_;
    const std::chrono::nanoseconds lead_;
    const std::chrono::nanoseconds tick_;
};

// The calling thread's alarm, or null when it is not enrolled (then reads wait with ppoll()).
ReadAlarm* enrolled_alarm();

}  // namespace detail

class ReadWatchdog {
public:
    static constexpr std::chrono::milliseconds kDefaultTick{10};

    explicit ReadWatchdog(std::chrono::milliseconds tick = kDefaultTick);
    ~ReadWatchdog();  // stops and joins the watchdog's thread
    ReadWatchdog(const ReadWatchdog&) = delete;
    ReadWatchdog& operator=(const ReadWatchdog&) = delete;

    // While it lives, the constructing thread's engine reads may block in read() (one enrolment
    // per thread at a time; it must end on the thread that made it, before the watchdog ends).
    class Enrolment {
    public:
        explicit Enrolment(ReadWatchdog& watchdog);
        ~Enrolment();
        Enrolment(const Enrolment&) = delete;
        Enrolment& operator=(const Enrolment&) = delete;

    private:
        ReadWatchdog& watchdog_;
        detail::ReadAlarm alarm_;
    };

private:
    void watch();

    const std::chrono::milliseconds tick_;
    std::mutex mutex_;
    std::condition_variable stopping_changed_;
    bool stopping_ = false;
    std::vector<detail::ReadAlarm*> alarms_;
    std::thread thread_;  // last: starts after everything above exists
};

}  // namespace arbiter::process
