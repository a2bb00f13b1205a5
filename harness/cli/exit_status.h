#pragma once
// The one rule for the exit status of a command that stopped on an exception.

#include <exception>

namespace arbiter::cli {

// 2 (bad input) when what was given cannot be used as it is: a usage error naming the flag, a text file
// with an error at file:line (io::SourceError), a database that is missing, not an arbiter database,
// damaged, of another schema version or read-only where writing was asked. 1 (the run failed) for
// anything else: a lock not obtained, a full disk, an I/O error.
int exit_status_for(const std::exception& error);

}  // namespace arbiter::cli
