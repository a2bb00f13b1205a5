#include "tests/engine/child_process.h"

#include <csignal>
#include <cerrno>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tempo_test {

using Clock = std::chrono::steady_clock;

ChildProcess::ChildProcess(const std::string& path, const std::vector<std::string>& args) {
  int in_pipe[2], out_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(path.c_str()));
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(path.c_str(), argv.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  signal(SIGPIPE, SIG_IGN);  // a dead child must fail the test, not kill the test runner
}

ChildProcess::~ChildProcess() {
  close_stdin();
  if (from_child_ >= 0) close(from_child_);
  if (!exit_status_ && pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void ChildProcess::send(const std::string& line) {
  std::string text = line + "\n";
  std::size_t written = 0;
  while (written < text.size() && to_child_ >= 0) {
    ssize_t n = write(to_child_, text.data() + written, text.size() - written);
    if (n <= 0) return;
    written += std::size_t(n);
  }
}

std::optional<std::string> ChildProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    std::size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (output_closed_) return std::nullopt;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd fd{from_child_, POLLIN, 0};
    int ready = poll(&fd, 1, int(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char chunk[4096];
    ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n <= 0) {
      output_closed_ = true;
      continue;
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

std::optional<std::string> ChildProcess::wait_for(const std::string& prefix,
                                                  std::chrono::milliseconds timeout,
                                                  std::vector<std::string>* seen) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() < 0) return std::nullopt;
    std::optional<std::string> line = read_line(left);
    if (!line) return std::nullopt;
    if (seen) seen->push_back(*line);
    if (line->rfind(prefix, 0) == 0) return line;
  }
}

void ChildProcess::close_stdin() {
  if (to_child_ >= 0) close(to_child_);
  to_child_ = -1;
}

std::optional<int> ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
  if (exit_status_) return exit_status_;
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return exit_status_;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

}  // namespace tempo_test
