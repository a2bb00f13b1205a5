// A child process with its stdin and stdout on pipes, for scripted UCI sessions in tests.
// Lines are read with a timeout so that a hung engine fails a test instead of hanging it.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tempo_test {

class ChildProcess {
 public:
  ChildProcess(const std::string& path, const std::vector<std::string>& args);
  ~ChildProcess();  // kills the child if it is still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  void send(const std::string& line);  // appends the newline
  // Next line of the child's stdout, or nullopt on timeout / end of output.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // Reads lines until one starts with `prefix`; every line read is appended to `seen`.
  std::optional<std::string> wait_for(const std::string& prefix, std::chrono::milliseconds timeout,
                                      std::vector<std::string>* seen = nullptr);
  void close_stdin();
  // Exit status once the child has exited, or nullopt if it is still running after `timeout`.
  std::optional<int> wait_exit(std::chrono::milliseconds timeout);

 private:
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  bool output_closed_ = false;
  std::optional<int> exit_status_;
};

}  // namespace tempo_test
