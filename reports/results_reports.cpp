#include "reports/results_reports.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "harness/stats/elo.h"
#include "reports/report_text.h"
#include "harness/stats/sprt.h"

namespace arbiter::reports {
namespace {

struct Matchup {
    std::string player, opponent;
    stats::WdlCounts wdl;
    stats::PentaCounts penta;
    std::int64_t complete_pairs = 0;
};

// The one conversion from db's counts to stats' types: db/ sits below harness/ and cannot use
// harness/stats, so its queries return their own RunPairStats.
void add_run_stats(Matchup& matchup, const db::RunPairStats& stats) {
    matchup.wdl.wins += stats.wins;
    matchup.wdl.draws += stats.draws;
    matchup.wdl.losses += stats.losses;
    const auto& p = stats.pentanomial;
    matchup.penta.ll += p[0], matchup.penta.ld += p[1], matchup.penta.dd_wl += p[2], matchup.penta.wd += p[3], matchup.penta.ww += p[4];
    matchup.complete_pairs += p[0] + p[1] + p[2] + p[3] + p[4];
}

// Pentanomial when pairs were completed (the honest error for paired openings), else W/D/L.
stats::EloEstimate estimate(const Matchup& matchup) {
    if (matchup.complete_pairs > 0) return stats::estimate_elo(matchup.penta);
    return stats::estimate_elo(matchup.wdl);
}

std::string penta_text(const Matchup& m) {
    if (m.complete_pairs == 0) return "";
    return "[" + std::to_string(m.penta.ll) + ", " + std::to_string(m.penta.ld) + ", " + std::to_string(m.penta.dd_wl) +
           ", " + std::to_string(m.penta.wd) + ", " + std::to_string(m.penta.ww) + "]";
}

Table matchup_table(const std::vector<Matchup>& matchups, bool with_llr, const nlohmann::json& sprt) {
    Table table;
    table.columns = {"Player", "Opponent", "Games", "W", "D", "L", "Score %", "Elo", "LOS %", "Pentanomial [LL, LD, DD+WL, WD, WW]"};
    table.numeric = {false, false, true, true, true, true, true, true, true, false};
    if (with_llr) table.columns.push_back("LLR (bounds)"), table.numeric.push_back(true);
    for (const Matchup& m : matchups) {
        const std::int64_t games = m.wdl.wins + m.wdl.draws + m.wdl.losses;
        if (games == 0) continue;
        const stats::EloEstimate e = estimate(m);
        const double score = (static_cast<double>(m.wdl.wins) + 0.5 * static_cast<double>(m.wdl.draws)) / static_cast<double>(games);
        std::vector<std::string> row{m.player, m.opponent, std::to_string(games), std::to_string(m.wdl.wins),
                                     std::to_string(m.wdl.draws), std::to_string(m.wdl.losses), percent(score),
                                     difference_cell(e.elo, e.elo_error), percent(e.los), penta_text(m)};
        if (with_llr) {
            stats::SprtParameters params{sprt.value("elo0", 0.0), sprt.value("elo1", 5.0), sprt.value("alpha", 0.05),
                                         sprt.value("beta", 0.05), stats::EloModel::normalized};
            stats::parse_model(sprt.value("model", std::string("normalized")), params.model);
            const bool trinomial = sprt.value("trinomial", false) || m.complete_pairs == 0 ||
                                   params.model == stats::EloModel::bayesian;  // W/D/L only, as in fastchess
            const stats::SprtResult result = trinomial ? stats::run_sprt(m.wdl, params) : stats::run_sprt(m.penta, params);
            char text[96];
            std::snprintf(text, sizeof text, "%.2f (%.2f, %.2f) %s", result.llr, result.lower_bound, result.upper_bound,
                          std::string(stats::decision_name(result.decision)).c_str());
            row.push_back(text);
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

// Games the configuration asks for (in this shard's pair range when it has one), when it says.
std::optional<std::int64_t> planned_games(const db::RunRecord& run, const nlohmann::json& config) {
    if (!config.is_object() || !config.contains("engines") || !config["engines"].is_array()) return std::nullopt;
    const auto engines = static_cast<std::int64_t>(config["engines"].size());
    const std::string tournament = config.value("tournament", std::string("round-robin"));
    if (tournament == "knockout") return std::nullopt;  // tied encounters go on
    const bool fastchess = config.value("schedule", std::string()) == "fastchess";
    // A gauntlet's seeds each play the others (fastchess: the engines after them, seeds included).
    const std::int64_t seeds =
        std::clamp<std::int64_t>(config.value("seeds", 0), 1, std::max<std::int64_t>(engines - 1, 1));
    const std::int64_t pairings = engines == 2              ? 1
                                  : tournament != "gauntlet" ? engines * (engines - 1) / 2
                                  : fastchess               ? seeds * engines - seeds * (seeds + 1) / 2
                                                            : seeds * (engines - seeds);
    const std::int64_t total = pairings * config.value("games", 1) * config.value("rounds", 1);
    if (run.pair_begin && run.pair_end) {
        const std::int64_t per_pair = fastchess                        ? config.value("games", 1)
                                      : config.value("repeat", false) ? config.value("repeat_count", 2)
                                                                      : 1;
        return std::min(total, (*run.pair_end - *run.pair_begin) * per_pair);
    }
    return total;
}

std::vector<std::string> run_notes(const db::RunRecord& run, std::int64_t stored, std::optional<std::int64_t> planned) {
    std::vector<std::string> notes;
    notes.push_back("Kind " + std::string(db::to_string(run.kind)) + ", status " + std::string(db::to_string(run.status)) +
                    ", started " + run.started_at + (run.finished_at ? ", finished " + *run.finished_at : std::string()));
    if (!run.time_control.empty()) notes.push_back("Time control: " + run.time_control);
    if (run.ladder) notes.push_back("Ladder: " + *run.ladder);
    if (run.shard_count > 1 || run.shard_index == 0)
        notes.push_back(run.shard_index == 0 ? "Several shards merged" : "Shard " + std::to_string(run.shard_index) + "/" + std::to_string(run.shard_count));
    std::string progress = "Progress: " + std::to_string(stored) + " games stored";
    if (planned && *planned > 0) progress += " of " + std::to_string(*planned) + " planned (" + percent(static_cast<double>(stored) / static_cast<double>(*planned)) + " %)";
    notes.push_back(progress);
    return notes;
}

Section epd_section(db::Database& database, std::int64_t run_id) {
    std::map<std::pair<std::string, std::string>, std::pair<std::int64_t, std::int64_t>> by_engine;
    for (const auto& row : database.epd_results_of_run(run_id)) {
        auto& [answered, solved] = by_engine[{row.engine, row.suite}];
        ++answered;
        solved += row.solved ? 1 : 0;
    }
    Section section;
    section.heading = "EPD results";
    Table table;
    table.columns = {"Engine", "Suite", "Answered", "Solved", "Solved %"};
    table.numeric = {false, false, true, true, true};
    for (const auto& [key, counts] : by_engine) {
        table.rows.push_back({key.first, key.second, std::to_string(counts.first), std::to_string(counts.second),
                              percent(static_cast<double>(counts.second) / static_cast<double>(counts.first))});
    }
    section.tables.push_back(std::move(table));
    return section;
}

// Pairings of the run oriented from the config's first engine (the tested one) when it plays.
std::vector<Matchup> run_matchups(db::Database& database, std::int64_t run_id, const std::string& first_engine) {
    db::ResultFilter filter;
    filter.run_ids.push_back(run_id);
    std::map<std::pair<std::string, std::string>, bool> pairings;
    for (const auto& pair : database.pair_results(filter)) {
        std::string a = pair.white, b = pair.black;
        if (b == first_engine || (a != first_engine && b < a)) std::swap(a, b);
        pairings[{a, b}] = true;
    }
    std::vector<Matchup> matchups;
    for (const auto& [players, unused] : pairings) {
        Matchup matchup{players.first, players.second, {}, {}, 0};
        for (const auto& stats : database.pair_stats_by_run(players.first, players.second, filter)) add_run_stats(matchup, stats);
        matchups.push_back(matchup);
    }
    return matchups;
}

}  // namespace

Report build_run_report(db::Database& database, std::int64_t run_id) {
    const auto run = database.run_by_id(run_id);
    if (!run) throw std::runtime_error("no run " + std::to_string(run_id) + " in " + database.path());
    const nlohmann::json config = nlohmann::json::parse(run->config_json, nullptr, false);
    db::ResultFilter filter;
    filter.run_ids.push_back(run_id);
    Report report;
    report.title = "Run " + std::to_string(run_id);
    if (run->kind == db::RunKind::epd) {
        report.notes = run_notes(*run, 0, std::nullopt);
        report.notes.back() = "Progress: " + std::to_string(database.epd_results_of_run(run_id).size()) + " positions answered";
        report.sections.push_back(epd_section(database, run_id));
        return report;
    }
    report.notes = run_notes(*run, database.count_games(filter), planned_games(*run, config));
    std::string first_engine;
    if (config.is_object() && config.contains("engines") && config["engines"].is_array() && !config["engines"].empty())
        first_engine = config["engines"][0].value("name", std::string());
    const bool has_sprt = config.is_object() && config.contains("sprt") && config["sprt"].is_object();
    const std::vector<Matchup> matchups = run_matchups(database, run_id, first_engine);
    Section section;
    section.heading = "Results per pairing";
    section.paragraphs.push_back("Elo and LOS from the pentanomial counts of completed opening pairs when there are any, else from W/D/L; Elo \xC2\xB1 95% error.");
    section.tables.push_back(matchup_table(matchups, has_sprt && matchups.size() == 1, has_sprt ? config["sprt"] : nlohmann::json()));
    report.sections.push_back(std::move(section));
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
        chart.series.points.push_back({opponent, e.elo, e.elo_error});
        matchups.push_back(matchup);
    }
    section.heading = "Opponents";
    section.charts.push_back(chart);
    section.tables.push_back(matchup_table(matchups, false, nlohmann::json()));
    report.sections.push_back(std::move(section));
    return report;
}

}  // namespace arbiter::reports
