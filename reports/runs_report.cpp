#include "reports/runs_report.h"

#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "reports/matchups.h"
#include "reports/run_sprt.h"

namespace arbiter::reports {
namespace {

// The config's engine names, else (a config that does not list them) the database's.
std::vector<std::string> engine_names(const nlohmann::json& config, const std::vector<db::EngineRecord>& stored) {
    std::vector<std::string> names;
    if (config.is_object() && config.contains("engines") && config["engines"].is_array()) {
        for (const nlohmann::json& entry : config["engines"]) {
            if (entry.is_string()) names.push_back(entry.get<std::string>());
            else if (entry.is_object() && entry.contains("name")) names.push_back(entry.value("name", std::string()));
        }
    }
    if (names.empty())
        for (const db::EngineRecord& engine : stored) names.push_back(engine.name);
    return names;
}

std::string comma_joined(const std::vector<std::string>& parts) {
    std::string text;
    for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
    return text;
}

// "ad0f15641d6b (new)" for each engine with a commit: the stored build's, else the config's build=.
std::string commits_text(const nlohmann::json& config, const std::vector<db::EngineRecord>& stored) {
    std::vector<std::string> commits;
    for (const db::EngineRecord& engine : stored)
        if (!engine.git_commit.empty()) commits.push_back(engine.git_commit.substr(0, 12) + " (" + engine.name + ")");
    if (!commits.empty() || !config.is_object() || !config.contains("engines") || !config["engines"].is_array())
        return comma_joined(commits);
    for (const nlohmann::json& entry : config["engines"])
        if (entry.is_object() && entry.contains("build") && entry["build"].is_string())
            commits.push_back(entry["build"].get<std::string>().substr(0, 12) + " (" +
                              entry.value("name", std::string()) + ")");
    return comma_joined(commits);
}

// "H1 (LLR 2.96)", "continue (LLR -0.03)"; empty for a run without an SPRT or of several pairings.
std::string sprt_text(db::Database& database, const db::RunRecord& run, const nlohmann::json& config) {
    const auto sprt = run_sprt_of(config);
    if (!sprt) return {};
    const std::vector<Matchup> matchups = run_matchups(database, run.id, first_engine_of(config));
    if (matchups.size() != 1) return {};
    const Matchup& m = matchups.front();
    const stats::SprtResult result = sprt_result(*sprt, m.wdl, m.penta, m.complete_pairs);
    char text[64];
    std::snprintf(text, sizeof text, "%s (LLR %.2f)", std::string(stats::decision_name(result.decision)).c_str(),
                  result.llr + 0.0);
    return text;
}

std::string minutes_of(const std::string& iso_timestamp) {
    std::string text = iso_timestamp.substr(0, 16);
    if (text.size() > 10 && text[10] == 'T') text[10] = ' ';
    return text;
}

std::vector<std::string> run_row(db::Database& database, const db::RunRecord& run) {
    const nlohmann::json config = nlohmann::json::parse(run.config_json, nullptr, false);
    const std::vector<db::EngineRecord> stored = database.engines_of_run(run.id);
    db::ResultFilter filter;
    filter.run_ids.push_back(run.id);
    const std::string games = run.kind == db::RunKind::epd ? "" : std::to_string(database.count_games(filter));
    return {std::to_string(run.id),
            std::string(db::to_string(run.kind)),
            std::string(db::to_string(run.status)),
            minutes_of(run.started_at),
            comma_joined(engine_names(config, stored)),
            commits_text(config, stored),
            games,
            sprt_text(database, run, config)};
}

}  // namespace

std::int64_t latest_run_id(db::Database& database) {
    const std::vector<db::RunRecord> runs = database.list_runs();
    if (runs.empty()) throw std::runtime_error("no run in " + database.path());
    const db::RunRecord* latest = &runs.front();
    for (const db::RunRecord& run : runs)
        if (run.started_at >= latest->started_at) latest = &run;  // by id: equal starts go to the later
    return latest->id;
}

Report build_runs_report(db::Database& database) {
    Report report;
    report.title = "Runs";
    report.notes.push_back("Database: " + database.path());
    Section section;
    Table table;
    table.columns = {"Run", "Kind", "Status", "Started", "Engines", "Commits", "Games", "SPRT"};
    table.numeric = {true, false, false, false, false, false, true, false};
    for (const db::RunRecord& run : database.list_runs()) table.rows.push_back(run_row(database, run));
    if (table.rows.empty()) section.paragraphs.push_back("No runs in " + database.path() + ".");
    else section.tables.push_back(std::move(table));
    report.sections.push_back(std::move(section));
    return report;
}

}  // namespace arbiter::reports
