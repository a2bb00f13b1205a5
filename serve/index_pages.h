#pragma once
// The site's lists, the pages that lead to the others: the ladders, the engines with builds of known
// commits, and the bisections of a database, each row linking to its own page.

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::serve {

reports::Report ladders_page(db::Database& database);
reports::Report commits_index_page(db::Database& database);
reports::Report bisections_page(db::Database& database);

// A path segment with everything outside [A-Za-z0-9-._~] percent-encoded: names come from users.
std::string url_segment(const std::string& text);

}  // namespace arbiter::serve
