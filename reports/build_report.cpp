#include "reports/build_report.h"

#include <stdexcept>

#include "db/database.h"
#include "reports/commits_report.h"
#include "reports/epd_report.h"
#include "reports/feature_report.h"
#include "reports/results_reports.h"
#include "reports/runs_report.h"

namespace arbiter::reports {
namespace {

const std::string& required(const std::optional<std::string>& value, const char* what) {
    if (!value) throw std::invalid_argument(std::string("this report needs ") + what);
    return *value;
}

}  // namespace

std::optional<ReportKind> parse_report_kind(std::string_view name) {
    if (name == "features") return ReportKind::features;
    if (name == "commits") return ReportKind::commits;
    if (name == "run") return ReportKind::run;
    if (name == "runs") return ReportKind::runs;
    if (name == "opponents") return ReportKind::opponents;
    if (name == "epd") return ReportKind::epd;
    return std::nullopt;
}

Report build_report(const ReportRequest& request) {
    db::OpenOptions options;
    options.read_only = true;
    db::Database database(request.db, options);
    switch (request.kind) {
        case ReportKind::features:
            return build_feature_report(database, FeatureReportOptions{request.ladder, request.engine, request.suite});
        case ReportKind::commits:
            return build_commits_report(database, required(request.engine, "an engine"), request.suite);
        case ReportKind::run: {
            if (request.run_id) return build_run_report(database, *request.run_id);
            Report latest = build_run_report(database, latest_run_id(database));
            latest.notes.insert(latest.notes.begin(),
                                "The latest run (no --run given; `arbiter report runs` lists them all)");
            return latest;
        }
        case ReportKind::runs: return build_runs_report(database);
        case ReportKind::opponents: return build_opponents_report(database, required(request.engine, "an engine"));
        case ReportKind::epd: {
            if (!request.run_id) throw std::invalid_argument("this report needs a run (--run)");
            if (request.against) return build_epd_diff_report(database, *request.run_id, *request.against);
            return build_epd_report(database, *request.run_id);
        }
    }
    throw std::invalid_argument("unknown report kind");
}

}  // namespace arbiter::reports
