// CECP (xboard) engine output: feature and option declarations, thinking lines, move replies,
// result claims and illegal-move notices. The parsers take untrusted text and must not throw;
// what they return as a move must be a single token of the line.
#include "harness/protocol/xboard_parse.h"

#include "tests/fuzz/line_support.h"

namespace {

using namespace arbiter::protocol;

void check_features(std::string_view line) {
    for (const FeatureValue& feature : parse_feature_line(line)) {
        fuzz::check(!feature.name.empty(), "feature without a name");
        if (feature.name == "option") parse_xboard_option(feature.value);
    }
    if (const auto option = parse_xboard_option(line)) fuzz::check(!option->name.empty(), "option without a name");
}

void check_thinking(std::string_view line) {
    const auto info = parse_thinking_line(line);
    if (!info) return;
    for (const std::string& move : info->pv) fuzz::check_token(move, "pv move");
}

void check_replies(std::string_view line) {
    if (const auto move = parse_move_reply(line)) {
        fuzz::check_token(*move, "move reply");
        is_coordinate_move(*move);
    }
    if (const auto rejected = parse_rejection(line))
        fuzz::check(rejected->size() < line.size(), "a rejection longer than its line");
    parse_result_claim(line);
}

// The FEN helpers see positions from opening books and config files; junk must not crash them.
void check_fen_helpers(std::string_view line) {
    const std::string fen(line);
    normalize_fen(fen);
    is_standard_start(fen);
    white_to_move(fen, line.size());
    edit_mode_commands(fen);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    for (const std::string_view line : fuzz::split_lines(fuzz::as_text(data, size))) {
        check_features(line);
        check_thinking(line);
        check_replies(line);
        check_fen_helpers(line);
    }
    return 0;
}
