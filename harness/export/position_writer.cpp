#include "harness/export/position_writer.h"

#include <stdexcept>

#include "engine/chess/san.h"

namespace arbiter::exporter {

std::string white_score_text(const db::ExportMove& move, chess::Color mover) {
    const int sign = mover == chess::WHITE ? 1 : -1;
    if (move.score_mate) {
        // Appending rather than "#" + to_string(...): GCC 12 warns falsely (-Wrestrict) on the latter.
        std::string text = "#";
        text += std::to_string(sign * *move.score_mate);
        return text;
    }
    if (move.score_cp) return std::to_string(sign * *move.score_cp);
    return "-";
}

void PositionWriter::start_game(const db::ExportMove& move) {
    game_id_ = move.game_id;
    ++counts_.games;
    const std::string fen = move.opening_fen.empty() ? std::string(chess::kStartFen) : move.opening_fen;
    try {
        position_.set_fen(fen);
    } catch (const chess::FenError& error) {
        throw std::runtime_error("game " + std::to_string(move.game_id) + ": bad opening FEN: " + error.what());
    }
    switch (move.result) {
        case db::GameResult::white_win: result_text_ = "1.0"; break;
        case db::GameResult::draw: result_text_ = "0.5"; break;
        case db::GameResult::black_win: result_text_ = "0.0"; break;
    }
}

void PositionWriter::add(const db::ExportMove& move) {
    if (move.game_id != game_id_) start_game(move);
    chess::Move played;
    try {
        played = chess::parse_uci(position_, move.uci);
    } catch (const chess::MoveParseError& error) {
        throw std::runtime_error("game " + std::to_string(move.game_id) + " ply " + std::to_string(move.ply) + ": " +
                                 error.what());
    }
    if (!move.searched) {
        ++counts_.book;
    } else if (move.ply < skip_plies_) {
        ++counts_.early;
    } else {
        out_ << position_.fen() << " | " << white_score_text(move, position_.side_to_move()) << " | " << result_text_
             << '\n';
        ++counts_.positions;
    }
    position_.make_move(played);
}

}  // namespace arbiter::exporter
