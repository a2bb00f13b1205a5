#pragma once
// arbiter serve --db FILE [--db FILE...] [--port N] [--bind ADDR]
// A live local web view of one or more databases, read-only (serve/, docs/serve.md). Serves until
// SIGINT or SIGTERM, then exits 0. Exit 2 for bad flags or a database that cannot be served, 1 when
// the address cannot be bound.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
