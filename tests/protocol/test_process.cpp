// ChildProcess against /bin/sh scripts that misbehave in the ways engines do.
#include "tests/protocol/test_support.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "tests/support/wait_until.h"

#include "harness/process/child_process.h"
#include "harness/process/pipe_writer.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <csignal>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <limits.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using arbiter::process::ChildProcess;
using arbiter::process::Clock;
using arbiter::process::ProcessError;
using arbiter::process::ProcessSpec;
using namespace std::chrono_literals;
using protocol_test::open_fd_count;
using protocol_test::program;
using protocol_test::shell;

namespace {

// The pid is ours no more: waitpid must say "no such child" (reaped), not return 0 (zombie).
bool fully_reaped(pid_t pid) {
    int status = 0;
    return ::waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD;
}

// Processes in group `pgid` that are not zombies, from /proc/<pid>/stat ("pid (comm) S ppid pgrp").
int live_group_members(pid_t pgid) {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream stat(entry.path() / "stat");
        std::string content;
        if (!std::getline(stat, content)) continue;
        const auto close = content.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(content.substr(close + 1));
        char state = 0;
        long ppid = 0, group = 0;
        fields >> state >> ppid >> group;
        if (group == pgid && state != 'Z' && state != 'X') ++count;
    }
    return count;
}

// True once `pid`'s stdout pipe has no room for another write: nobody drains it, the child blocks.
bool stdout_pipe_full(pid_t pid) {
    // A second read end on the same pipe, opened through /proc, only to ask how much it holds.
    const int pipe = ::open(("/proc/" + std::to_string(pid) + "/fd/1").c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (pipe < 0) return false;
    int queued = 0;
    const int capacity = ::fcntl(pipe, F_GETPIPE_SZ);
    const bool full = ::ioctl(pipe, FIONREAD, &queued) == 0 && capacity > 0 && queued + PIPE_BUF > capacity;
    ::close(pipe);
    return full;
}

}  // namespace

TEST_CASE("process: lines round-trip through cat", "[integration][process]") {
    ChildProcess child(program("cat"));  // bare name: found through PATH
    CHECK(child.executable() == "/usr/bin/cat");
    const auto written = child.write_line("hello engine");
    CHECK(written.flushed >= written.began);
    auto line = child.read_line(2s);
    REQUIRE(line);
    CHECK(line->text == "hello engine");
    // Only the pre-write reading is causally before the echo: on a busy host the woken child
    // may run (and answer) before write() returns to us.
    CHECK(line->received >= written.began);
    CHECK(child.is_running());
}

TEST_CASE("process: a child that never answers times out on schedule", "[integration][process]") {
    ChildProcess child(shell("exec sleep 30"));
    const auto before = Clock::now();
    CHECK_FALSE(child.read_line(150ms));
    const auto waited = Clock::now() - before;
    CHECK(waited >= 150ms);
    CHECK(waited < 1s);
    CHECK_FALSE(child.output_closed());

    const pid_t pid = child.pid();
    const auto exit = child.terminate(50ms);
    CHECK(exit.signaled);
    CHECK(exit.signal == SIGKILL);
    CHECK(fully_reaped(pid));
}

TEST_CASE("process: a child that exits immediately reports EOF and its code", "[integration][process]") {
    ChildProcess child(shell("echo bye; exit 3"));
    auto line = child.read_line(2s);
    REQUIRE(line);
    CHECK(line->text == "bye");
    const auto before = Clock::now();
    CHECK_FALSE(child.read_line(5s));  // EOF ends the wait at once, not at the deadline
    CHECK(Clock::now() - before < 1s);
    CHECK(child.output_closed());
    auto exit = child.wait_for_exit(2s);
    REQUIRE(exit);
    CHECK_FALSE(exit->signaled);
    CHECK(exit->code == 3);
    CHECK_FALSE(child.is_running());
    CHECK(fully_reaped(child.pid()));
}

