#pragma once
// The settings of -pgnout/-epdout in fastchess's form, -crc32, -autosaveinterval and fastchess's
// -config, in a JSON config file. Keys (all optional, none part of a run's identity):
//   "pgnout_fastchess": {"notation": "san"|"lan"|"uci", "nodes": true, "seldepth": true, "nps": true,
//                        "hashfull": true, "tbhits": true, "pv": true, "timeleft": true,
//                        "latency": true, "match_line": ["REGEX", ...]}
//   "pgnout_append": false, "epdout_append": false, "crc32_pgn": true, "autosaveinterval": N,
//   "fastchess_config": {"outname": "config.json"}

#include <set>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "harness/config/match_config.h"
#include "harness/protocol/line_pattern.h"

namespace arbiter::config {

// A match_line= pattern, compiled; ConfigError naming `where` when RE2 cannot compile it (a syntax
// error, an ECMAScript feature RE2 lacks, over protocol::kMaxLinePatternInstructions).
protocol::LinePattern compile_match_line(const std::string& pattern, const std::string& where);

void check_autosaveinterval(int value, const std::string& where);

const std::set<std::string>& output_setting_keys();
void read_output_settings(MatchConfig& config, const nlohmann::json& in, const std::string& source);
void write_output_settings(const MatchConfig& config, nlohmann::json& out);

}  // namespace arbiter::config
