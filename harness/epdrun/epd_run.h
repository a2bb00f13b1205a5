#pragma once
// The typed entry points of `arbiter epd` and `arbiter ttd` (the commands, with their flags and exit
// codes, are cli/epd_command.cpp and cli/ttd_command.cpp; the ladder's WAC runs call run_epd too).
//
// Errors that name what was given (an engine spec, a suite file and line, a missing search limit)
// are config::ConfigError or io::SourceError; a database problem is a db::DbError.

#include <ostream>

#include "harness/epdrun/epd_options.h"

namespace arbiter::epdrun {

enum class EpdEnd {
    answered,    // every position in scope has a stored answer
    failed,      // an engine or worker failed, or positions were left unanswered
    regression,  // with max_drop: the score fell by more than allowed against the previous commit
};

// Scores options.engine on the suite, storing every answer in options.db (a re-run resumes). The
// summary goes to `out` (JSON with options.json); progress to `out`, or to `err` with options.json;
// warnings and failures to `err`.
EpdEnd run_epd(const EpdOptions& options, std::ostream& out, std::ostream& err);

// Searches every position to options.depth with every engine configuration and prints the table
// (or JSON) on `out`. False when a configuration did not answer every position.
bool run_ttd(const TtdOptions& options, std::ostream& out, std::ostream& err);

}  // namespace arbiter::epdrun
