#pragma once
// The pieces shared by the files that read `arbiter match` flags. Each area of the vocabulary
// (cli/match_flags.cpp for the core, and one file per further area) offers an applier: it takes a
// flag group it knows and returns true, or returns false so the next applier is asked.

#include <string>
#include <utility>
#include <vector>

#include "cli/dialect.h"
#include "harness/config/match_config.h"

namespace arbiter::cli {

// One flag as typed with the words that follow it up to the next flag.
struct FlagGroup {
    std::string flag;  // as typed, for messages
    std::string name;  // without its dashes
    std::vector<std::string> values;
};

struct FlagContext {
    config::MatchConfig& config;
    config::EngineSpec& each;
    bool each_given = false;
    // How the words are read in the dialect of the command line (cli/dialect.h).
    const FlagReading& reading;
};

using FlagApplier = bool (*)(FlagContext&, const FlagGroup&);

// Splits `key=value` into its halves; `where` names the flag for errors.
std::pair<std::string, std::string> split_key_value(const std::string& token, const std::string& where);
const std::string& single_value(const std::string& flag, const std::vector<std::string>& values);
void expect_no_value(const std::string& flag, const std::vector<std::string>& values);

}  // namespace arbiter::cli
