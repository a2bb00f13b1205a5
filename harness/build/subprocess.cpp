#include "harness/build/subprocess.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>

#include "harness/build/stop_signals.h"

extern char** environ;

namespace arbiter::build {
namespace {

// Owns one file descriptor; closed on scope exit whatever happens.
class Fd {
public:
    explicit Fd(int fd = -1) : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    Fd& operator=(Fd&& other) noexcept {
        if (this != &other) {
            reset();
            fd_ = std::exchange(other.fd_, -1);
        }
        return *this;
    }
    int get() const { return fd_; }
    void reset() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    int fd_;
};

// posix_spawn file actions with their destroy call tied to scope.
class FileActions {
public:
    FileActions() { posix_spawn_file_actions_init(&actions_); }
    ~FileActions() { posix_spawn_file_actions_destroy(&actions_); }
    FileActions(const FileActions&) = delete;
    FileActions& operator=(const FileActions&) = delete;
    posix_spawn_file_actions_t* get() { return &actions_; }

private:
    posix_spawn_file_actions_t actions_;
};

// posix_spawn attributes: none, or a process group of the child's own (its pid is the group id).
class SpawnAttributes {
public:
    explicit SpawnAttributes(bool own_group) {
        posix_spawnattr_init(&attributes_);
        if (!own_group) return;
        posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETPGROUP);
        posix_spawnattr_setpgroup(&attributes_, 0);
    }
    ~SpawnAttributes() { posix_spawnattr_destroy(&attributes_); }
    SpawnAttributes(const SpawnAttributes&) = delete;
    SpawnAttributes& operator=(const SpawnAttributes&) = delete;
    const posix_spawnattr_t* get() const { return &attributes_; }

private:
    posix_spawnattr_t attributes_;
};

// How often a supervised tool is looked at: the delay a timeout or a stop signal may take to act.
constexpr auto kPollInterval = std::chrono::milliseconds(20);
// A tool's output is read on this long after it ended: a helper that left its group (setsid) and
// kept the pipe open must not hold the build until the time limit.
constexpr auto kDrainAfterExit = std::chrono::seconds(2);

std::string command_text(const std::vector<std::string>& argv) {
    std::string text;
    for (const auto& word : argv) text += (text.empty() ? "" : " ") + word;
    return text;
}

pid_t spawn(const std::vector<std::string>& argv, FileActions& actions, bool own_group = false) {
    std::vector<char*> words;
    for (const auto& word : argv) words.push_back(const_cast<char*>(word.c_str()));
    words.push_back(nullptr);
    const SpawnAttributes attributes(own_group);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, words[0], actions.get(), attributes.get(), words.data(), environ);
    if (rc != 0) throw SpawnError("cannot run '" + command_text(argv) + "': " + std::strerror(rc));
    return pid;
}

int exit_code_of(int status) {
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

int wait_exit_code(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return 127;
    }
    return exit_code_of(status);
}

// A child whose stdout (and, when `with_stderr`, its stderr) comes through `output`, stdin from
// /dev/null. The child holds the only write end, so `output` reaches EOF when it exits.
struct ReadableChild {
    pid_t pid = -1;
    Fd output;
};

ReadableChild spawn_readable(const std::vector<std::string>& argv, bool with_stderr, bool own_group) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) throw SpawnError("cannot create a pipe for '" + command_text(argv) + "'");
    ReadableChild child;
    child.output = Fd(ends[0]);
    Fd write_end(ends[1]);
    FileActions actions;
    posix_spawn_file_actions_addopen(actions.get(), STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(actions.get(), write_end.get(), STDOUT_FILENO);
    if (with_stderr) posix_spawn_file_actions_adddup2(actions.get(), write_end.get(), STDERR_FILENO);
    else posix_spawn_file_actions_addopen(actions.get(), STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    child.pid = spawn(argv, actions, own_group);
    return child;
}

// True once `group`'s leader has ended; it is left a zombie (WNOWAIT), so that the group id cannot
// be reused before the group is killed.
bool leader_ended(pid_t group) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(group), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno != EINTR;
    return info.si_pid == group;
}

