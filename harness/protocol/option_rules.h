// Checking a configured option against what the engine declared, shared by both protocols, so a
// typo in the tournament file is reported by name instead of being silently ignored by the engine.
#pragma once

#include "harness/protocol/engine_client.h"
#include "harness/protocol/types.h"

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::protocol {

// Case-insensitive, as UCI requires for option names.
const EngineOption* find_option(const std::vector<EngineOption>& options, std::string_view name);
EngineOption* find_option(std::vector<EngineOption>& options, std::string_view name);

// Throws UnknownOptionError.
[[noreturn]] void throw_unknown_option(std::string_view name, const std::string& engine_label);

// Sets the configured options in order; one the engine does not declare goes to
// config.on_unknown_option when that is set, else its UnknownOptionError propagates.
void set_configured_options(EngineClient& client, const EngineConfig& config);

// Returns the value in the form to send (check: "true"/"false"; combo: the engine's spelling).
// Throws OptionError naming option, value and engine when the value does not fit.
std::string checked_option_value(const EngineOption& option, const std::string& value, const std::string& engine_label);

}  // namespace arbiter::protocol
