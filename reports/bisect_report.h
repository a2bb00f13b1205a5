#pragma once
// `arbiter report bisect` (issue #41): one stored bisection as a header (repository, good and bad,
// the range, the verdict, the levels, the games) and a table of every commit of its first-parent path
// with its Elo against the good build, its games and what it is; the HTML page adds a chart of those
// Elos with the two levels. Built from bisect::StoredBisection, what `arbiter bisect` itself decides
// from, so the report shows the numbers the decision saw.

#include <cstdint>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

#include "harness/bisect/bisect_posterior.h"
#include "harness/bisect/bisect_stored.h"
#include "reports/report_model.h"

namespace arbiter::reports {

enum class BisectFormat { text, markdown, html };

// "text", "md" (or "markdown"), "html"; throws std::invalid_argument naming --format otherwise.
BisectFormat parse_bisect_format(const std::string& text);

// The database holds no bisection to show, or none with the id asked for: bad input (exit 2).
class BisectReportInputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The bisection with id `bisection` of the database at `db_path` (opened read-only), or its newest
// one. Throws db::DbError when the file is not a usable database, BisectReportInputError naming the
// file (and --bisection) when it holds no bisection or none with that id.
bisect::StoredBisection load_bisection(const std::string& db_path, std::optional<std::int64_t> bisection);

// The levels the bisection stored (levels_json); none until the bad build was measured.
std::optional<bisect::StepLevels> stored_levels(const db::BisectionRecord& record);

// The report: its notes are the header, its one section the commit table and the chart.
Report build_bisect_report(const bisect::StoredBisection& stored);

// text: the header and an aligned table; md and html through render() (reports/render.h).
void render_bisect_report(const Report& report, BisectFormat format, std::ostream& out);

}  // namespace arbiter::reports