// Passes what is ready on `fd` (waiting up to kPollInterval) to `sink`; false at end of file.
bool pump_output(int fd, const std::function<void(std::string_view)>& sink) {
    pollfd watched{fd, POLLIN, 0};
    const int ready = ::poll(&watched, 1, static_cast<int>(kPollInterval.count()));
    if (ready < 0) return errno == EINTR;
    if (ready == 0) return true;
    char buffer[65536];
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) sink(std::string_view(buffer, static_cast<std::size_t>(got)));
    return got > 0 || (got < 0 && errno == EINTR);
}

// Kills the group at the time limit or on a stop signal, once; notes which in `result`.
void stop_if_due(pid_t group, const TimeLimit& limit, ToolResult& result) {
    if (result.timed_out || result.stop_signal != 0) return;
    if (std::chrono::steady_clock::now() >= limit.deadline) {
        result.timed_out = true;
        result.limit_seconds = limit.seconds;
    } else if (const int arrived = stop_signal_arrived()) {
        result.stop_signal = arrived;
    } else {
        return;
    }
    ::killpg(group, SIGKILL);
}

// Watches a tool started in a group of its own until it ends, reading `output` (-1: none) into
// `sink`. What the tool leaves behind in its group is killed when it ends.
ToolResult supervise(pid_t group, int output, const TimeLimit& limit,
                     const std::function<void(std::string_view)>& sink) {
    ToolResult result;
    bool running = true;
    bool reading = output >= 0;
    auto read_until = std::chrono::steady_clock::time_point::max();
    while (running || reading) {
        if (running && leader_ended(group)) {
            ::killpg(group, SIGKILL);
            result.exit_code = wait_exit_code(group);
            running = false;
            read_until = std::chrono::steady_clock::now() + kDrainAfterExit;
        }
        if (running) stop_if_due(group, limit, result);
        if (!running && std::chrono::steady_clock::now() >= read_until) break;
        if (reading) reading = pump_output(output, sink);
        else if (running) std::this_thread::sleep_for(kPollInterval);
    }
    return result;
}

}  // namespace

ToolResult run_captured(const std::vector<std::string>& argv) {
    const ReadableChild child = spawn_readable(argv, false, false);
    ToolResult result;
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::read(child.output.get(), buffer, sizeof buffer);
        if (got > 0) result.output.append(buffer, static_cast<std::size_t>(got));
        else if (got == 0 || errno != EINTR) break;
    }
    result.exit_code = wait_exit_code(child.pid);
    return result;
}

ToolResult run_logged(const std::vector<std::string>& argv, const std::filesystem::path& log,
                      const std::filesystem::path& directory, const TimeLimit& limit) {
    append_log_line(log, (directory.empty() ? "" : "(in " + directory.string() + ") ") + "$ " + command_text(argv));
    Fd log_fd(::open(log.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
    if (log_fd.get() < 0) throw SpawnError("cannot write the build log " + log.string() + ": " + std::strerror(errno));
    FileActions actions;
    posix_spawn_file_actions_addopen(actions.get(), STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(actions.get(), log_fd.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(actions.get(), log_fd.get(), STDERR_FILENO);
    if (!directory.empty()) posix_spawn_file_actions_addchdir_np(actions.get(), directory.c_str());
    if (limit.none()) {
        ToolResult result;
        result.exit_code = wait_exit_code(spawn(argv, actions));
        return result;
    }
    return supervise(spawn(argv, actions, true), -1, limit, {});
}

ToolResult run_streamed(const std::vector<std::string>& argv, const TimeLimit& limit,
                        const std::function<void(std::string_view)>& sink) {
    const ReadableChild child = spawn_readable(argv, true, true);
    return supervise(child.pid, child.output.get(), limit, sink);
}

TimeLimit TimeLimit::from_now(int seconds) {
    return {std::chrono::steady_clock::now() + std::chrono::seconds(seconds), seconds};
}

std::string ToolResult::ending() const {
    const auto signal_text = [](int number) {
        return "signal " + std::to_string(number) + " (" + ::strsignal(number) + ")";
    };
    if (timed_out) return "timed out after " + std::to_string(limit_seconds) + " s";
    if (stop_signal != 0) return "stopped: arbiter got " + signal_text(stop_signal);
    if (exit_code > 128) return "killed by " + signal_text(exit_code - 128);
    return "exit code " + std::to_string(exit_code);
}

void append_log_line(const std::filesystem::path& log, const std::string& line) {
    std::ofstream out(log, std::ios::app);
    out << line << '\n';
    if (!out) throw SpawnError("cannot write the build log " + log.string());
}

}  // namespace arbiter::build
