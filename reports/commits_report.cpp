#include "reports/commits_report.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "harness/stats/elo.h"
#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

struct CommitRow {
    std::string commit;
    std::string started_at;    // of the latest run of either kind
    std::string committed_at;  // the commit's date when the database holds it (schema 7)
    std::optional<db::CommitGameResult> games;
    std::optional<db::CommitEpdResult> epd;

    // Rows go by commit date: a run's date says when it was tested, not where the commit stands.
    const std::string& date() const { return committed_at.empty() ? started_at : committed_at; }
};

// Suites are stored under the name their ids carry ("WAC"); users type "wac".
std::vector<db::CommitEpdResult> epd_per_commit(db::Database& database, const std::string& engine,
                                                const std::string& suite) {
    auto rows = database.latest_epd_result_per_commit(engine, suite);
    if (!rows.empty()) return rows;
    std::string upper = suite;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return upper == suite ? rows : database.latest_epd_result_per_commit(engine, upper);
}

std::vector<CommitRow> commit_rows(db::Database& database, const std::string& engine, const std::string& suite) {
    std::map<std::string, CommitRow> by_commit;
    for (const auto& games : database.latest_game_result_per_commit(engine)) {
        CommitRow& row = by_commit[games.git_commit];
        row.commit = games.git_commit;
        row.games = games;
        row.started_at = std::max(row.started_at, games.run_started_at);
    }
    for (const auto& epd : epd_per_commit(database, engine, suite)) {
        CommitRow& row = by_commit[epd.git_commit];
        row.commit = epd.git_commit;
        row.epd = epd;
        if (row.started_at.empty()) row.started_at = epd.run_started_at;
    }
    std::vector<CommitRow> rows;
    for (auto& [commit, row] : by_commit) {
        const std::int64_t engine_id = row.games ? row.games->engine_id : row.epd->engine_id;
        if (const auto engine = database.engine_by_id(engine_id)) row.committed_at = engine->committed_at;
        rows.push_back(std::move(row));
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const CommitRow& a, const CommitRow& b) { return a.date() < b.date(); });
    return rows;
}

std::optional<stats::EloEstimate> elo_of(const db::CommitGameResult& games) {
    if (games.wins + games.draws + games.losses == 0) return std::nullopt;
    return stats::estimate_elo(stats::WdlCounts{games.wins, games.draws, games.losses});
}

std::string commit_label(const CommitRow& row) { return row.commit.empty() ? "(no commit)" : short_rev(row.commit); }

// The commit's date; a row the database holds no commit date for shows its run's, marked.
std::string date_cell(const CommitRow& row) {
    return row.committed_at.empty() ? date_of(row.started_at) + " (run)" : date_of(row.committed_at);
}

}  // namespace

std::vector<Section> commits_sections(db::Database& database, const std::string& engine, const std::string& suite) {
    const std::vector<CommitRow> rows = commit_rows(database, engine, suite);
    Section section;
    section.heading = "Over commits: " + engine;
    if (rows.empty()) {
        section.paragraphs.push_back("No games or " + suite + " results of an engine named '" + engine + "' in " +
                                     database.path() + ".");
        return {section};
    }
    section.paragraphs.push_back(
        "Per commit, the latest run: Elo is the score against that run's opponents (95% error); " + suite +
        " is the latest score on the suite. Rows go by the commit's date (the run's, "
        "marked (run), where the database does not hold it).");
    Chart elo{"commits-elo", "Elo over commits", "Elo vs opponents", ChartKind::points_with_errors, {"Elo", {}}};
    Chart wac{"commits-wac", suite + " over commits", "solved", ChartKind::points_with_errors, {suite, {}}};
    Table table;
    table.columns = {"Commit", "Date", "Run", "Games", "W", "D", "L", "Score %", "Elo", suite + " run", suite};
    table.numeric = {false, false, true, true, true, true, true, true, true, true, true};
    for (const CommitRow& row : rows) {
        const std::string label = commit_label(row);
        std::vector<std::string> cells{label, date_cell(row)};
        std::optional<stats::EloEstimate> estimate = row.games ? elo_of(*row.games) : std::nullopt;
        if (row.games && estimate) {
            const auto& g = *row.games;
            cells.insert(cells.end(), {std::to_string(g.run_id), std::to_string(g.wins + g.draws + g.losses),
                                       std::to_string(g.wins), std::to_string(g.draws), std::to_string(g.losses),
                                       percent(estimate->score), elo_cell(*estimate)});
            elo.series.points.push_back(elo_point(label, *estimate));
        } else {
            cells.insert(cells.end(), 7, "");
            elo.series.points.push_back({label, std::nullopt, std::nullopt});
        }
        if (row.epd) {
            cells.push_back(std::to_string(row.epd->run_id));
            cells.push_back(std::to_string(row.epd->solved) + "/" + std::to_string(row.epd->positions));
            wac.series.points.push_back({label, static_cast<double>(row.epd->solved), std::nullopt});
        } else {
            cells.insert(cells.end(), 2, "");
            wac.series.points.push_back({label, std::nullopt, std::nullopt});
        }
        table.rows.push_back(std::move(cells));
    }
    for (Chart* chart : {&elo, &wac})
        if (has_values(*chart)) section.charts.push_back(std::move(*chart));  // an empty chart says nothing
    section.tables.push_back(std::move(table));
    return {section};
}

Report build_commits_report(db::Database& database, const std::string& engine, const std::string& suite) {
    Report report;
    report.title = "Elo and " + suite + " over commits: " + engine;
    report.notes.push_back("Database: " + database.path());
    report.sections = commits_sections(database, engine, suite);
    return report;
}

}  // namespace arbiter::reports