TEST_CASE("process: floods of output are drained and bounded", "[integration][process]") {
    SECTION("megabytes of info lines before the answer") {
        ChildProcess child(
            shell("yes 'info depth 1 score cp 0 nodes 1 pv e2e4 e7e5 g1f3' | head -n 200000; echo bestmove e2e4"));
        std::size_t lines = 0;
        const auto deadline = Clock::now() + 10s;
        std::optional<arbiter::process::OutputLine> line;
        while ((line = child.read_line(deadline)) && line->text != "bestmove e2e4") ++lines;
        REQUIRE(line);
        CHECK(lines == 200000);
    }
    SECTION("an endless flood never blocks terminate") {
        ProcessSpec spec = shell("exec yes flood");  // nobody reads after the 1000th line: yes blocks
        ChildProcess child(spec);
        for (int i = 0; i < 1000; ++i) REQUIRE(child.read_line(2s));
        REQUIRE(test_support::wait_until([&] { return stdout_pipe_full(child.pid()); }, 10s));
        const auto before = Clock::now();
        child.terminate(0ms);
        CHECK(Clock::now() - before < 1s);
    }
    SECTION("an endless line without newline times out with bounded memory") {
        ProcessSpec spec = shell("exec cat /dev/zero");
        spec.max_line_bytes = 1 << 16;
        ChildProcess child(spec);
        CHECK_FALSE(child.read_line(200ms));  // ~GBs went through; only 64 KiB were kept
        CHECK_FALSE(child.output_closed());
    }
    SECTION("a very long line is cut, the next line survives") {
        ProcessSpec spec = shell("head -c 3000000 /dev/zero | tr '\\0' x; echo; echo after");
        spec.max_line_bytes = 1 << 20;
        ChildProcess child(spec);
        auto long_line = child.read_line(5s);
        REQUIRE(long_line);
        CHECK(long_line->truncated);
        CHECK(long_line->text.size() == (1u << 20));
        auto next = child.read_line(5s);
        REQUIRE(next);
        CHECK(next->text == "after");
        CHECK_FALSE(next->truncated);
    }
}

TEST_CASE("process: CRLF and a final line without newline", "[integration][process]") {
    ChildProcess child(shell("printf 'one\\r\\ntwo'"));
    auto one = child.read_line(2s);
    auto two = child.read_line(2s);
    REQUIRE(one);
    REQUIRE(two);
    CHECK(one->text == "one");
    CHECK(two->text == "two");
}

TEST_CASE("process: missing or unusable executables are named in the error", "[integration][process]") {
    CHECK_THROWS_WITH(ChildProcess(program("/nonexistent/dir/engine")),
                      Catch::Contains("/nonexistent/dir/engine") && Catch::Contains("not found"));
    CHECK_THROWS_WITH(ChildProcess(program("no-such-engine-xyz")),
                      Catch::Contains("no-such-engine-xyz") && Catch::Contains("PATH"));
    CHECK_THROWS_WITH(ChildProcess(program("/tmp")), Catch::Contains("is a directory"));

    const test_support::TempDir dir;
    const std::string plain = dir.write("not_executable", "#!/bin/sh\n");
    ::chmod(plain.c_str(), 0644);
    CHECK_THROWS_WITH(ChildProcess(program(plain)), Catch::Contains(plain) && Catch::Contains("not executable"));

    ProcessSpec bad_dir = program("/bin/sh");
    bad_dir.working_directory = "/nonexistent/workdir";
    CHECK_THROWS_AS(ChildProcess(bad_dir), ProcessError);
}

TEST_CASE("process: environment, working directory and stderr log", "[integration][process]") {
    const test_support::TempDir dir;
    const std::string log = dir.file("stderr.log");
    ProcessSpec spec = shell("echo \"$ARBITER_TEST_VAR\"; pwd; echo to-stderr >&2; echo done");
    spec.environment = {{"ARBITER_TEST_VAR", "value with spaces"}};
    spec.working_directory = "/usr";
    spec.stderr_log = log;
    {
        ChildProcess child(spec);
        CHECK(child.read_line(2s)->text == "value with spaces");
        CHECK(child.read_line(2s)->text == "/usr");
        CHECK(child.read_line(2s)->text == "done");
        child.wait_for_exit(2s);
    }
    CHECK(test_support::read_text(log) == "to-stderr\n");
}

namespace {

// A write to a child that has exited throws, and leaves no SIGPIPE pending on this thread.
void check_write_to_dead_child() {
    ChildProcess child(shell("exit 0"));
    REQUIRE(child.wait_for_exit(2s));
    CHECK_THROWS_AS(child.write_line("isready"), ProcessError);
    sigset_t pending;
    sigpending(&pending);
    CHECK_FALSE(sigismember(&pending, SIGPIPE));
}

}  // namespace

TEST_CASE("process: writing to a dead child throws instead of raising SIGPIPE", "[integration][process]") {
    check_write_to_dead_child();
}

namespace {

bool sigpipe_blocked_here() {
    sigset_t mask;
    pthread_sigmask(SIG_BLOCK, nullptr, &mask);
    return sigismember(&mask, SIGPIPE) == 1;
}

}  // namespace

