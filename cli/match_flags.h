#pragma once
// The cutechess-cli / fastchess flag vocabulary of `arbiter match`: flags in, one MatchConfig out.
// Errors are config::ConfigError naming the flag ("-openings order", "-engine #2"), the same type
// the JSON config reader throws for the same settings.

#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/runner/run_match.h"

namespace arbiter::cli {

// Everything `arbiter match` reads from its words.
struct MatchRequest {
    config::MatchConfig config;
    runner::MatchOptions options;
    bool fail_on_h0 = false;            // --fail-on-h0: an SPRT accepting H0 exits 1
    bool list_engines = false;          // bare -engines: print the names in cutechess's engines.json and exit
    std::vector<std::string> warnings;  // values the dialect's tool takes but bounds (-seeds), for stderr
};

// `args` are the words after `arbiter [match]`, without --help. `-config FILE` loads a JSON file
// whose settings the other flags then override. The result is checked for shape, including the
// combinations no single flag can see (a Polyglot book with -variant fischerandom).
MatchRequest read_match_flags(const std::vector<std::string>& args);

// The MatchConfig part alone: what tests of the vocabulary check.
config::MatchConfig parse_match_flags(const std::vector<std::string>& args);

}  // namespace arbiter::cli
