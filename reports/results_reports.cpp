#include "reports/results_reports.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "harness/stats/elo.h"
#include "harness/stats/sprt.h"
#include "reports/epd_report.h"
#include "reports/matchups.h"
#include "reports/report_text.h"
#include "reports/run_engines.h"
#include "reports/run_reproduce.h"
#include "reports/run_sprt.h"
#include "reports/run_status.h"
#include "reports/run_terminations.h"

namespace arbiter::reports {
namespace {

std::string penta_text(const Matchup& m) {
    if (m.complete_pairs == 0) return "";
    return "[" + std::to_string(m.penta.ll) + ", " + std::to_string(m.penta.ld) + ", " + std::to_string(m.penta.dd_wl) +
           ", " + std::to_string(m.penta.wd) + ", " + std::to_string(m.penta.ww) + "]";
}

std::string llr_cell(const RunSprt& sprt, const Matchup& m) {
    const stats::SprtResult result = sprt_result(sprt, m.wdl, m.penta, m.complete_pairs);
    char text[96];
    std::snprintf(text, sizeof text, "%.2f (%.2f, %.2f) %s", result.llr, result.lower_bound, result.upper_bound,
                  std::string(stats::decision_name(result.decision)).c_str());
    return text;
}

// `sprt`: the run's, when its LLR is shown (a run of one pairing).
Table matchup_table(const std::vector<Matchup>& matchups, const std::optional<RunSprt>& sprt) {
    Table table;
    table.columns = {"Player", "Opponent", "Games", "W",     "D",
                     "L",      "Score %",  "Elo",   "LOS %", "Pentanomial [LL, LD, DD+WL, WD, WW]"};
    table.numeric = {false, false, true, true, true, true, true, true, true, false};
    if (sprt) table.columns.push_back("LLR (bounds)"), table.numeric.push_back(true);
    for (const Matchup& m : matchups) {
        const std::int64_t games = m.wdl.wins + m.wdl.draws + m.wdl.losses;
        if (games == 0) continue;
        const stats::EloEstimate e = estimate(m);
        const double score =
            (static_cast<double>(m.wdl.wins) + 0.5 * static_cast<double>(m.wdl.draws)) / static_cast<double>(games);
        std::vector<std::string> row{m.player,
                                     m.opponent,
                                     std::to_string(games),
                                     std::to_string(m.wdl.wins),
                                     std::to_string(m.wdl.draws),
                                     std::to_string(m.wdl.losses),
                                     percent(score),
                                     elo_cell(e),
                                     percent(e.los),
                                     penta_text(m)};
        if (sprt) row.push_back(llr_cell(*sprt, m));
        table.rows.push_back(std::move(row));
    }
    return table;
}

// `shown`: the status the runs list shows (reports/run_status.h); the stored one follows when they differ.
std::vector<std::string> run_notes(const db::RunRecord& run, const nlohmann::json& config, std::int64_t stored,
                                   std::optional<std::int64_t> planned, const std::string& shown) {
    std::vector<std::string> notes;
    const std::string stored_status(db::to_string(run.status));
    const std::string status = shown == stored_status ? shown : shown + " (stored as " + stored_status + ")";
    notes.push_back("Kind " + std::string(db::to_string(run.kind)) + ", status " + status + ", started " +
                    run.started_at + (run.finished_at ? ", finished " + *run.finished_at : std::string()));
    if (const std::string limit = limit_note(run, config); !limit.empty()) notes.push_back(limit);
    if (const auto sprt = run_sprt_of(config)) notes.push_back(sprt_note(*sprt));
    if (run.ladder) notes.push_back("Ladder: " + *run.ladder);
    if (run.shard_count > 1 || run.shard_index == 0)
        notes.push_back(run.shard_index == 0
                            ? "Several shards merged"
                            : "Shard " + std::to_string(run.shard_index) + "/" + std::to_string(run.shard_count));
    std::string progress = "Progress: " + std::to_string(stored) + " games stored";
    if (planned && *planned > 0)
        progress += " of " + std::to_string(*planned) + " planned (" +
                    percent(static_cast<double>(stored) / static_cast<double>(*planned)) + " %)";
    notes.push_back(progress);
    return notes;
}

// The LLR and Elo charts of an SPRT run, or the Elo chart of any other run of one pairing.
Section trajectory_section(db::Database& database, std::int64_t run_id, const std::optional<RunSprt>& sprt,
                           const Matchup& matchup) {
    Section section;
    section.heading = sprt ? "SPRT over games" : "Elo over games";
    section.paragraphs.push_back(std::string(sprt ? "The LLR and the Elo" : "The Elo") + " of " + matchup.player +
                                 " against " + matchup.opponent +
                                 " after each stored game, in the order the games finished (HTML charts).");
    section.charts = pairing_charts(database, run_id, matchup, sprt);
    return section;
}

Section results_section(const std::vector<Matchup>& matchups, const std::optional<RunSprt>& shown_sprt) {
    Section section;
    section.heading = "Results per pairing";
    section.paragraphs.push_back(
        "Elo and LOS from the pentanomial counts of completed opening pairs when there are any, else from W/D/L; "
        "Elo \xC2\xB1 95% error.");
    section.tables.push_back(matchup_table(matchups, shown_sprt));
    return section;
}

}  // namespace

Report build_run_report(db::Database& database, std::int64_t run_id, const RunReportOptions& options) {
    const auto run = database.run_by_id(run_id);
    if (!run) throw std::runtime_error("no run " + std::to_string(run_id) + " in " + database.path());
    const nlohmann::json config = nlohmann::json::parse(run->config_json, nullptr, false);
    const std::string now = options.now.empty() ? db::utc_now_iso() : options.now;
    Report report;
    report.title = "Run " + std::to_string(run_id);
    if (run->kind == db::RunKind::epd) {
        report.notes = run_notes(*run, config, 0, std::nullopt, shown_status(database, *run, now, std::nullopt));
        report.notes.back() =
            "Progress: " + std::to_string(database.epd_results_of_run(run_id).size()) + " positions answered";
        report.sections.push_back(epd_summary_section(database, run_id));
        return report;
    }
    db::RunGamesQuery all_games;
    all_games.run_id = run_id;
    const std::int64_t stored = database.count_games_of_run(all_games);
    const std::optional<RunSprt> sprt = run_sprt_of(config);
    const std::vector<Matchup> matchups = run_matchups(database, run_id, first_engine_of(config));
    const bool one_pairing = matchups.size() == 1;
    std::optional<stats::SprtDecision> decided;
    if (sprt && one_pairing && stored > 0) {
        const Matchup& m = matchups.front();
        decided = sprt_result(*sprt, m.wdl, m.penta, m.complete_pairs).decision;
    }
    report.notes =
        run_notes(*run, config, stored, planned_games(*run, config), shown_status(database, *run, now, decided));
    report.sections.push_back(results_section(matchups, one_pairing ? sprt : std::nullopt));
    report.sections.push_back(engines_section(database, run_id, config));
    if (one_pairing) report.sections.push_back(trajectory_section(database, run_id, sprt, matchups.front()));
    report.sections.push_back(terminations_section(database, run_id));
    report.sections.push_back(games_section(database, run_id, stored, options.games));
    report.sections.push_back(reproduce_section(*run, database.path()));
    return report;
}

Report build_opponents_report(db::Database& database, const std::string& engine) {
    std::map<std::string, Matchup> by_opponent;
    for (const auto& pair : database.pair_results()) {
        if (pair.white != engine && pair.black != engine) continue;
        const std::string& opponent = pair.white == engine ? pair.black : pair.white;
        by_opponent.try_emplace(opponent, Matchup{engine, opponent, {}, {}, 0});
    }
    Report report;
    report.title = "Results by opponent: " + engine;
    report.notes.push_back("Every game of '" + engine + "' in " + database.path() + ", all runs together.");
    Section section;
    if (by_opponent.empty()) {
        section.paragraphs.push_back("No games of an engine named '" + engine + "'.");
        report.sections.push_back(std::move(section));
        return report;
    }
    std::vector<Matchup> matchups;
    Chart chart{"opponents-elo", "Elo difference by opponent (95% error)", "Elo", ChartKind::bars, {"Elo", {}}};
    for (auto& [opponent, matchup] : by_opponent) {
        for (const auto& stats : database.pair_stats_by_run(engine, opponent)) add_run_stats(matchup, stats);
        const stats::EloEstimate e = estimate(matchup);
        chart.series.points.push_back(elo_point(opponent, e));
        matchups.push_back(matchup);
    }
    section.heading = "Opponents";
    section.charts.push_back(chart);
    section.tables.push_back(matchup_table(matchups, std::nullopt));
    report.sections.push_back(std::move(section));
    return report;
}

}  // namespace arbiter::reports
