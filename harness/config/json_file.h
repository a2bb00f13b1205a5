#pragma once
// Reading the JSON files arbiter is configured with (run configs, the engine catalogue, ladders) the
// same way: a path that is a directory or unreadable is bad input naming the path, a UTF-8
// byte-order mark (editors on Windows write one) is accepted, syntax errors name the line, and a
// key given twice in one object is an error, where the JSON library would let the last one win.

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace arbiter::config {

// The whole file. Throws ConfigError(path, ...) saying what is wrong with it; `what` names the
// kind of file in the message ("config file").
std::string read_config_file(const std::string& path, const std::string& what);

// Parses `text`. Throws ConfigError with where() "SOURCE:LINE" for malformed JSON and
// "SOURCE.PATH" (e.g. "run.json.engines[0].options.Hash") for a key given twice.
nlohmann::json parse_config_json(const std::string& text, const std::string& source);

}  // namespace arbiter::config
