// Tuning-data export: one streaming join over games and moves, read in a single snapshot.
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
  // depth is NULL exactly for moves no engine searched (book moves), so it marks the book.
  detail::Statement stmt(conn,
                         "SELECT g.id, g.opening_fen, g.result, m.ply, m.uci, m.depth IS NOT NULL, m.score_cp, "
                         "m.score_mate FROM games g JOIN moves m ON m.game_id = g.id WHERE " +
                             detail::run_filter_condition(filter, "g.run_id", 1) + " ORDER BY g.id, m.ply",
                         "export moves for tuning");
  detail::bind_run_filter(stmt, filter, 1);
  ExportMove move;
  while (stmt.step()) {
    move.game_id = stmt.int64(0);
    move.opening_fen = stmt.text(1);
    move.result = parse_game_result(stmt.text(2));
    move.ply = stmt.int32(3);
    move.uci = stmt.text(4);
    move.searched = stmt.int64(5) != 0;
    move.score_cp = stmt.opt_int32(6);
    move.score_mate = stmt.opt_int32(7);
    sink(move);
  }
}

}  // namespace arbiter::db
