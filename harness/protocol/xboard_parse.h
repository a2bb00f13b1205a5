// Parsing and formatting for CECP (xboard/winboard protocol v2). Parsers take untrusted engine
// output and never throw; anything they do not recognise yields nullopt / empty.
#pragma once

#include "harness/protocol/types.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::protocol {

struct FeatureValue {
    std::string name;
    std::string value;  // quotes removed
};
// `feature ping=1 myname="Foo 1.0" option="Hash -spin 64 1 1024" done=1`
std::vector<FeatureValue> parse_feature_line(std::string_view line);

// The value of an `option` feature: "NAME -spin DEF MIN MAX", "NAME -check 0|1",
// "NAME -combo a /// *b /// c" (default starred), "NAME -string|-file|-path DEF",
// "NAME -button|-save|-reset", "NAME -slider DEF MIN MAX".
std::optional<EngineOption> parse_xboard_option(std::string_view spec);

// Thinking output "PLY SCORE TIME NODES [SELDEPTH NPS TBHITS<TAB>] PV": score in centipawns (mate
// as +-(100000 + moves), or 100000 - plies), time in centiseconds. Move numbers in the PV
// ("12.", "...") are dropped.
std::optional<SearchInfo> parse_thinking_line(std::string_view line);

// "move e2e4", or the v1 forms "12. ... e2e4" / "12... e2e4".
std::optional<std::string> parse_move_reply(std::string_view line);

// e2e4, e7e8q (also e7e8=q, uppercase promotion): the notation UCI uses too.
bool is_coordinate_move(std::string_view move);

// "1-0 {White mates}", "0-1 ...", "1/2-1/2 ..."; the whole line as the claim.
std::optional<std::string> parse_result_claim(std::string_view line);

// What an engine refused: "Illegal move: sd 1", "Illegal move (unknown): sd 1" and
// "Error (unknown command): sd 1" -> "sd 1" (empty if nothing is named).
std::optional<std::string> parse_rejection(std::string_view line);

// True when a `feature variants="normal,fischerandom"` value lists `variant`.
bool lists_variant(std::string_view variants, std::string_view variant);

// "level MPS BASE INC": BASE as minutes or M:SS, INC in seconds (decimals only when needed).
std::string format_level(const TimeControl& time_control);

// Whole seconds for `st`: at least 1, because the classic command is integer seconds.
long long st_seconds(Millis movetime);

// ---- FEN helpers (only what the protocol layer needs, no rules) ----

std::string normalize_fen(const std::string& fen);  // "startpos" -> kStartFen, trimmed
bool is_standard_start(const std::string& fen);     // compares placement, side, castling, ep
bool white_to_move(const std::string& fen, std::size_t moves_played);
// `edit` mode body for engines without setboard: "edit", "#", pieces, "c", pieces, ".".
std::vector<std::string> edit_mode_commands(const std::string& fen);

}  // namespace arbiter::protocol
