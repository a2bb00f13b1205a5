#include "serve/index_pages.h"

#include <cstdio>
#include <map>

namespace arbiter::serve {
namespace {

bool is_unreserved(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           c == '_' || c == '~';
}

reports::Report list_report(const std::string& title, const db::Database& database, reports::Table table,
                            const std::string& when_empty) {
    reports::Report report;
    report.title = title;
    report.notes.push_back("Database: " + database.path());
    reports::Section section;
    if (table.rows.empty()) section.paragraphs.push_back(when_empty);
    else section.tables.push_back(std::move(table));
    report.sections.push_back(std::move(section));
    return report;
}

}  // namespace

std::string url_segment(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (is_unreserved(byte)) {
            out += c;
            continue;
        }
        char escaped[4];
        std::snprintf(escaped, sizeof escaped, "%%%02X", byte);
        out += escaped;
    }
    return out;
}

reports::Report ladders_page(db::Database& database) {
    reports::Table table;
    table.columns = {"Ladder", "Steps", "Runs"};
    table.numeric = {false, true, true};
    for (const std::string& ladder : database.ladder_names()) {
        table.rows.push_back({ladder, std::to_string(database.ladder_steps(ladder).size()),
                              std::to_string(database.runs_of_ladder(ladder).size())});
        table.links.push_back({"/ladder/" + url_segment(ladder), "", ""});
    }
    return list_report("Ladders", database, std::move(table),
                       "No ladder in this database (`arbiter ladder` writes them).");
}

reports::Report commits_index_page(db::Database& database) {
    std::map<std::string, int> commits_by_engine;
    for (const db::EngineRecord& engine : database.list_engines())
        if (!engine.git_commit.empty()) ++commits_by_engine[engine.name];
    reports::Table table;
    table.columns = {"Engine", "Builds of known commits"};
    table.numeric = {false, true};
    for (const auto& [name, count] : commits_by_engine) {
        table.rows.push_back({name, std::to_string(count)});
        table.links.push_back({"/commits/" + url_segment(name), ""});
    }
    return list_report("Commits", database, std::move(table),
                       "No engine with a known commit (`arbiter build`, `ladder` and `bisect` record them).");
}

reports::Report bisections_page(db::Database& database) {
    reports::Table table;
    table.columns = {"Bisection", "Repository", "Good", "Bad", "Commits", "Started", "Verdict"};
    table.numeric = {true, false, false, false, true, false, false};
    for (const db::BisectionRecord& bisection : database.bisections()) {
        table.rows.push_back({std::to_string(bisection.id), bisection.repo, bisection.good.substr(0, 12),
                              bisection.bad.substr(0, 12), std::to_string(bisection.commits), bisection.started_at,
                              std::string(db::to_string(bisection.verdict))});
        table.links.push_back({"/bisect/" + std::to_string(bisection.id), "", "", "", "", "", ""});
    }
    return list_report("Bisections", database, std::move(table), "No bisection in this database (`arbiter bisect`).");
}

}  // namespace arbiter::serve
