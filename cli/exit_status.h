#pragma once
// arbiter's exit status, and the one place where a failure becomes one: main and every command
// end their catch blocks with report_failure instead of each keeping its own ladder of catches.

#include <ostream>
#include <string>
#include <string_view>

#include "db/errors.h"

namespace arbiter::cli {

enum class ExitStatus : int {
    ok = 0,
    failed = 1,      // the run failed, or was interrupted
    bad_input = 2,   // flags, files, configs, engines, databases not usable as given
    regression = 3,  // arbiter epd --max-drop: the suite scored worse than the stored run
};

constexpr int code(ExitStatus status) { return static_cast<int>(status); }

// Which failures, besides a UsageError (always bad input), a command counts as bad input; every
// other failure is a failed run. Most commands take given_inputs(); the exceptions keep the codes
// their tests pin: arbiter report answers a missing database with 1, arbiter baseline a record
// the database refuses with 2.
struct BadInput {
    // What the parts throw when a file, config or revision they were given fails their check:
    // io::SourceError (file:line), config::ConfigError, openings::OpeningsFlagError,
    // ladder::LadderConfigError, build::BuildInputError.
    bool checked_inputs = false;
    // The db::DbError kinds that are bad input; none when null.
    bool (*database_input)(db::ErrorKind) = nullptr;

    static BadInput flags_only() { return {}; }
    // Every checked input, and a database that is not usable as given (db::is_input_error: missing,
    // not an arbiter database, damaged, of another schema version, read-only where writing was asked).
    static BadInput given_inputs() { return {true, &db::is_input_error}; }
};

// Only inside a catch block: prints "arbiter COMMAND: message" on `err` for the exception in
// flight, then `usage` when it is a UsageError, and returns the exit code under `bad_input`.
int report_failure(const std::string& command, std::ostream& err, const BadInput& bad_input,
                   std::string_view usage = {});

}  // namespace arbiter::cli
