#pragma once
// One check for every value that ends up inside a line: a UCI/xboard command (option values,
// `initstr=`), or a line of a file (PGN tags, reports). A newline there would start a new command
// (`option.X="none<newline>go infinite"`) or a new tag, so such values are refused where they
// enter, with the flag or JSON path that holds them.

#include <optional>
#include <string>
#include <string_view>

namespace arbiter::config {

// "control character (newline) in value" for the first C0 control or DEL byte in `text`;
// nullopt for text without one. Tabs count: an engine splits a command at them.
std::optional<std::string> control_character_problem(std::string_view text);

// Throws ConfigError(where, control_character_problem(text)) when `text` holds one.
void require_plain_text(std::string_view text, const std::string& where);

}  // namespace arbiter::config
