// Database: reads for reports and export, plus the row readers and filter shared with stats.cpp.
#include "db/database_impl.h"

namespace arbiter::db {

namespace detail {

const char* const kGameColumns =
    "id, run_id, pair_index, game_index, round, opening_id, opening_fen, white, black, white_engine_id, "
    "black_engine_id, result, termination, plies, started_at, finished_at, pgn";
const char* const kMoveColumns =
    "ply, uci, san, time_ms, clock_ms, score_cp, score_mate, depth, seldepth, nodes, pv, nps, hashfull, tbhits, "
    "engine_time_ms, lines";
const char* const kRunColumns =
    "id, kind, config_hash, config, time_control, host, ladder, shard_index, shard_count, pair_begin, "
    "pair_end, started_at, finished_at, status";

GameRecord read_game(const Statement& stmt) {
    GameRecord game;
    game.id = stmt.int64(0);
    game.run_id = stmt.int64(1);
    game.pair_index = stmt.int64(2);
    game.game_index = stmt.int32(3);
    game.round = stmt.int32(4);
    game.opening_id = stmt.text(5);
    game.opening_fen = stmt.text(6);
    game.white = stmt.text(7);
    game.black = stmt.text(8);
    game.white_engine_id = stmt.opt_int64(9);
    game.black_engine_id = stmt.opt_int64(10);
    game.result = parse_game_result(stmt.text(11));
    game.termination = stmt.text(12);
    game.plies = stmt.int32(13);
    game.started_at = stmt.text(14);
    game.finished_at = stmt.text(15);
    game.pgn = stmt.text(16);
    return game;
}

MoveRecord read_move(const Statement& stmt) {
    MoveRecord move;
    move.ply = stmt.int32(0);
    move.uci = stmt.text(1);
    move.san = stmt.text(2);
    move.time_ms = stmt.opt_int64(3);
    move.clock_ms = stmt.opt_int64(4);
    move.score_cp = stmt.opt_int32(5);
    move.score_mate = stmt.opt_int32(6);
    move.depth = stmt.opt_int32(7);
    move.seldepth = stmt.opt_int32(8);
    move.nodes = stmt.opt_int64(9);
    move.pv = stmt.text(10);
    move.nps = stmt.opt_int64(11);
    move.hashfull = stmt.opt_int32(12);
    move.tbhits = stmt.opt_int64(13);
    move.engine_time_ms = stmt.opt_int64(14);
    move.lines = stmt.text(15);
    return move;
}

RunRecord read_run(const Statement& stmt) {
    RunRecord run;
    run.id = stmt.int64(0);
    run.kind = parse_run_kind(stmt.text(1));
    run.config_key = stmt.text(2);
    run.config_json = stmt.text(3);
    run.time_control = stmt.text(4);
    run.host = stmt.text(5);
    run.ladder = stmt.opt_text(6);
    run.shard_index = stmt.int32(7);
    run.shard_count = stmt.int32(8);
    run.pair_begin = stmt.opt_int64(9);
    run.pair_end = stmt.opt_int64(10);
    run.started_at = stmt.text(11);
    run.finished_at = stmt.opt_text(12);
    run.status = parse_run_status(stmt.text(13));
    return run;
}

// Run ids travel as one JSON array parameter (json_each), so the statement text does not depend on how
// many ids there are and stays cacheable. Parameters: ?first = ids, ?first+1 = ladder.
std::string run_filter_condition(const ResultFilter& filter, std::string_view run_id_column, int first_param) {
    const std::string column(run_id_column);
    std::string condition = "1";
    if (!filter.run_ids.empty()) {
        condition += " AND " + column + " IN (SELECT value FROM json_each(?" + std::to_string(first_param) + "))";
    }
    if (filter.ladder) {
        condition +=
            " AND " + column + " IN (SELECT id FROM runs WHERE ladder = ?" + std::to_string(first_param + 1) + ")";
    }
    return condition;
}

void bind_run_filter(Statement& stmt, const ResultFilter& filter, int first_param) {
    if (!filter.run_ids.empty()) {
        std::string ids = "[";
        for (std::size_t i = 0; i < filter.run_ids.size(); ++i) {
            if (i != 0) ids += ",";
            ids += std::to_string(filter.run_ids[i]);
        }
        stmt.bind(first_param, ids + "]");
    }
    if (filter.ladder) stmt.bind(first_param + 1, *filter.ladder);
}

}  // namespace detail

namespace {

using detail::Connection;
using detail::Statement;

std::vector<MoveRecord> select_moves(Connection& conn, std::int64_t game_id) {
    auto stmt =
        conn.cached(std::string("SELECT ") + detail::kMoveColumns + " FROM moves WHERE game_id = ?1 ORDER BY ply",
                    "read moves of game " + std::to_string(game_id));
    stmt->bind(1, game_id);
    std::vector<MoveRecord> moves;
    while (stmt->step()) moves.push_back(detail::read_move(*stmt));
    return moves;
}

EpdResultRecord read_epd(const Statement& stmt) {
    EpdResultRecord result;
    result.id = stmt.int64(0);
    result.run_id = stmt.int64(1);
    result.suite = stmt.text(2);
    result.position_id = stmt.text(3);
    result.engine_id = stmt.int64(4);
    result.engine = stmt.text(5);
    result.fen = stmt.text(6);
    result.expected_bm = stmt.text(7);
    result.expected_am = stmt.text(8);
    result.engine_move = stmt.text(9);
    result.solved = stmt.int64(10) != 0;
    result.time_to_solution_ms = stmt.opt_int64(11);
    result.time_ms = stmt.opt_int64(12);
    result.depth = stmt.opt_int32(13);
    result.nodes = stmt.opt_int64(14);
    result.points = stmt.opt_int32(15);
    return result;
}

RatingRecord read_rating(const Statement& stmt) {
    RatingRecord rating;
    rating.id = stmt.int64(0);
    rating.run_id = stmt.opt_int64(1);
    rating.ladder = stmt.opt_text(2);
    rating.player = stmt.text(3);
    rating.engine_id = stmt.opt_int64(4);
    rating.rating = stmt.real(5);
    rating.error = stmt.opt_real(6);
    rating.games = stmt.int64(7);
    rating.score = stmt.opt_real(8);
    rating.computed_at = stmt.text(9);
    return rating;
}

template <class Key>
std::vector<RatingRecord> select_ratings(Connection& conn, std::string_view where, const Key& key) {
    auto stmt = conn.cached(
        "SELECT id, run_id, ladder, player, engine_id, rating, error, games, score, computed_at FROM ratings "
        "WHERE " +
            std::string(where) + " ORDER BY computed_at, id",
        "read ratings");
    stmt->bind(1, key);
    std::vector<RatingRecord> ratings;
    while (stmt->step()) ratings.push_back(read_rating(*stmt));
    return ratings;
}

const char* const kRunGamesCondition = " WHERE run_id = ?1 AND pair_index >= ?2 AND pair_index < ?3";

void bind_run_games(Statement& stmt, const RunGamesQuery& query) {
    stmt.bind(1, query.run_id);
    stmt.bind(2, query.pair_begin);
    stmt.bind(3, query.pair_end);
}

}  // namespace

std::vector<GameRecord> Database::games_of_run(std::int64_t run_id) {
    RunGamesQuery query;
    query.run_id = run_id;
    std::vector<GameRecord> games;
    for_each_game_of_run(query, [&](const GameRecord& game) {
        games.push_back(game);
        return true;
    });
    return games;
}

void Database::for_each_game_of_run(const RunGamesQuery& query, const std::function<bool(const GameRecord&)>& sink) {
    std::lock_guard lock(impl_->mutex);
    // One statement open for the whole stream: one read snapshot, so the moves read per game belong to
    // the games listed even if writers commit meanwhile.
    // In storing order the ids are sorted first, alone: ORDER BY id over the run's rows would sort the
    // rows themselves, PGN included, in a temporary b-tree.
    const std::string selected =
        query.storing_order
            ? std::string(" FROM games WHERE id IN (SELECT id FROM games") + kRunGamesCondition + ") ORDER BY id"
            : std::string(" FROM games") + kRunGamesCondition + " ORDER BY pair_index, game_index";
    auto games = impl_->conn.cached(std::string("SELECT ") + detail::kGameColumns + selected + " LIMIT -1 OFFSET ?4",
                                    "stream games of run " + std::to_string(query.run_id));
    bind_run_games(*games, query);
    games->bind(4, query.skip);
    while (games->step()) {
        GameRecord game = detail::read_game(*games);
        if (query.with_moves) game.moves = select_moves(impl_->conn, game.id);
        if (!sink(game)) return;
    }
}

std::int64_t Database::count_games_of_run(const RunGamesQuery& query) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(std::string("SELECT count(*) FROM games") + kRunGamesCondition,
                                   "count games of run " + std::to_string(query.run_id));
    bind_run_games(*stmt, query);
    return stmt->step() ? stmt->int64(0) : 0;
}

