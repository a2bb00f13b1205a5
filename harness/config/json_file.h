#pragma once
// Reading the JSON files arbiter is configured with (run configs, the engine catalogue, ladders) the
// same way: a path that is a directory or unreadable is bad input naming the path, a UTF-8
// byte-order mark (editors on Windows write one) is accepted, syntax errors name the line, and a
// key given twice in one object is an error, where the JSON library would let the last one win.
// Size and nesting are capped, so a hostile file costs neither the memory nor the time its size
// or depth would.

#include <cstddef>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace arbiter::config {

// Configuration files are kilobytes; a larger one is a wrong path (/dev/zero, a PGN) or hostile.
inline constexpr std::size_t kMaxConfigFileBytes = 4 * 1024 * 1024;
// The formats read here nest a handful of levels; the cap keeps each parse's memory and work small.
inline constexpr std::size_t kMaxJsonNesting = 64;

// The whole file, refused when larger than kMaxConfigFileBytes. Throws ConfigError(path, ...)
// saying what is wrong with it; `what` names the kind of file in the message ("config file").
std::string read_config_file(const std::string& path, const std::string& what);

// Parses `text`. Throws ConfigError with where() "SOURCE:LINE" for malformed JSON and for a number
// beyond a double's range (1e400), "SOURCE.PATH" (e.g. "run.json.engines[0].options.Hash") for a key
// given twice, and "SOURCE" for nesting deeper than kMaxJsonNesting.
nlohmann::json parse_config_json(const std::string& text, const std::string& source);

}  // namespace arbiter::config
