#pragma once
// cutechess-cli's result list for tournaments of three or more engines: the ranking table whose
// columns -resultformat picks, and the outcome list (-outcomeinterval) that counts every game
// ending per engine. The figures are each engine's own results, as cutechess counts them (its Elo
// is the score against the whole field, with cutechess's error margin); the layout is cutechess
// 1.4's, compared with its own output in tests/data/runner_output/resultformat_*.txt.

#include <string>
#include <vector>

#include "harness/schedule/player_record.h"

namespace arbiter::output {

// The ranking table: a header line and one line per engine, each ending in '\n', best score
// first (ties: the later engine first, as cutechess's map orders them). `format` is a named format
// ("default", "wide", "per-color", ...) or a comma-separated list of fields; unknown fields are
// skipped, as cutechess does (resultformat_problem finds them first). A gauntlet
// (`gauntlet_seeds` > 0) lists its seeds first, numbered from 0.
std::string cutechess_ranking(const std::vector<schedule::PlayerRecord>& players, const std::string& format,
                              int gauntlet_seeds = 0);

// "\nPlayer: A\n   \"Win: White mates\": 3..." for every engine, keys in sorted order, no final
// newline (cutechess prints it as one message).
std::string cutechess_outcomes(const std::vector<schedule::PlayerRecord>& players);

// Why `format` would drop its table or a field: a field cutechess does not know (with the known
// format names, fields and groups) or no field at all; empty when every field is known.
// cutechess-cli skips such fields without a word; arbiter refuses them before a run.
std::string resultformat_problem(const std::string& format);

// What `-resultformat help` prints: the named formats, the field names and the named groups.
std::string resultformat_help();

}  // namespace arbiter::output
