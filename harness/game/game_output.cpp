#include "harness/game/game_output.h"

#include <stdexcept>

#include "harness/pgn/reader.h"

namespace arbiter::game {
namespace {

pgn::WrittenMove written_move(const PlayedMove& move) {
    pgn::WrittenMove written;
    written.uci = move.uci;
    written.san = move.san;
    written.book = move.book;
    if (!move.book) {
        pgn::MoveEval eval;
        if (move.score) {
            eval.score = move.score->kind == protocol::ScoreKind::Mate ? adjudication::Score::mate(move.score->value)
                                                                       : adjudication::Score::cp(move.score->value);
        }
        eval.depth = move.depth.value_or(0);
        eval.time_ms = move.time_ms.value_or(0);
        written.eval = eval;
    }
    return written;
}

// Engines that print no nps (some xboard engines) still get a figure: nodes over arbiter's own
// measured time, which includes the pipe round trip and so reads slightly low.
std::optional<std::int64_t> nodes_per_second(const PlayedMove& move) {
    if (move.nps) return static_cast<std::int64_t>(*move.nps);
    if (!move.nodes || !move.time_ms || *move.time_ms <= 0) return std::nullopt;
    return static_cast<std::int64_t>(*move.nodes * 1000 / static_cast<std::uint64_t>(*move.time_ms));
}

db::MoveRecord move_record(const PlayedMove& move, int ply) {
    db::MoveRecord record;
    record.ply = ply;
    record.uci = move.uci;
    record.san = move.san;
    record.time_ms = move.time_ms;
    record.clock_ms = move.clock_ms;
    if (move.score) {
        if (move.score->kind == protocol::ScoreKind::Mate) record.score_mate = move.score->value;
        else record.score_cp = move.score->value;
    }
    record.depth = move.depth;
    record.seldepth = move.seldepth;
    if (move.nodes) record.nodes = static_cast<std::int64_t>(*move.nodes);
    record.nps = nodes_per_second(move);
    for (const auto& pv_move : move.pv) {
        if (!record.pv.empty()) record.pv += ' ';
        record.pv += pv_move;
    }
    record.hashfull = move.hashfull;
    if (move.tbhits) record.tbhits = static_cast<std::int64_t>(*move.tbhits);
    record.engine_time_ms = move.engine_time_ms;
    for (const auto& line : move.kept_lines) record.lines += (record.lines.empty() ? "" : "\n") + line;
    return record;
}

// The one conversion between the two result types: db/ sits below harness/ and cannot name
// adjudication's, and a stored game always has a result, so db's has no Unfinished.
db::GameResult db_result(adjudication::GameResult result) {
    switch (result) {
        case adjudication::GameResult::WhiteWins: return db::GameResult::white_win;
        case adjudication::GameResult::BlackWins: return db::GameResult::black_win;
        case adjudication::GameResult::Draw: return db::GameResult::draw;
        case adjudication::GameResult::Unfinished: break;
    }
    throw std::invalid_argument("an interrupted game has no result to store");
}

pgn::PgnGame only_game(const std::string& stored_pgn) {
    std::vector<pgn::PgnGame> games = pgn::parse_pgn_text(stored_pgn, "stored game");
    if (games.size() != 1)
        throw io::SourceError("stored game", 1, "holds " + std::to_string(games.size()) + " games instead of one");
    return std::move(games.front());
}

}  // namespace

std::string game_pgn(const GameSetup& setup, const PlayedGame& game, const PgnContext& context,
                     const pgn::WriterOptions& options) {
    if (game.interrupted()) throw std::invalid_argument("an interrupted game is not written to PGN");
    pgn::GameRecord record;
    record.event = context.event;
    record.site = context.site;
    record.date = pgn::pgn_date(game.started);
    record.round = context.round > 0 ? std::to_string(context.round) : std::string();
    record.white = setup.white_name;
    record.black = setup.black_name;
    record.start_fen = game.start_fen;
    record.chess960 = setup.chess960;
    record.white_tc = setup.white_tc;
    record.black_tc = setup.black_tc;
    record.outcome = game.outcome;
    record.moves.reserve(game.moves.size());
    for (const auto& move : game.moves) record.moves.push_back(written_move(move));
    const auto duration = std::chrono::duration_cast<std::chrono::seconds>(game.finished - game.started);
    record.extra_tags = {{"GameStartTime", pgn::pgn_timestamp(game.started)},
                         {"GameEndTime", pgn::pgn_timestamp(game.finished)},
                         {"GameDuration", pgn::pgn_duration(duration)}};
    return pgn::write_game(record, options);
}

db::GameRecord game_db_record(const GameSetup& setup, const PlayedGame& game, std::string pgn) {
    db::GameRecord record;
    record.opening_id = setup.opening_id;
    record.opening_fen = game.start_fen;
    record.white = setup.white_name;
    record.black = setup.black_name;
    record.result = db_result(game.outcome.result);
    record.termination = std::string(adjudication::reason_name(game.outcome.reason));
    record.plies = static_cast<int>(game.moves.size());
    record.started_at = db::utc_iso(game.started);
    record.finished_at = db::utc_iso(game.finished);
    record.pgn = std::move(pgn);
    record.moves.reserve(game.moves.size());
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply)
        record.moves.push_back(move_record(game.moves[ply], static_cast<int>(ply)));
    return record;
}

std::string final_epd_from_stored(const std::string& stored_pgn) {
    const pgn::PgnGame stored = only_game(stored_pgn);
    chess::Position position(stored.start_fen, stored.chess960);
    for (const auto& move : stored.moves) position.make_move(move.move);
    return position.fen();
}

}  // namespace arbiter::game
