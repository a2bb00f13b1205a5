#include "tests/badinput/run_binary.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <thread>

#include "tests/support/text_file.h"

namespace badinput {
namespace {

namespace fs = std::filesystem;

// In the child: stdin from /dev/null, stdout and stderr into the two files, then exec.
[[noreturn]] void exec_child(const std::string& path, const std::vector<std::string>& args, const fs::path& out,
                             const fs::path& err) {
    const int null_in = ::open("/dev/null", O_RDONLY);
    const int out_fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err_fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (null_in < 0 || out_fd < 0 || err_fd < 0) ::_exit(126);
    ::dup2(null_in, 0);
    ::dup2(out_fd, 1);
    ::dup2(err_fd, 2);
    std::vector<char*> argv{const_cast<char*>(path.c_str())};
    for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    ::execv(path.c_str(), argv.data());
    ::_exit(127);
}

}  // namespace

RunResult run_binary(const std::string& path, const std::vector<std::string>& args, std::chrono::seconds deadline) {
    const test_support::TempDir capture;
    const fs::path out = capture.file("stdout"), err = capture.file("stderr");
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) exec_child(path, args, out, err);

    RunResult result;
    int status = 0;
    rusage usage{};
    const auto give_up = std::chrono::steady_clock::now() + deadline;
    while (::wait4(pid, &status, WNOHANG, &usage) == 0) {
        if (std::chrono::steady_clock::now() > give_up) {
            ::kill(pid, SIGKILL);
            ::wait4(pid, &status, 0, &usage);
            result.timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!result.timed_out && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    result.peak_rss_kib = usage.ru_maxrss;
    result.out = test_support::read_text(out);
    result.err = test_support::read_text(err);
    return result;
}

}  // namespace badinput
