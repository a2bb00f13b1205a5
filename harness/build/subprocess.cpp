#include "harness/build/subprocess.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <chrono>
#include <csignal>
#include <fstream>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

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

std::string command_text(const std::vector<std::string>& argv) {
    std::string text;
    for (const auto& word : argv) text += (text.empty() ? "" : " ") + word;
    return text;
}

pid_t spawn(const std::vector<std::string>& argv, FileActions& actions) {
    std::vector<char*> words;
    for (const auto& word : argv) words.push_back(const_cast<char*>(word.c_str()));
    words.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, words[0], actions.get(), nullptr, words.data(), environ);
    if (rc != 0) throw SpawnError("cannot run '" + command_text(argv) + "': " + std::strerror(rc));
    return pid;
}

int wait_exit_code(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return 127;
    }
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

// A child whose stdout (and, when `with_stderr`, its stderr) comes through `output`, stdin from
// /dev/null. The child holds the only write end, so `output` reaches EOF when it exits.
struct ReadableChild {
    pid_t pid = -1;
    Fd output;
};

ReadableChild spawn_readable(const std::vector<std::string>& argv, bool with_stderr) {
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
    child.pid = spawn(argv, actions);
    return child;
}

}  // namespace

ToolResult run_captured(const std::vector<std::string>& argv) {
    const ReadableChild child = spawn_readable(argv, false);
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
                      const std::filesystem::path& directory) {
    append_log_line(log, (directory.empty() ? "" : "(in " + directory.string() + ") ") + "$ " + command_text(argv));
    Fd log_fd(::open(log.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
    if (log_fd.get() < 0) throw SpawnError("cannot write the build log " + log.string() + ": " + std::strerror(errno));
    FileActions actions;
    posix_spawn_file_actions_addopen(actions.get(), STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(actions.get(), log_fd.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(actions.get(), log_fd.get(), STDERR_FILENO);
    if (!directory.empty()) posix_spawn_file_actions_addchdir_np(actions.get(), directory.c_str());
    ToolResult result;
    result.exit_code = wait_exit_code(spawn(argv, actions));
    return result;
}

TimedResult run_merged_with_timeout(const std::vector<std::string>& argv, int timeout_seconds) {
    const ReadableChild child = spawn_readable(argv, true);
    const pid_t pid = child.pid;
    const Fd& read_end = child.output;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
    TimedResult result;
    char buffer[4096];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timed_out = true;
            ::kill(pid, SIGKILL);
            break;
        }
        pollfd watched{read_end.get(), POLLIN, 0};
        const int ready = ::poll(&watched, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) continue;
        const ssize_t got = ::read(read_end.get(), buffer, sizeof buffer);
        if (got > 0) result.output.append(buffer, static_cast<std::size_t>(got));
        else if (got == 0 || errno != EINTR) break;
    }
    result.exit_code = wait_exit_code(pid);
    return result;
}

void append_log_line(const std::filesystem::path& log, const std::string& line) {
    std::ofstream out(log, std::ios::app);
    out << line << '\n';
    if (!out) throw SpawnError("cannot write the build log " + log.string());
}

}  // namespace arbiter::build
