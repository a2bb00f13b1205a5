#pragma once
// The JSON keys of the tournament and result-list settings (schedule rules, -repeat N, -seeds,
// -noswap, -reverse, -report penta=, -wait, -outcomeinterval, -scoreinterval, -resultformat),
// read and written beside the other keys of config_json.cpp. Each is written only when it differs
// from its default, so configs and run identities from before these keys stay as they were.

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "harness/config/match_config.h"

namespace arbiter::config {

inline constexpr const char* kTournamentJsonKeys[] = {"schedule",      "repeat_count", "seeds", "noswap",
                                                      "reverse",       "report_penta", "wait",  "outcomeinterval",
                                                      "scoreinterval", "resultformat"};

// What only changes what is printed or when games start: left out of the run's identity.
inline constexpr const char* kTournamentPresentationKeys[] = {"wait", "outcomeinterval", "scoreinterval",
                                                              "resultformat"};

// Errors name `source` and the key.
void read_tournament_json(MatchConfig& config, const nlohmann::json& in, const std::string& source);
void write_tournament_json(const MatchConfig& config, nlohmann::json& out);

// The tournament names both tools accept: round-robin (and fastchess's roundrobin), gauntlet,
// knockout, pyramid. Returns cutechess's spelling; throws ConfigError naming `where` otherwise.
std::string normalize_tournament(const std::string& value, const std::string& where);

}  // namespace arbiter::config