std::optional<GameRecord> Database::game_by_id(std::int64_t game_id) {
    std::lock_guard lock(impl_->mutex);
    std::optional<GameRecord> game;
    {
        auto stmt = impl_->conn.cached(std::string("SELECT ") + detail::kGameColumns + " FROM games WHERE id = ?1",
                                       "read game " + std::to_string(game_id));
        stmt->bind(1, game_id);
        if (!stmt->step()) return std::nullopt;
        game = detail::read_game(*stmt);
    }
    game->moves = select_moves(impl_->conn, game_id);
    return game;
}

std::vector<MoveRecord> Database::moves_of_game(std::int64_t game_id) {
    std::lock_guard lock(impl_->mutex);
    return select_moves(impl_->conn, game_id);
}

std::vector<EpdResultRecord> Database::epd_results_of_run(std::int64_t run_id) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(
        "SELECT id, run_id, suite, position_id, engine_id, engine, fen, expected_bm, expected_am, engine_move, "
        "solved, time_to_solution_ms, time_ms, depth, nodes, points FROM epd_results WHERE run_id = ?1 "
        "ORDER BY suite, engine_id, position_id",
        "read EPD results of run " + std::to_string(run_id));
    stmt->bind(1, run_id);
    std::vector<EpdResultRecord> results;
    while (stmt->step()) results.push_back(read_epd(*stmt));
    return results;
}

