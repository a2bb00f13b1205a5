#include "harness/adjudication/outcome.h"

#include <utility>

namespace arbiter::adjudication {
namespace {

GameResult win_for(chess::Color winner) {
    return winner == chess::WHITE ? GameResult::WhiteWins : GameResult::BlackWins;
}

Outcome make(GameResult result, EndReason reason, std::string description) {
    return Outcome{result, reason, std::move(description)};
}

Outcome draw(EndReason reason, std::string description) {
    return make(GameResult::Draw, reason, std::move(description));
}

}  // namespace

std::string result_token(GameResult result) {
    switch (result) {
        case GameResult::WhiteWins: return "1-0";
        case GameResult::BlackWins: return "0-1";
        case GameResult::Draw: return "1/2-1/2";
        case GameResult::Unfinished: break;
    }
    return "*";
}

GameResult parse_result_token(std::string_view token) {
    if (token == "1-0") return GameResult::WhiteWins;
    if (token == "0-1") return GameResult::BlackWins;
    if (token == "1/2-1/2") return GameResult::Draw;
    return GameResult::Unfinished;
}

bool is_normal_termination(EndReason reason) {
    switch (reason) {
        case EndReason::Checkmate:
        case EndReason::Stalemate:
        case EndReason::Threefold:
        case EndReason::FiftyMove:
        case EndReason::InsufficientMaterial:
        case EndReason::Resignation:
        case EndReason::TrustedClaim: return true;
        default: return false;
    }
}

std::string termination_tag(EndReason reason) {
    switch (reason) {
        case EndReason::DrawAdjudication:
        case EndReason::ResignAdjudication:
        case EndReason::MaxMovesAdjudication: return "adjudication";
        case EndReason::TablebaseAdjudication: return "TB adjudication";
        case EndReason::TimeForfeit: return "time forfeit";
        case EndReason::IllegalMove: return "illegal move";
        case EndReason::Disconnection: return "abandoned";
        case EndReason::StalledConnection: return "stalled connection";
        case EndReason::Interrupted:
        case EndReason::None: return "unterminated";
        default: return "normal";
    }
}

std::string_view reason_name(EndReason reason) {
    switch (reason) {
        case EndReason::None: return "none";
        case EndReason::Checkmate: return "checkmate";
        case EndReason::Stalemate: return "stalemate";
        case EndReason::Threefold: return "threefold";
        case EndReason::FiftyMove: return "fifty-move";
        case EndReason::InsufficientMaterial: return "insufficient-material";
        case EndReason::DrawAdjudication: return "draw-adjudication";
        case EndReason::ResignAdjudication: return "resign-adjudication";
        case EndReason::MaxMovesAdjudication: return "maxmoves-adjudication";
        case EndReason::TablebaseAdjudication: return "TB adjudication";
        case EndReason::Resignation: return "resignation";
        case EndReason::TimeForfeit: return "time-forfeit";
        case EndReason::IllegalMove: return "illegal-move";
        case EndReason::Disconnection: return "disconnection";
        case EndReason::StalledConnection: return "stalled-connection";
        case EndReason::Interrupted: return "interrupted";
        case EndReason::TrustedClaim: return "trusted-claim";
    }
    return "none";
}

std::string_view side_name(chess::Color color) { return color == chess::WHITE ? "White" : "Black"; }

Outcome rule_outcome(chess::Termination termination, chess::Color side_to_move) {
    switch (termination) {
        case chess::Termination::Checkmate: {
            chess::Color winner = ~side_to_move;
            return make(win_for(winner), EndReason::Checkmate, std::string(side_name(winner)) + " mates");
        }
        case chess::Termination::Stalemate: return draw(EndReason::Stalemate, "Draw by stalemate");
        case chess::Termination::Threefold: return draw(EndReason::Threefold, "Draw by 3-fold repetition");
        case chess::Termination::FiftyMove: return draw(EndReason::FiftyMove, "Draw by fifty moves rule");
        case chess::Termination::InsufficientMaterial:
            return draw(EndReason::InsufficientMaterial, "Draw by insufficient mating material");
        case chess::Termination::None: break;
    }
    return Outcome{};
}

Outcome time_forfeit(chess::Color loser) {
    return make(win_for(~loser), EndReason::TimeForfeit, std::string(side_name(loser)) + " loses on time");
}

Outcome illegal_move(chess::Color loser) {
    return make(win_for(~loser), EndReason::IllegalMove, std::string(side_name(loser)) + " makes an illegal move");
}

Outcome disconnection(chess::Color loser) {
    return make(win_for(~loser), EndReason::Disconnection, std::string(side_name(loser)) + " disconnects");
}

Outcome stalled_connection(chess::Color loser) {
    return make(win_for(~loser), EndReason::StalledConnection, std::string(side_name(loser)) + "'s connection stalls");
}

Outcome resignation(chess::Color loser) {
    return make(win_for(~loser), EndReason::Resignation, std::string(side_name(loser)) + " resigns");
}

Outcome interrupted() { return make(GameResult::Unfinished, EndReason::Interrupted, "No result"); }

Outcome draw_adjudication(EndReason reason) { return draw(reason, "Draw by adjudication"); }

Outcome win_adjudication(chess::Color winner) {
    return make(win_for(winner), EndReason::ResignAdjudication,
                std::string(side_name(winner)) + " wins by adjudication");
}

Outcome tablebase_adjudication(GameResult result) {
    constexpr const char* kSource = ": SyzygyTB";
    if (result == GameResult::Draw)
        return draw(EndReason::TablebaseAdjudication, std::string("Draw by adjudication") + kSource);
    const chess::Color winner = result == GameResult::WhiteWins ? chess::WHITE : chess::BLACK;
    return make(result, EndReason::TablebaseAdjudication,
                std::string(side_name(winner)) + " wins by adjudication" + kSource);
}

}  // namespace arbiter::adjudication
