#include "reports/runs_report.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "reports/matchups.h"
#include "reports/report_text.h"
#include "reports/run_engines.h"
#include "reports/run_sprt.h"
#include "reports/run_status.h"

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

std::string minutes_of(const std::string& iso_timestamp) {
    std::string text = iso_timestamp.substr(0, 16);
    if (text.size() > 10 && text[10] == 'T') text[10] = ' ';
    return text;
}

// What a row counts: the games, W/D/L (the one pairing's from its first player, else summed over
// the pairings from each one's first player) and the one pairing's full counts when there is one.
struct RunFigures {
    std::int64_t games = 0;
    stats::WdlCounts wdl;
    std::optional<Matchup> pairing;
};

RunFigures figures_of(db::Database& database, const db::RunRecord& run, const std::string& first_engine) {
    RunFigures figures;
    const std::vector<Matchup> pairings = run_pairings(database, run.id, first_engine);
    for (const Matchup& m : pairings) figures.wdl += m.wdl;
    figures.games = figures.wdl.wins + figures.wdl.draws + figures.wdl.losses;
    if (pairings.size() == 1)
        figures.pairing = counted_matchup(database, run.id, pairings[0].player, pairings[0].opponent);
    return figures;
}

std::string games_text(std::int64_t games, std::optional<std::int64_t> planned) {
    if (!planned || *planned <= 0) return std::to_string(games);
    return std::to_string(games) + "/" + std::to_string(*planned);
}

std::string wdl_text(const stats::WdlCounts& wdl) {
    return std::to_string(wdl.wins) + "-" + std::to_string(wdl.draws) + "-" + std::to_string(wdl.losses);
}

std::string llr_text(const stats::SprtResult& result) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2f (%.2f, %.2f)", result.llr + 0.0, result.lower_bound + 0.0,
                  result.upper_bound + 0.0);
    return text;
}

// One table row with its link and meter.
struct RunRow {
    bool live = false;  // stored as running and not interrupted: listed first
    std::string started_at;
    std::int64_t id = 0;
    std::vector<std::string> cells;
    std::optional<Meter> meter;
};

RunRow run_row(db::Database& database, const db::RunRecord& run, const std::string& now) {
    const nlohmann::json config = nlohmann::json::parse(run.config_json, nullptr, false);
    const std::vector<db::EngineRecord> stored = database.engines_of_run(run.id);
    const bool epd = run.kind == db::RunKind::epd;
    const RunFigures figures = epd ? RunFigures{} : figures_of(database, run, first_engine_of(config));
    const std::optional<RunSprt> sprt = run_sprt_of(config);
    std::optional<stats::SprtResult> decided;
    if (sprt && figures.pairing && figures.games > 0) {
        const Matchup& m = *figures.pairing;
        decided = sprt_result(*sprt, m.wdl, m.penta, m.complete_pairs);
    }
    const std::optional<db::RunActivity> activity = liveness_of(database, run);
    const bool interrupted = activity && looks_interrupted(run, *activity, now);
    RunRow row;
    row.live = run.status == db::RunStatus::running && !interrupted;
    row.started_at = run.started_at;
    row.id = run.id;
    const bool has_elo = figures.pairing && figures.games > 0;
    row.cells = {std::to_string(run.id),
                 std::string(db::to_string(run.kind)),
                 run_status_text(run, interrupted, decided ? std::optional(decided->decision) : std::nullopt),
                 minutes_of(run.started_at),
                 comma_joined(engine_names(config, stored)),
                 run_limit_text(run, config),
                 epd ? "" : games_text(figures.games, planned_games(run, config)),
                 epd ? "" : wdl_text(figures.wdl),
                 has_elo ? elo_cell(estimate(*figures.pairing)) : "",
                 decided ? llr_text(*decided) : "",
                 commits_text(config, stored)};
    if (decided) row.meter = Meter{decided->llr, decided->lower_bound, decided->upper_bound};
    return row;
}

// Live runs first, then the others; newest first within each.
bool listed_before(const RunRow& a, const RunRow& b) {
    if (a.live != b.live) return a.live;
    if (a.started_at != b.started_at) return a.started_at > b.started_at;
    return a.id > b.id;
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

Report build_runs_report(db::Database& database, const RunsReportOptions& options) {
    const std::string now = options.now.empty() ? db::utc_now_iso() : options.now;
    Report report;
    report.title = "Runs";
    report.notes.push_back("Database: " + database.path());
    std::vector<RunRow> rows;
    for (const db::RunRecord& run : database.list_runs()) rows.push_back(run_row(database, run, now));
    std::sort(rows.begin(), rows.end(), listed_before);
    Section section;
    Table table;
    table.columns = {"Run",   "Kind",  "Status",       "Started", "Engines", "TC",
                     "Games", "W-D-L", "Elo \xC2\xB1", "LLR",     "Commits"};
    table.numeric = {true, false, false, false, false, false, true, true, true, true, false};
    table.meter_column = 9;
    for (RunRow& row : rows) {
        table.links.push_back(std::vector<std::string>(table.columns.size()));
        table.links.back()[0] = "runs/" + std::to_string(row.id);
        table.rows.push_back(std::move(row.cells));
        table.meters.push_back(row.meter);
    }
    if (table.rows.empty()) section.paragraphs.push_back("No runs in " + database.path() + ".");
    else section.tables.push_back(std::move(table));
    report.sections.push_back(std::move(section));
    return report;
}

}  // namespace arbiter::reports
