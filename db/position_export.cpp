// Tuning-data export: the games in id order and each one's moves in ply order, in a single snapshot.
#include "db/position_export.h"

#include "db/database.h"
#include "db/database_impl.h"

namespace arbiter::db {

void stream_export_moves(const std::string& path, const ResultFilter& filter,
                         const std::function<void(const ExportMove&)>& sink) {
    {
        // Opening through Database checks the file and its schema version with the usual errors.
        OpenOptions check;
        check.read_only = true;
        Database database(path, check);
    }
    detail::ConnectionOptions options;
    options.read_only = true;
    options.create = false;
    detail::Connection conn(path, options);
    // One statement per game's moves rather than one join: a game's moves are one text (schema 5), so
    // a join ordered by ply would sort every move of the file at once; per game it sorts a game's worth.
    // While the outer statement is open the connection keeps one read snapshot for both.
    detail::Statement games(conn,
                            "SELECT g.id, g.opening_fen, g.result FROM games g WHERE " +
                                detail::run_filter_condition(filter, "g.run_id", 1) + " ORDER BY g.id",
                            "export games for tuning");
    detail::bind_run_filter(games, filter, 1);
    // depth is NULL exactly for moves no engine searched (book moves), so it marks the book.
    detail::Statement moves(conn,
                            "SELECT ply, uci, depth IS NOT NULL, score_cp, score_mate FROM moves WHERE game_id = ?1 "
                            "ORDER BY ply",
                            "export moves for tuning");
    ExportMove move;
    while (games.step()) {
        move.game_id = games.int64(0);
        move.opening_fen = games.text(1);
        move.result = parse_game_result(games.text(2));
        moves.bind(1, move.game_id);
        while (moves.step()) {
            move.ply = moves.int32(0);
            move.uci = moves.text(1);
            move.searched = moves.int64(2) != 0;
            move.score_cp = moves.opt_int32(3);
            move.score_mate = moves.opt_int32(4);
            sink(move);
        }
        moves.reset();
    }
}

}  // namespace arbiter::db
