#include "bench/report_pages.h"

#include <algorithm>
#include <sstream>

#include "reports/bisect_report.h"
#include "reports/commits_report.h"
#include "reports/feature_report.h"
#include "reports/results_reports.h"
#include "reports/runs_report.h"
#include "reports/spsa_report.h"
#include "reports/spsa_report_source.h"

namespace arbiter::bench {
namespace {

PageFunction report_page(std::function<reports::Report(db::Database&)> build) {
    return [build](db::Database& database, reports::Format format, std::string& out) {
        std::ostringstream body;
        reports::render(build(database), format, body);
        out = body.str();
    };
}

// The run pages worth timing: the ones with the most games (what grows), and the first EPD run.
std::vector<std::int64_t> chosen_runs(db::Database& database, int biggest) {
    std::vector<std::pair<std::int64_t, std::int64_t>> by_games;  // games, run id
    std::optional<std::int64_t> epd;
    for (const db::RunRecord& run : database.list_runs()) {
        if (run.kind == db::RunKind::epd) {
            if (!epd) epd = run.id;
            continue;
        }
        db::ResultFilter filter;
        filter.run_ids.push_back(run.id);
        by_games.emplace_back(database.count_games(filter), run.id);
    }
    std::sort(by_games.rbegin(), by_games.rend());
    std::vector<std::int64_t> ids;
    for (std::size_t i = 0; i < by_games.size() && static_cast<int>(i) < biggest; ++i)
        ids.push_back(by_games[i].second);
    if (epd) ids.push_back(*epd);
    return ids;
}

void add_spsa_pages(db::Database& database, std::vector<PageSpec>& pages) {
    if (!database.has_table("spsa_runs")) return;
    for (const db::SpsaRunRecord& run : database.spsa_runs()) {
        pages.push_back(
            {"spsa/" + run.name, [name = run.name](db::Database& db, reports::Format format, std::string& out) {
                 const auto models = reports::load_spsa_report_models(db.path(), name);
                 std::ostringstream body;
                 reports::render_spsa_report(models, db.path(), format, body);
                 out = body.str();
             }});
    }
}

void add_bisect_pages(db::Database& database, std::vector<PageSpec>& pages) {
    if (!database.has_table("bisections")) return;
    for (const db::BisectionRecord& bisection : database.bisections()) {
        pages.push_back({"bisect/" + std::to_string(bisection.id),
                         [id = bisection.id](db::Database& db, reports::Format format, std::string& out) {
                             const reports::Report report =
                                 reports::build_bisect_report(reports::load_bisection(db.path(), id));
                             std::ostringstream body;
                             reports::render(report, format, body);
                             out = body.str();
                         }});
    }
}

}  // namespace

std::vector<PageSpec> server_pages(db::Database& database, const PageChoice& choice) {
    std::vector<PageSpec> pages;
    pages.push_back({"runs", report_page([](db::Database& db) { return reports::build_runs_report(db); })});
    for (const std::int64_t id : chosen_runs(database, choice.biggest_runs))
        pages.push_back({"run/" + std::to_string(id),
                         report_page([id](db::Database& db) { return reports::build_run_report(db, id); })});
    for (const std::string& ladder : database.ladder_names())
        pages.push_back({"features/" + ladder, report_page([ladder](db::Database& db) {
                             return reports::build_feature_report(db, {ladder, std::nullopt, "WAC"});
                         })});
    const std::string engine = choice.engine;
    pages.push_back({"commits/" + engine, report_page([engine](db::Database& db) {
                         return reports::build_commits_report(db, engine, "WAC");
                     })});
    pages.push_back({"opponents/" + engine,
                     report_page([engine](db::Database& db) { return reports::build_opponents_report(db, engine); })});
    add_spsa_pages(database, pages);
    add_bisect_pages(database, pages);
    return pages;
}

}  // namespace arbiter::bench
