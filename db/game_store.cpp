// Database: result writes (games with moves, EPD results, ratings) and the resume listings.
#include "db/database_impl.h"
#include "db/move_json.h"

namespace arbiter::db {

namespace {

using detail::Connection;
using detail::Statement;

std::string describe(const GameRecord& game) {
    return "store game (run " + std::to_string(game.run_id) + ", pair " + std::to_string(game.pair_index) + ", game " +
           std::to_string(game.game_index) + ")";
}

void require_names(const Connection& conn, const GameRecord& game, const std::string& purpose) {
    if (game.white.empty() || game.black.empty()) {
        throw DbError(ErrorKind::invalid_argument, conn.path(), purpose,
                      "database '" + conn.path() + "': " + purpose + ": white and black engine names are required");
    }
}

// The rows of the former moves table had a CHECK (ply >= 0) and a key on (game_id, ply); the text
// that replaced them keeps both rules, and increasing plies keep the text in the order it is read.
void require_increasing_plies(const Connection& conn, const GameRecord& game, const std::string& purpose) {
    int previous = -1;
    for (const MoveRecord& move : game.moves) {
        if (move.ply <= previous) {
            throw DbError(ErrorKind::constraint, conn.path(), purpose,
                          "database '" + conn.path() + "': " + purpose + ": move " + move.uci + " has ply " +
                              std::to_string(move.ply) + " after ply " + std::to_string(previous) +
                              " (plies must start at 0 or later and increase)");
        }
        previous = move.ply;
    }
}

void bind_game(Statement& stmt, const GameRecord& game) {
    stmt.bind(1, game.run_id);
    stmt.bind(2, game.pair_index);
    stmt.bind(3, game.game_index);
    stmt.bind(4, game.round);
    stmt.bind(5, game.opening_id);
    stmt.bind(6, game.opening_fen);
    stmt.bind(7, game.white);
    stmt.bind(8, game.black);
    stmt.bind(9, game.white_engine_id);
    stmt.bind(10, game.black_engine_id);
    stmt.bind(11, to_string(game.result));
    stmt.bind(12, game.termination);
    stmt.bind(13, game.plies);
    const std::string now = (game.started_at.empty() || game.finished_at.empty()) ? utc_now_iso() : "";
    stmt.bind(14, game.started_at.empty() ? now : game.started_at);
    stmt.bind(15, game.finished_at.empty() ? now : game.finished_at);
    stmt.bind(16, game.pgn);
}

// Must run inside a write transaction: the caller's COMMIT is what makes game and moves visible together.
std::int64_t insert_game_rows(Connection& conn, const GameRecord& game, const std::string& purpose) {
    require_names(conn, game, purpose);
    require_increasing_plies(conn, game, purpose);
    auto insert_game = conn.cached(
        "INSERT INTO games (run_id, pair_index, game_index, round, opening_id, opening_fen, white, black, "
        "white_engine_id, black_engine_id, result, termination, plies, started_at, finished_at, pgn) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
        purpose);
    bind_game(*insert_game, game);
    insert_game->run();
    const std::int64_t game_id = conn.last_insert_id();

    std::string moves_json;
    moves_json.reserve(64 + 96 * game.moves.size());
    detail::append_moves_json(moves_json, game.moves);
    auto insert_moves = conn.cached("INSERT INTO game_moves (game_id, moves) VALUES (?1, ?2)", purpose);
    insert_moves->bind(1, game_id);
    insert_moves->bind_borrowed(2, moves_json);
    insert_moves->run();
    return game_id;
}

void insert_epd_row(Connection& conn, const EpdResultRecord& result, const std::string& purpose) {
    // The engine name defaults to the registered one, so callers only need the id.
    auto stmt = conn.cached(
        "INSERT INTO epd_results (run_id, suite, position_id, engine_id, engine, fen, expected_bm, expected_am, "
        "engine_move, solved, time_to_solution_ms, time_ms, depth, nodes, points) "
        "VALUES (?1, ?2, ?3, ?4, COALESCE(NULLIF(?5, ''), (SELECT name FROM engines WHERE id = ?4), ''), "
        "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        purpose);
    stmt->bind(1, result.run_id);
    stmt->bind(2, result.suite);
    stmt->bind(3, result.position_id);
    stmt->bind(4, result.engine_id);
    stmt->bind(5, result.engine);
    stmt->bind(6, result.fen);
    stmt->bind(7, result.expected_bm);
    stmt->bind(8, result.expected_am);
    stmt->bind(9, result.engine_move);
    stmt->bind(10, result.solved ? 1 : 0);
    stmt->bind(11, result.time_to_solution_ms);
    stmt->bind(12, result.time_ms);
    stmt->bind(13, result.depth);
    stmt->bind(14, result.nodes);
    stmt->bind(15, result.points);
    stmt->run();
}

void insert_rating_row(Connection& conn, const RatingRecord& rating, const std::string& purpose) {
    auto stmt = conn.cached(
        "INSERT INTO ratings (run_id, ladder, player, engine_id, rating, error, games, score, computed_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        purpose);
    stmt->bind(1, rating.run_id);
    stmt->bind(2, rating.ladder);
    stmt->bind(3, rating.player);
    stmt->bind(4, rating.engine_id);
    stmt->bind(5, rating.rating);
    stmt->bind(6, rating.error);
    stmt->bind(7, rating.games);
    stmt->bind(8, rating.score);
    stmt->bind(9, rating.computed_at.empty() ? utc_now_iso() : rating.computed_at);
    stmt->run();
}

}  // namespace

std::int64_t Database::insert_game(const GameRecord& game) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = describe(game);
    std::int64_t game_id = 0;
    impl_->write(purpose, [&] { game_id = insert_game_rows(impl_->conn, game, purpose); });
    return game_id;
}

std::vector<std::int64_t> Database::insert_games(const std::vector<GameRecord>& games) {
    std::lock_guard lock(impl_->mutex);
    std::vector<std::int64_t> ids;
    impl_->write("store " + std::to_string(games.size()) + " games", [&] {
        ids.clear();  // a retried transaction starts over
        for (const GameRecord& game : games) ids.push_back(insert_game_rows(impl_->conn, game, describe(game)));
    });
    return ids;
}

void Database::insert_epd_results(const std::vector<EpdResultRecord>& results) {
    std::lock_guard lock(impl_->mutex);
    impl_->write("store " + std::to_string(results.size()) + " EPD results", [&] {
        for (const EpdResultRecord& result : results) {
            const std::string purpose = "store EPD result (run " + std::to_string(result.run_id) + ", " + result.suite +
                                        " " + result.position_id + ", engine id " + std::to_string(result.engine_id) +
                                        ")";
            insert_epd_row(impl_->conn, result, purpose);
        }
    });
}

void Database::insert_ratings(const std::vector<RatingRecord>& ratings) {
    std::lock_guard lock(impl_->mutex);
    impl_->write("store " + std::to_string(ratings.size()) + " ratings", [&] {
        for (const RatingRecord& rating : ratings) {
            insert_rating_row(impl_->conn, rating, "store rating of '" + rating.player + "'");
        }
    });
}

std::vector<GameKey> Database::completed_games(std::int64_t run_id) {
    std::lock_guard lock(impl_->mutex);
    auto stmt =
        impl_->conn.cached("SELECT pair_index, game_index FROM games WHERE run_id = ?1 ORDER BY pair_index, game_index",
                           "list completed games");
    stmt->bind(1, run_id);
    std::vector<GameKey> keys;
    while (stmt->step()) keys.push_back(GameKey{stmt->int64(0), stmt->int32(1)});
    return keys;
}

std::vector<std::string> Database::completed_epd_positions(std::int64_t run_id, std::int64_t engine_id,
                                                           const std::string& suite) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(
        "SELECT position_id FROM epd_results WHERE run_id = ?1 AND engine_id = ?2 AND suite = ?3 "
        "ORDER BY position_id",
        "list completed EPD positions");
    stmt->bind(1, run_id);
    stmt->bind(2, engine_id);
    stmt->bind(3, suite);
    std::vector<std::string> positions;
    while (stmt->step()) positions.push_back(stmt->text(0));
    return positions;
}

}  // namespace arbiter::db
