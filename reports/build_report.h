#pragma once
// One report from the database, as `arbiter report` asks for it: the typed entry point of
// reports/. Render it with render() (reports/render.h).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "reports/report_model.h"

namespace arbiter::reports {

enum class ReportKind { features, commits, run, runs, opponents, epd };

// "features", "commits", "run", "runs", "opponents" or "epd"; nullopt for anything else.
std::optional<ReportKind> parse_report_kind(std::string_view name);

struct ReportRequest {
    ReportKind kind = ReportKind::features;
    std::string db;                       // opened read-only
    std::optional<std::string> ladder;    // features: needed when the database holds several ladders
    std::optional<std::string> engine;    // commits and opponents: required; features: also charted
    std::string suite = "wac";            // features and commits: the EPD suite's results shown
    std::optional<std::int64_t> run_id;   // run: the latest run when not given; epd: required
    std::optional<std::int64_t> against;  // epd: the run compared with run_id
};

// Opens the database read-only and builds the report. Throws db::DbError naming the file,
// std::invalid_argument when the request lacks what its kind needs, std::runtime_error when the
// data cannot make the report.
Report build_report(const ReportRequest& request);

}  // namespace arbiter::reports
