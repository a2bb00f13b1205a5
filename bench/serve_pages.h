#pragma once
// The addresses `arbiter serve` answers for a database, so arbiter_page_bench times exactly what a
// request costs: opening the file, building the report, rendering the page in the site's shell or
// as JSON (serve::Site::respond, without the socket).

#include <string>
#include <vector>

#include "db/database.h"

namespace arbiter::bench {

struct PageChoice {
    std::string engine = "tempo";  // commits and opponents pages
    int biggest_runs = 6;          // run pages: the runs holding the most games, plus one EPD run
};

// Every page the database has data for: the lists, the biggest runs and a game of the biggest, each
// ladder, the engine's commits and opponents, each SPSA run, each bisection.
std::vector<std::string> server_paths(db::Database& database, const PageChoice& choice);

}  // namespace arbiter::bench
