#include "serve/game_pgn.h"

#include "harness/adjudication/outcome.h"
#include "harness/pgn/cutechess_layout.h"

namespace arbiter::serve {
namespace {

adjudication::GameResult result_of(db::GameResult result) {
    switch (result) {
        case db::GameResult::white_win: return adjudication::GameResult::WhiteWins;
        case db::GameResult::black_win: return adjudication::GameResult::BlackWins;
        case db::GameResult::draw: return adjudication::GameResult::Draw;
    }
    return adjudication::GameResult::Unfinished;
}

// The stored termination is reason_name()'s text; an unknown one is kept as the Termination tag.
adjudication::EndReason reason_of(const std::string& termination) {
    using adjudication::EndReason;
    for (int value = 0; value <= static_cast<int>(EndReason::TrustedClaim); ++value) {
        const auto reason = static_cast<EndReason>(value);
        if (adjudication::reason_name(reason) == termination) return reason;
    }
    return EndReason::None;
}

pgn::WrittenMove written_move(const db::MoveRecord& move) {
    pgn::WrittenMove written;
    written.uci = move.uci;
    written.san = move.san;
    if (move.depth || move.score_cp || move.score_mate) {
        pgn::MoveEval eval;
        eval.score = move.score_mate ? adjudication::Score::mate(*move.score_mate)
                     : move.score_cp ? adjudication::Score::cp(*move.score_cp)
                                     : adjudication::Score::none();
        eval.depth = move.depth.value_or(0);
        eval.time_ms = move.time_ms.value_or(0);
        written.eval = eval;
    }
    return written;
}

}  // namespace

std::string pgn_of_stored_game(const db::GameRecord& game) {
    if (!game.pgn.empty()) return game.pgn;
    pgn::GameRecord record;
    record.event = "arbiter run " + std::to_string(game.run_id);
    record.round = std::to_string(game.round > 0 ? game.round : game.pair_index + 1);
    record.date = game.started_at.substr(0, 10);
    for (char& c : record.date)
        if (c == '-') c = '.';
    record.white = game.white;
    record.black = game.black;
    record.start_fen = game.opening_fen;
    record.outcome.result = result_of(game.result);
    record.outcome.reason = reason_of(game.termination);
    for (const db::MoveRecord& move : game.moves) record.moves.push_back(written_move(move));
    record.extra_tags = {{"GameStartTime", game.started_at}, {"GameEndTime", game.finished_at}};
    if (record.outcome.reason == adjudication::EndReason::None && !game.termination.empty())
        record.extra_tags.emplace_back("Termination", game.termination);
    return pgn::write_game(record);
}

}  // namespace arbiter::serve
