#pragma once
// The pages `arbiter serve` shows, as a table of named functions from an open database to a rendered
// body, so arbiter_page_bench times exactly what a request costs: building the report and rendering
// it. The server may later put its own page function in a PageSpec and be timed the same way.

#include <functional>
#include <string>
#include <vector>

#include "db/database.h"
#include "reports/render.h"

namespace arbiter::bench {

// Renders one page in `format` (html or json) into `out`; the database is opened read-only once and
// shared by every page, as a server keeps its connection.
using PageFunction = std::function<void(db::Database& database, reports::Format format, std::string& out)>;

struct PageSpec {
    std::string name;  // "runs", "run/7", "features/tempo-history", ...
    PageFunction render;
};

struct PageChoice {
    std::string engine = "tempo";  // commits and opponents pages
    int biggest_runs = 6;          // run pages: the runs holding the most games, plus one EPD run
};

// Every page the database has data for: runs, the biggest runs, each ladder's features, the engine's
// commits and opponents, each SPSA run, each bisection.
std::vector<PageSpec> server_pages(db::Database& database, const PageChoice& choice);

}  // namespace arbiter::bench
