#pragma once
// The tournament and result-list part of the `arbiter match` vocabulary: -tournament, -games,
// -rounds, -repeat [N], -noswap, -reverse, -seeds, -wait, -outcomeinterval, -resultformat,
// -scoreinterval, -report penta=, -quick. What -games and -repeat mean follows the dialect:
// fastchess's -games N is N games (at most two) on one opening and its -repeat is -games 2;
// cutechess's -games N gives each game its own opening unless -repeat plays each opening N times.

#include <string>
#include <vector>

#include "cli/match_flag_group.h"

namespace arbiter::cli {

bool apply_tournament_flag(FlagContext& ctx, const FlagGroup& group);

// After every flag: fastchess's own correction of -games above 2 under its schedule rules (it swaps
// -games and -rounds), and the combinations the flags cannot see alone.
void settle_tournament_flags(config::MatchConfig& config);

// After every flag, the values that need the whole command: -resultformat must name fields
// cutechess knows (else ConfigError, exit 2, listing them), and -seeds must fit the tournament and
// its engines. Out of range, -seeds is refused, or with FlagReading::seeds_bounded played as the
// count cutechess-cli and fastchess bound it to, and the returned warnings say so.
std::vector<std::string> check_tournament_values(const config::MatchConfig& config,
                                                 const std::vector<FlagGroup>& groups, const FlagReading& reading);

// `-resultformat help` anywhere in the words: print the formats instead of playing.
bool asks_for_resultformat_help(const std::vector<std::string>& args);

}  // namespace arbiter::cli
