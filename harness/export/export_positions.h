#pragma once
// Labelled positions for `tempo tune` from the games of a database (the part behind
// `arbiter export-positions`); one line per position, in the format of position_writer.h.

#include <ostream>
#include <string>

#include "db/records.h"
#include "harness/export/position_writer.h"

namespace arbiter::exporter {

struct ExportRequest {
    std::string db_path;
    db::ResultFilter filter;  // which runs or ladder; empty: every finished game
    int skip_plies = 0;       // leave out the first N plies of each game
};

// Writes the positions of every game the request selects to `positions` and flushes it. Throws
// db::DbError naming the database, std::runtime_error for a game that does not replay or when
// writing fails.
ExportCounts export_positions(const ExportRequest& request, std::ostream& positions);

}  // namespace arbiter::exporter
