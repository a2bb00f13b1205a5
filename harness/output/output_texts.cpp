#include "harness/output/output_texts.h"

#include "harness/config/output_settings.h"
#include "harness/game/game_output.h"

namespace arbiter::output {

game::FastchessPgnOptions fastchess_pgn_options(const config::MatchConfig& config) {
    game::FastchessPgnOptions options;
    options.minimal = config.pgnout_min;
    if (!config.pgnout_fastchess) return options;
    const config::FastchessPgnSpec& spec = *config.pgnout_fastchess;
    options.notation = spec.notation == config::PgnNotation::lan   ? game::MoveNotation::lan
                       : spec.notation == config::PgnNotation::uci ? game::MoveNotation::uci
                                                                   : game::MoveNotation::san;
    options.timeleft = spec.timeleft;
    options.latency = spec.latency;
    options.nodes = spec.nodes;
    options.seldepth = spec.seldepth;
    options.nps = spec.nps;
    options.hashfull = spec.hashfull;
    options.tbhits = spec.tbhits;
    options.pv = spec.pv;
    options.lines = !spec.match_lines.empty();
    return options;
}

bool pgn_text_needs_moves(const config::MatchConfig& config) { return config.pgnout_fastchess.has_value(); }

std::string pgn_file_text(const config::MatchConfig& config, const db::GameRecord& game) {
    if (config.pgnout_fastchess) return game::fastchess_pgn(game, fastchess_pgn_options(config));
    return config.pgnout_min ? game::minimal_pgn_from_stored(game.pgn) : game.pgn;
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
