// Turning a ProcessSpec into a running child: executable resolution with readable errors, pipes
// that only the intended child inherits, and the Boost.Process call itself.
#pragma once

#include "harness/process/unique_fd.h"

#include "harness/process/process_types.h"

#include <boost/process/child.hpp>

#include <string>

namespace arbiter::process::detail {

struct SpawnedChild {
    boost::process::child child;
    UniqueFd stdin_write;    // non-blocking, close-on-exec
    UniqueFd stdout_read;    // close-on-exec
    UniqueFd stderr_read;    // close-on-exec; only with ProcessSpec::stderr_capped_log
    std::string executable;  // resolved path
};

// Throws ProcessError naming the executable (or working directory / log file) on any failure.
SpawnedChild spawn_child(const ProcessSpec& spec);

// Exposed for tests and error messages: the absolute path that would be executed.
std::string resolve_executable(const ProcessSpec& spec);

}  // namespace arbiter::process::detail
