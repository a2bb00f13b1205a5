#pragma once
// `arbiter report commits --engine NAME [--suite wac]`: per git commit of the engine, its latest
// run's W/D/L and Elo against that run's opponents, and its latest score on the suite, as a table
// and as Elo-over-commits and WAC-over-commits charts (a chart without data is left out). Commits
// come in the order of their commit dates (a commit without a stored date by its latest run's).

#include <string>
#include <vector>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// The sections (charts and the table); the feature report appends them when asked for an engine.
std::vector<Section> commits_sections(db::Database& database, const std::string& engine, const std::string& suite);

Report build_commits_report(db::Database& database, const std::string& engine, const std::string& suite);

}  // namespace arbiter::reports
