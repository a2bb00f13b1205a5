// ReadWatchdog: an enrolled thread waits for engines asleep in read() and still keeps its
// deadlines, sees output at once, and never gets a stray EINTR in a later system call.
#include "tests/protocol/test_support.h"
#include "tests/support/pipe_pair.h"

#include "harness/process/child_process.h"
#include "harness/process/read_watchdog.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <thread>

#include <unistd.h>

using arbiter::process::ChildProcess;
using arbiter::process::Clock;
using arbiter::process::ReadWatchdog;
using arbiter::process::detail::enrolled_alarm;
using namespace std::chrono_literals;
using protocol_test::shell;

namespace {

using Pipe = test_support::PipePair;

// A blocking read of `pipe` that another thread feeds after `delay`: what read() returned, and errno.
std::pair<ssize_t, int> read_fed_later(Pipe& pipe, std::chrono::milliseconds delay) {
    std::thread feeder([&] {
        std::this_thread::sleep_for(delay);
        REQUIRE(::write(pipe.write_end, "x", 1) == 1);
    });
    char byte = 0;
    errno = 0;  // a successful read leaves it alone
    const ssize_t n = ::read(pipe.read_end, &byte, 1);
    const int error = errno;
    feeder.join();
    return {n, error};
}

}  // namespace

TEST_CASE("read watchdog: only an enrolled thread waits in read(), one enrolment at a time", "[integration][process]") {
    CHECK(enrolled_alarm() == nullptr);
    ReadWatchdog watchdog;
    {
        const ReadWatchdog::Enrolment enrolment(watchdog);
        CHECK(enrolled_alarm() != nullptr);
        CHECK_THROWS_AS(ReadWatchdog::Enrolment(watchdog), std::logic_error);
        std::thread other([] { CHECK(enrolled_alarm() == nullptr); });
        other.join();
    }
    CHECK(enrolled_alarm() == nullptr);
}

TEST_CASE("read watchdog: a deadline too near to block for is left to ppoll", "[integration][process]") {
    ReadWatchdog watchdog(10ms);
    const ReadWatchdog::Enrolment enrolment(watchdog);
    auto& alarm = *enrolled_alarm();
    // Interrupted 20 ms (two ticks) before the deadline, up to a tick late: 30 ms is the least.
    CHECK_FALSE(alarm.arm(Clock::now() + 25ms));
    CHECK_FALSE(alarm.arm(Clock::now() - 1s));
    REQUIRE(alarm.arm(Clock::now() + 200ms));
    alarm.disarm();
    REQUIRE(alarm.arm(Clock::time_point::max()));
    alarm.disarm();
}

TEST_CASE("read watchdog: a silent engine still times out at its deadline, not before", "[integration][process]") {
    ReadWatchdog watchdog(10ms);
    const ReadWatchdog::Enrolment enrolment(watchdog);
    ChildProcess child(shell("exec sleep 30"));
    for (const auto wait : {300ms, 40ms, 5ms}) {
        const auto before = Clock::now();
        CHECK_FALSE(child.read_line(wait));
        const auto waited = Clock::now() - before;
        CHECK(waited >= wait);
        CHECK(waited < wait + 2s);  // a hang, not a measurement: the bound is generous on purpose
    }
    CHECK_FALSE(child.output_closed());
}

TEST_CASE("read watchdog: lines and EOF wake a reader blocked in read()", "[integration][process]") {
    ReadWatchdog watchdog(10ms);
    const ReadWatchdog::Enrolment enrolment(watchdog);
    ChildProcess child(shell("sleep 0.1; echo first; sleep 0.1; printf 'last'; exit 3"));
    auto first = child.read_line(10s);
    REQUIRE(first);
    CHECK(first->text == "first");
    auto last = child.read_line(Clock::time_point::max());  // no deadline: only the output ends it
    REQUIRE(last);
    CHECK(last->text == "last");
    CHECK_FALSE(child.read_line(10s));
    CHECK(child.output_closed());
}

TEST_CASE("read watchdog: a signal sent before the read began is sent again", "[integration][process]") {
    ReadWatchdog watchdog(10ms);
    const ReadWatchdog::Enrolment enrolment(watchdog);
    auto& alarm = *enrolled_alarm();
    REQUIRE(alarm.arm(Clock::now() + 60ms));
    // The alarm rings while this thread sleeps, not in read(): that signal is spent here.
    std::this_thread::sleep_for(200ms);
    Pipe pipe;
    // The next tick's signal ends the read; without it the byte written after 10 s would.
    const auto [n, error] = read_fed_later(pipe, 10s);
    alarm.disarm();
    CHECK(n == -1);
    CHECK(error == EINTR);
}

TEST_CASE("read watchdog: no signal reaches a system call after the alarm is disarmed", "[integration][process]") {
    ReadWatchdog watchdog(10ms);
    const ReadWatchdog::Enrolment enrolment(watchdog);
    auto& alarm = *enrolled_alarm();
    for (int round = 0; round < 20; ++round) {
        // Due 15 ms from now, rung at the first tick after: disarmed on either side of the ring.
        REQUIRE(alarm.arm(Clock::now() + 35ms));
        std::this_thread::sleep_for(std::chrono::milliseconds(10 + round));
        alarm.disarm();
        Pipe pipe;
        const auto [n, error] = read_fed_later(pipe, 40ms);  // past every tick that could ring
        CHECK(n == 1);
        CHECK(error == 0);
    }
}
