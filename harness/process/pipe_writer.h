// Writing to a child's stdin without ever raising SIGPIPE and without blocking forever on a child
// that stopped reading.
#pragma once

#include <chrono>
#include <string_view>

namespace arbiter::process::detail {

enum class WriteOutcome { Written, BrokenPipe, TimedOut, Failed };

// `fd` must be non-blocking. SIGPIPE is blocked for the calling thread during the write and a
// SIGPIPE raised by it is consumed, so no process-wide signal disposition is touched.
WriteOutcome write_all(int fd, std::string_view data, std::chrono::steady_clock::time_point deadline);

}  // namespace arbiter::process::detail
