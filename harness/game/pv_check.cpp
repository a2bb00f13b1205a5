#include "harness/game/pv_check.h"

#include "engine/chess/movegen.h"
#include "engine/chess/san.h"

namespace arbiter::game {
namespace {

// The ending a PV must not play past; insufficient material is left out, as fastchess leaves it.
const char* ending_name(const chess::Position& position) {
    switch (chess::adjudicate(position)) {
        case chess::Termination::Threefold: return "threefold repetition";
        case chess::Termination::FiftyMove: return "fifty-move rule";
        case chess::Termination::Checkmate: return "checkmate";
        case chess::Termination::Stalemate: return "stalemate";
        case chess::Termination::InsufficientMaterial:
        case chess::Termination::None: break;
    }
    return nullptr;
}

std::optional<chess::Move> legal_move(const chess::Position& position, const std::string& text) {
    try {
        return chess::parse_uci(position, text);
    } catch (const chess::MoveParseError&) {
        return std::nullopt;
    }
}

bool is_bound(const protocol::SearchInfo& info) {
    return info.score && info.score->bound != protocol::ScoreBound::Exact;
}

std::optional<std::string> check_mate_line(const chess::Position& end, const protocol::SearchInfo& info,
                                           const std::string& engine) {
    if (!info.score || info.score->kind != protocol::ScoreKind::Mate || is_bound(info)) return std::nullopt;
    const int mate = info.score->value;
    const std::size_t plies = mate > 0 ? static_cast<std::size_t>(2 * mate - 1) : static_cast<std::size_t>(-2 * mate);
    if (info.pv.size() < plies) return "Warning; Incomplete mating PV - from " + engine;
    if (info.pv.size() > plies) return "Warning; Too long mating PV - from " + engine;
    if (!end.is_checkmate()) return "Warning; Mating PV does not end with checkmate - from " + engine;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> check_pv(const chess::Position& position, const protocol::SearchInfo& info, bool check_mates,
                                    const std::string& engine) {
    if (info.pv.empty()) return std::nullopt;
    chess::Position board = position;
    for (const std::string& text : info.pv) {
        if (const char* ending = ending_name(board))
            return std::string("Warning; PV continues after ") + ending + " - move " + text + " from " + engine;
        const std::optional<chess::Move> move = legal_move(board, text);
        if (!move) return "Warning; Illegal PV move - move " + text + " from " + engine;
        board.make_move(*move);
    }
    if (!check_mates) return std::nullopt;
    return check_mate_line(board, info, engine);
}

std::optional<BestmoveMismatch> check_bestmove(const std::vector<std::pair<std::string, protocol::SearchInfo>>& lines,
                                               const std::string& bestmove, const std::string& engine) {
    if (bestmove.empty()) return std::nullopt;
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        const protocol::SearchInfo& info = it->second;
        if (info.multipv && *info.multipv != 1) continue;
        if (is_bound(info) || info.pv.empty() || info.pv.front() == bestmove) return std::nullopt;
        return BestmoveMismatch{
            "Warning; Bestmove does not match beginning of last PV - move " + bestmove + " from " + engine, it->first};
    }
    return std::nullopt;
}

std::string pv_warning_block(const std::string& warning, const std::string& info_line, const std::string& engine_fen,
                             const std::vector<std::string>& moves) {
    std::string block = warning + "\nInfo; " + info_line + "\nPosition; ";
    block += engine_fen == "startpos" ? engine_fen : "fen " + engine_fen;
    block += "\nMoves; ";
    for (std::size_t i = 0; i < moves.size(); ++i) block += (i == 0 ? "" : " ") + moves[i];
    return block;
}

}  // namespace arbiter::game