std::vector<RatingRecord> Database::ratings_of_run(std::int64_t run_id) {
    std::lock_guard lock(impl_->mutex);
    return select_ratings(impl_->conn, "run_id = ?1", run_id);
}

std::vector<RatingRecord> Database::ratings_of_ladder(const std::string& ladder) {
    std::lock_guard lock(impl_->mutex);
    return select_ratings(impl_->conn, "ladder = ?1", ladder);
}

std::int64_t Database::count_games(const ResultFilter& filter) {
    std::lock_guard lock(impl_->mutex);
    // run_results (schema 10) holds each run's games in a few rows; an older file counts its games.
    const std::string counted = impl_->has_run_results ? "SELECT coalesce(sum(games), 0) FROM run_results WHERE "
                                                       : "SELECT count(*) FROM games WHERE ";
    auto stmt = impl_->conn.cached(counted + detail::run_filter_condition(filter, "run_id", 1), "count games");
    detail::bind_run_filter(*stmt, filter, 1);
    return stmt->step() ? stmt->int64(0) : 0;
}

void Database::export_games(const ResultFilter& filter, const std::function<void(const GameRecord&)>& sink) {
    std::lock_guard lock(impl_->mutex);
    // While the outer statement is open the connection keeps one read snapshot, so the per-game move reads
    // see exactly the games being listed even if writers commit meanwhile.
    auto games = impl_->conn.cached(std::string("SELECT ") + detail::kGameColumns + " FROM games WHERE " +
                                        detail::run_filter_condition(filter, "run_id", 1) + " ORDER BY id",
                                    "export games");
    detail::bind_run_filter(*games, filter, 1);
    while (games->step()) {
        GameRecord game = detail::read_game(*games);
        game.moves = select_moves(impl_->conn, game.id);
        sink(game);
    }
}

}  // namespace arbiter::db
