#include "harness/output/output_texts.h"

#include "harness/config/output_settings.h"
#include "harness/game/game_output.h"
#include "harness/pgn/cutechess_layout.h"

namespace arbiter::output {

bool pgn_text_needs_moves(const config::MatchConfig& config) { return config.pgnout_fastchess.has_value(); }

std::string pgn_file_text(const config::MatchConfig& config, const db::GameRecord& game) {
    if (config.pgnout_fastchess) return pgn::fastchess_pgn(game, *config.pgnout_fastchess, config.pgnout_min);
    return config.pgnout_min ? pgn::minimal_pgn_from_stored(game.pgn) : game.pgn;
}

std::string epd_file_text(const db::GameRecord& game) { return game::final_epd_from_stored(game.pgn) + "\n"; }

std::vector<protocol::LinePattern> match_line_patterns(const config::MatchConfig& config) {
    std::vector<protocol::LinePattern> patterns;
    if (!config.pgnout_fastchess) return patterns;
    for (const auto& pattern : config.pgnout_fastchess->match_lines)
        patterns.push_back(config::compile_match_line(pattern, "-pgnout match_line"));
    return patterns;
}

}  // namespace arbiter::output
