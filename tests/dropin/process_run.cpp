#include "tests/dropin/process_run.h"

#include "tests/support/pipe_pair.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <stdexcept>

namespace dropin {
namespace {

using Pipe = test_support::PipePair;

std::string path_with_prefix(const std::string& prefix) {
    const char* old_path = ::getenv("PATH");
    const std::string rest = old_path ? old_path : "/usr/bin:/bin";
    return prefix.empty() ? rest : prefix + ":" + rest;
}

// In the child: its own process group, the working directory, PATH, the three streams, exec.
[[noreturn]] void exec_child(const ProcessRequest& request, const std::string& path, Pipe& out, Pipe& err) {
    ::setpgid(0, 0);
    if (::chdir(request.working_dir.c_str()) != 0) ::_exit(126);
    ::setenv("PATH", path.c_str(), 1);
    const int null_in = ::open("/dev/null", O_RDONLY);
    if (null_in < 0) ::_exit(126);
    ::dup2(null_in, 0);
    ::dup2(out.write_end, 1);
    ::dup2(err.write_end, 2);
    std::vector<char*> argv{const_cast<char*>(request.program.c_str())};
    for (const auto& arg : request.args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(request.program.c_str(), argv.data());
    ::_exit(127);
}

// Reads what is there; false once the pipe is closed.
bool drain(int fd, std::string& stream, std::string& merged) {
    std::array<char, 4096> buffer;
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got <= 0) return false;
    stream.append(buffer.data(), static_cast<size_t>(got));
    merged.append(buffer.data(), static_cast<size_t>(got));
    return true;
}

// Reads both pipes until both close or the deadline passes.
bool read_until_closed(Pipe& out, Pipe& err, ProcessOutput& result, std::chrono::steady_clock::time_point give_up) {
    bool out_open = true, err_open = true;
    while (out_open || err_open) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(give_up - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        pollfd fds[2] = {{out_open ? out.read_end : -1, POLLIN, 0}, {err_open ? err.read_end : -1, POLLIN, 0}};
        if (::poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), 1000))) < 0) continue;
        if (out_open && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
            out_open = drain(out.read_end, result.out, result.merged);
        if (err_open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)))
            err_open = drain(err.read_end, result.err, result.merged);
    }
    return true;
}

}  // namespace

ProcessOutput run_process(const ProcessRequest& request) {
    const std::string path = path_with_prefix(request.path_prefix);
    Pipe out, err;
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) exec_child(request, path, out, err);
    ::setpgid(pid, pid);  // also here, so the group exists before the parent may kill it
    out.close_write();
    err.close_write();

    ProcessOutput result;
    const auto give_up = std::chrono::steady_clock::now() + request.deadline;
    if (!read_until_closed(out, err, result, give_up)) {
        ::kill(-pid, SIGKILL);
        result.timed_out = true;
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!result.timed_out && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    return result;
}

}  // namespace dropin
