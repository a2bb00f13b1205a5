#pragma once
// From a path to what it shows. The paths:
//   /  or /runs            every run, running ones first      (arbiter report runs)
//   /run/ID or /runs/ID    one run (?games=N: its games from N back)   (arbiter report run --run ID)
//   /games/ID.pgn          one stored game's PGN
//   /ladders, /ladder/NAME the ladders; one ladder's feature table (arbiter report features --ladder NAME)
//   /commits, /commits/ENGINE   engines with known commits; one engine's Elo and WAC per commit
//   /opponents/ENGINE      one engine's results by opponent
//   /bisections, /bisect/ID     the bisections; one bisection step by step
//   /spsa, /spsa/NAME      every SPSA run, or one, with its θ trajectories
//   /epd/ID[?against=ID2]  an EPD run's positions, or the difference between two runs of a suite

#include <optional>
#include <stdexcept>
#include <string>

#include "reports/report_model.h"
#include "serve/page_request.h"

namespace arbiter::serve {

class NotFound : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class BadRequest : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct RoutedPage {
    std::optional<reports::Report> report;  // a page
    std::optional<std::string> json;        // its JSON, when richer than the report's own (SPSA)
    std::string file_body, file_type;       // else a stored file served as it is (a game's PGN)
};

// Opens `db_path` read-only. Throws NotFound for a path or an object that does not exist,
// BadRequest for a malformed one, db::DbError when the database cannot be read.
RoutedPage route(const std::string& db_path, const PageRequest& request);

}  // namespace arbiter::serve