TEST_CASE("process: a thread that keeps SIGPIPE blocked writes without raising it or passing it on",
          "[integration][process]") {
    REQUIRE_FALSE(sigpipe_blocked_here());
    {
        const arbiter::process::BlockSigpipe blocked;
        CHECK(sigpipe_blocked_here());
        ChildProcess dead(shell("exit 0"));
        REQUIRE(dead.wait_for_exit(2s));
        CHECK_THROWS_AS(dead.write_line("isready"), ProcessError);
        CHECK_THROWS_AS(dead.write_line("isready"), ProcessError);
        CHECK(sigpipe_blocked_here());  // each write left the thread's mask as it found it
        sigset_t pending;
        sigpending(&pending);
        CHECK_FALSE(sigismember(&pending, SIGPIPE));

        // An engine started from such a thread blocks nothing: SIGPIPE still ends it.
        ChildProcess child(shell("grep SigBlk /proc/self/status"));
        const auto line = child.read_line(5s);
        REQUIRE(line);
        CHECK(line->text == "SigBlk:\t0000000000000000");
    }
    CHECK_FALSE(sigpipe_blocked_here());
}

TEST_CASE("process: nested SIGPIPE guards restore the mask and the per-write block in order",
          "[integration][process]") {
    REQUIRE_FALSE(sigpipe_blocked_here());
    {
        const arbiter::process::BlockSigpipe outer;
        {
            const arbiter::process::BlockSigpipe inner;
            check_write_to_dead_child();
        }
        CHECK(sigpipe_blocked_here());  // the inner guard leaves the outer one's mask
        check_write_to_dead_child();    // and writes still consume what they raise
        CHECK(sigpipe_blocked_here());
    }
    CHECK_FALSE(sigpipe_blocked_here());
    // With no guard left the write blocks SIGPIPE itself again, and unblocks it after.
    check_write_to_dead_child();
    CHECK_FALSE(sigpipe_blocked_here());
}

TEST_CASE("process: terminate escalates past a child ignoring EOF and SIGTERM", "[integration][process]") {
    // The shell says "armed" once its trap is set, so SIGTERM never arrives before it is ignored.
    ChildProcess child(shell("trap '' TERM; echo armed; while :; do sleep 1; done"));
    const auto armed = child.read_line(5s);
    REQUIRE(armed);
    REQUIRE(armed->text == "armed");
    const pid_t pid = child.pid();
    const auto before = Clock::now();
    const auto exit = child.terminate(50ms, 50ms);
    CHECK(Clock::now() - before < 1s);
    CHECK(exit.signaled);
    CHECK(exit.signal == SIGKILL);
    CHECK(fully_reaped(pid));
    // The whole group (the shell's `sleep` too) got SIGKILL. The orphaned sleep is reaped by
    // init whenever init gets to it, so look for living members rather than for the group.
    test_support::wait_until([&] { return live_group_members(pid) == 0; }, 1s);
    CHECK(live_group_members(pid) == 0);
}

TEST_CASE("process: a polite child exits on stdin EOF within the grace period", "[integration][process]") {
    ChildProcess child(program("/bin/cat"));
    const auto exit = child.terminate(2s);
    CHECK(exit.clean());
}

TEST_CASE("process: 50 spawn/kill cycles leak no descriptors and no zombies", "[integration][process]") {
    { ChildProcess warm_up(program("/bin/cat")); }  // lazily opened libc/boost fds
    const std::size_t fds_before = open_fd_count();
    std::vector<pid_t> pids;
    for (int i = 0; i < 50; ++i) {
        ChildProcess child(i % 2 == 0 ? program("/bin/cat") : shell("exec sleep 30"));
        pids.push_back(child.pid());
        if (i % 2 == 0) {
            child.write_line("ping");
            REQUIRE(child.read_line(2s));
        }
        if (i % 3 == 0) child.terminate(0ms);  // explicit; otherwise the destructor does it
    }
    CHECK(open_fd_count() == fds_before);
    for (const pid_t pid : pids) CHECK(fully_reaped(pid));
}

TEST_CASE("process: children do not inherit each other's pipes", "[integration][process]") {
    // If the second child kept a copy of the first one's stdin pipe, cat #1 would never see EOF.
    ChildProcess first(program("/bin/cat"));
    ChildProcess second(program("/bin/cat"));
    first.close_input();
    CHECK(first.wait_for_exit(2s));
    CHECK(second.is_running());
}

TEST_CASE("process: moving a ChildProcess keeps one owner", "[integration][process]") {
    ChildProcess a(program("/bin/cat"));
    const pid_t pid = a.pid();
    ChildProcess b(std::move(a));
    b.write_line("x");
    CHECK(b.read_line(2s)->text == "x");
    ChildProcess c(program("/bin/cat"));
    const pid_t replaced = c.pid();
    c = std::move(b);  // kills and reaps c's original child
    CHECK(fully_reaped(replaced));
    CHECK(c.pid() == pid);
}
