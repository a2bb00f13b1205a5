#pragma once
// The search limit keys of an engine description: `tc=`, `st=`, `nodes=`, `depth=` (cutechess also
// says `plies=`) and `timemargin=`. Each value is parsed and checked when the key is read, so a bad
// one is refused there with the flag, the engine and the key named; nothing below reads them as text.

#include <string>

#include "harness/config/match_config.h"
#include "harness/tc/time_control.h"

namespace arbiter::config {

// Sets the limit `key` of `spec` from `value`; false when `key` is no limit key. Throws
// ConfigError(at) for a bad value, `at` naming engine and key ("-engine #2 tc").
bool apply_limit_key(EngineSpec& spec, const std::string& key, const std::string& value, const std::string& at);

// The control `spec` is played under, its limit keys joined: st= is the time per move, nodes= and
// depth= bound the search, timemargin= is the grace before a flag falls, and tc=inf with another
// limit is that limit alone. tc= together with st= is refused where engines are prepared
// (runner::prepare_engines), once -each and conf= have filled in what they give.
tc::TimeControl time_control(const EngineSpec& spec);

}  // namespace arbiter::config
