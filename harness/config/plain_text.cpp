#include "harness/config/plain_text.h"

#include <cstdio>

#include "harness/config/match_config.h"

namespace arbiter::config {
namespace {

std::string character_name(unsigned char c) {
    switch (c) {
        case '\n': return "newline";
        case '\r': return "carriage return";
        case '\t': return "tab";
        case '\0': return "NUL";
        default: break;
    }
    char code[8];
    std::snprintf(code, sizeof code, "0x%02X", static_cast<unsigned>(c));
    return code;
}

}  // namespace

std::optional<std::string> control_character_problem(std::string_view text) {
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7F) return "control character (" + character_name(byte) + ") in value";
    }
    return std::nullopt;
}

void require_plain_text(std::string_view text, const std::string& where) {
    if (auto problem = control_character_problem(text)) throw ConfigError(where, *problem);
}

}  // namespace arbiter::config
