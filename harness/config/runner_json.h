#pragma once
// The JSON keys of the runner settings (harness/config/runner_settings.h and the diagnostics at the
// end of MatchConfig): "debug", "log", "use_affinity", "force_concurrency", "thread_affinity",
// "test_env". Read and written by config_json.cpp with the rest of a config; none of them is part
// of a run's identity.

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "harness/config/match_config.h"

namespace arbiter::config {

// The keys below, for the list of known keys and for run_identity() to erase.
const std::vector<std::string>& runner_json_keys();

// Reads whichever of the keys `in` holds; errors name `source`.key.
void read_runner_json(MatchConfig& config, const nlohmann::json& in, const std::string& source);
// Writes the keys whose settings differ from the defaults, so older configs keep their text.
void write_runner_json(const MatchConfig& config, nlohmann::json& out);

}  // namespace arbiter::config
