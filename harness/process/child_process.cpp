#include "harness/process/child_process.h"

#include "harness/process/line_reader.h"
#include "harness/process/pipe_writer.h"
#include "harness/process/spawn.h"
#include "harness/process/stderr_pump.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include <sys/wait.h>

namespace arbiter::process {

using detail::LineReader;
using detail::UniqueFd;
using detail::WriteOutcome;

std::string ExitStatus::describe() const {
    if (signaled) return "killed by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
    if (code < 0) return "exit status unknown";
    return "exited with code " + std::to_string(code);
}

namespace {

ExitStatus decode_wait_status(int status) {
    ExitStatus exit;
    if (WIFEXITED(status)) {
        exit.code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        exit.signaled = true;
        exit.signal = WTERMSIG(status);
    } else {
        exit.code = -1;  // reaped elsewhere (ECHILD): the status is gone
    }
    return exit;
}

}  // namespace

struct ChildProcess::Impl {
    boost::process::child child;
    UniqueFd stdin_write;
    std::unique_ptr<LineReader> reader;
    std::unique_ptr<detail::StderrPump> stderr_pump;  // only with a capped stderr log
    std::string executable;
    pid_t pid = -1;
    std::optional<ExitStatus> exit;

    // running() both polls and reaps (waitpid WNOHANG) and records the raw status in the child
    // object, so Boost never calls kill() on a pid that might already have been reused.
    bool poll_running() {
        if (exit) return false;
        std::error_code ec;
        if (child.running(ec)) return true;
        exit = decode_wait_status(child.native_exit_code());
        return false;
    }

    void reap_blocking() {
        if (exit) return;
        std::error_code ec;
        child.wait(ec);
        exit = decode_wait_status(child.native_exit_code());
    }

    void signal_group(int signal_number) {
        if (exit) return;  // reaped: the pid may belong to someone else now
        // The child called setpgid before exec, and Boost returns only after exec, so the group
        // exists; fall back to the single pid anyway if it does not.
        if (::killpg(pid, signal_number) != 0) ::kill(pid, signal_number);
    }
};

ChildProcess::ChildProcess(const ProcessSpec& spec) : impl_(std::make_unique<Impl>()) {
    detail::SpawnedChild spawned = detail::spawn_child(spec);
    impl_->pid = spawned.child.id();
    impl_->child = std::move(spawned.child);
    impl_->stdin_write = std::move(spawned.stdin_write);
    impl_->executable = std::move(spawned.executable);
    impl_->reader = std::make_unique<LineReader>(std::move(spawned.stdout_read), spec.max_line_bytes);
    if (spawned.stderr_read.valid())
        impl_->stderr_pump =
            std::make_unique<detail::StderrPump>(std::move(spawned.stderr_read), spec.stderr_capped_log);
}

ChildProcess::~ChildProcess() {
    // The protocol layer quits politely before this; here we only guarantee nothing outlives us.
    if (impl_) terminate(std::chrono::milliseconds(0));
}

ChildProcess::ChildProcess(ChildProcess&&) noexcept = default;

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
    if (this != &other) {
        if (impl_) terminate(std::chrono::milliseconds(0));
        impl_ = std::move(other.impl_);
    }
    return *this;
}

pid_t ChildProcess::pid() const { return impl_->pid; }

const std::string& ChildProcess::executable() const { return impl_->executable; }

WriteStamp ChildProcess::write_line(std::string_view line, std::chrono::milliseconds timeout) {
    return write_lines(std::span<const std::string_view>(&line, 1), timeout);
}

WriteStamp ChildProcess::write_lines(std::span<const std::string_view> lines, std::chrono::milliseconds timeout) {
    if (!impl_->stdin_write.valid())
        throw ProcessError("cannot write to engine '" + impl_->executable + "': its input is closed");
    std::string data;
    for (const std::string_view line : lines) {
        data.append(line);
        data.push_back('\n');
    }
    const auto began = Clock::now();
    const auto outcome = detail::write_all(impl_->stdin_write.get(), data, began + timeout);
    const auto flushed = Clock::now();
    switch (outcome) {
        case WriteOutcome::Written: return {began, flushed};
        case WriteOutcome::BrokenPipe:
            throw ProcessError("engine '" + impl_->executable + "' closed its input (broken pipe)");
        case WriteOutcome::TimedOut: throw ProcessError("engine '" + impl_->executable + "' stopped reading its input");
        case WriteOutcome::Failed: break;
    }
    throw ProcessError("write to engine '" + impl_->executable + "' failed: " + std::strerror(errno));
}

std::optional<OutputLine> ChildProcess::read_line(Clock::time_point deadline) { return impl_->reader->pop(deadline); }

std::optional<OutputLine> ChildProcess::read_line(std::chrono::milliseconds timeout) {
    return read_line(Clock::now() + timeout);
}

bool ChildProcess::output_closed() const { return impl_->reader->drained(); }

bool ChildProcess::is_running() { return impl_->poll_running(); }

std::optional<ExitStatus> ChildProcess::exit_status() const { return impl_->exit; }

std::optional<std::chrono::milliseconds> ChildProcess::cpu_time() const {
    if (impl_->exit) return std::nullopt;
    std::ifstream stat("/proc/" + std::to_string(impl_->pid) + "/stat");
    std::string content;
    if (!std::getline(stat, content)) return std::nullopt;
    // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
    const auto close = content.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    std::istringstream fields(content.substr(close + 2));
    std::string skipped;
    for (int field = 3; field < 14; ++field) fields >> skipped;
    long long user = 0, system = 0;
    if (!(fields >> user >> system)) return std::nullopt;
    const long ticks_per_second = ::sysconf(_SC_CLK_TCK);
    return std::chrono::milliseconds((user + system) * 1000 / (ticks_per_second > 0 ? ticks_per_second : 100));
}

std::optional<ExitStatus> ChildProcess::wait_for_exit(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    // Short first naps so a prompt exit is noticed within ~0.1 ms; then back off to 5 ms.
    auto nap = std::chrono::microseconds(100);
    while (impl_->poll_running()) {
        const auto now = Clock::now();
        if (now >= deadline) return std::nullopt;
        std::this_thread::sleep_for(std::min<Clock::duration>(nap, deadline - now));
        nap = std::min<std::chrono::microseconds>(nap * 2, std::chrono::milliseconds(5));
    }
    return impl_->exit;
}

void ChildProcess::close_input() { impl_->stdin_write.reset(); }

void ChildProcess::send_signal(int signal_number) { impl_->signal_group(signal_number); }

ExitStatus ChildProcess::terminate(std::chrono::milliseconds grace, std::chrono::milliseconds term_grace) {
    close_input();
    if (!wait_for_exit(grace)) {
        if (term_grace.count() > 0) {
            impl_->signal_group(SIGTERM);
            wait_for_exit(term_grace);
        }
        // SIGKILL the whole group while the leader is still unreaped, so the group id cannot
        // have been recycled; then the blocking reap is bounded by the kernel tearing it down.
        impl_->signal_group(SIGKILL);
        impl_->reap_blocking();
    }
    impl_->reader->stop();
    if (impl_->stderr_pump) impl_->stderr_pump->stop();
    return *impl_->exit;
}

}  // namespace arbiter::process
