#include "reports/feature_report.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "harness/stats/ladder_fit.h"
#include "harness/stats/ratings.h"
#include "harness/stats/ratings_output.h"
#include "harness/stats/stored_counts.h"
#include "reports/commits_report.h"
#include "reports/ladder_precision.h"
#include "reports/ladder_wac.h"
#include "reports/report_text.h"
#include "reports/seed_comparison.h"
#include "reports/speed_knowledge.h"

namespace arbiter::reports {
namespace {

struct LadderData {
    std::string name;
    std::vector<db::LadderStepRecord> steps;
    nlohmann::json plan = nlohmann::json::object();  // the ladder run's config: anchors, smoke, tc
    std::vector<db::RunRecord> runs;
    std::map<std::string, WacFigures> wac;  // per player (reports/ladder_wac.h)
    stats::LadderFit fit;
    std::vector<stats::StepImprovement> improvements;
};

std::string pick_ladder(db::Database& database, const std::optional<std::string>& wanted) {
    const std::vector<std::string> names = database.ladder_names();
    std::string listing;
    for (const auto& name : names) listing += (listing.empty() ? "" : ", ") + name;
    if (wanted) {
        if (std::find(names.begin(), names.end(), *wanted) == names.end())
            throw std::runtime_error(
                "no ladder '" + *wanted + "' in " + database.path() +
                (names.empty() ? std::string(" (it holds none)") : " (it holds: " + listing + ")"));
        return *wanted;
    }
    if (names.size() == 1) return names.front();
    if (names.empty())
        throw std::runtime_error(database.path() + " holds no ladder; run `arbiter ladder CONFIG --db " +
                                 database.path() + "` first");
    throw std::runtime_error(database.path() + " holds several ladders (" + listing +
                             "): choose one with --ladder NAME");
}

void fit_ratings(db::Database& database, LadderData& data) {
    db::ResultFilter filter;
    filter.ladder = data.name;
    stats::PairMatrix matrix = stats::matrix_of_stored_pairs(database.pair_results(filter));
    std::map<std::string, double> anchors;
    const nlohmann::json plan_anchors =
        data.plan.value("anchors", nlohmann::json::object());  // a named copy: items() must not outlive it
    for (const auto& [player, rating] : plan_anchors.items())
        if (rating.is_number()) anchors[player] = rating.get<double>();
    data.fit = stats::fit_ladder(matrix, anchors);
    std::vector<std::string> players;
    for (const auto& step : data.steps) players.push_back(step.player);
    data.improvements = stats::step_improvements(data.fit, players);
}

// Few games (a smoke run) often leave someone with a perfect score against a whole group, where no
// finite maximum-likelihood rating exists; BayesElo's prior of virtual draws keeps it finite.
std::string fit_note(const LadderData& data) {
    if (!data.fit.from_bayeselo) return "";
    return "Maximum likelihood has no finite solution on these games (" + data.fit.problem +
           "); the ratings are BayesElo's instead (prior: 2 virtual draws per pair of players that met).";
}

std::string fit_problem(const LadderData& data) { return data.fit.table ? std::string() : data.fit.problem; }

LadderData load_ladder(db::Database& database, const std::string& name) {
    LadderData data;
    data.name = name;
    data.steps = database.ladder_steps(name);
    data.runs = database.runs_of_ladder(name);
    for (const auto& run : data.runs) {
        if (run.kind != db::RunKind::ladder) continue;
        auto parsed = nlohmann::json::parse(run.config_json, nullptr, false);
        if (parsed.is_object()) data.plan = parsed;  // the newest ladder run wins (runs come by id)
    }
    data.wac = ladder_wac(database.ladder_epd_scores(name), data.plan);
    fit_ratings(database, data);
    return data;
}

std::optional<std::size_t> player_index(const LadderData& data, const std::string& player) {
    if (!data.fit.table) return std::nullopt;
    return data.fit.table->results.find(player);
}

// The step's own date, else the day its first gauntlet started.
std::string step_date(const LadderData& data, const db::LadderStepRecord& step) {
    if (!step.step_date.empty()) return step.step_date;
    for (const auto& run : data.runs) {
        const auto index = gauntlet_step(run, data.steps);
        if (index && data.steps[*index].player == step.player) return date_of(run.started_at);
    }
    return "";
}

std::string step_rev(const db::LadderStepRecord& step, db::Database& database) {
    if (!step.rev.empty()) return short_rev(step.rev);
    if (step.engine_id) {
        const auto engine = database.engine_by_id(*step.engine_id);
        if (engine && !engine->git_commit.empty()) return short_rev(engine->git_commit);
    }
    return "";
}

struct StepFigures {
    std::optional<double> rating, error, improvement, improvement_error;
    // A step placed for a perfect or null score has a floor or ceiling, and so may its improvement.
    stats::RatingBound bound = stats::RatingBound::exact, improvement_bound = stats::RatingBound::exact;
    std::int64_t games = 0;
    std::optional<WacFigures> wac;
};

std::vector<StepFigures> step_figures(const LadderData& data) {
    std::vector<StepFigures> figures(data.steps.size());
    for (std::size_t i = 0; i < data.steps.size(); ++i) {
        StepFigures& f = figures[i];
        if (auto it = data.wac.find(data.steps[i].player); it != data.wac.end()) f.wac = it->second;
        const auto index = player_index(data, data.steps[i].player);
        if (!index) continue;
        const stats::PlayerRating& rating = data.fit.table->players[*index];
        f.rating = rating.rating;
        f.error = rating.error95;
        f.bound = rating.bound;
        f.games = rating.record.games();
        f.improvement = data.improvements[i].value;
        f.improvement_error = data.improvements[i].error95;
        f.improvement_bound = data.improvements[i].bound;
    }
    return figures;
}

// "> 2704 (16)": a floor or ceiling keeps its mark in the cells, as the Ordo table's '>' and '<'.
std::string marked(stats::RatingBound bound, const std::string& cell) {
    return bound == stats::RatingBound::exact ? cell : std::string(stats::bound_marker(bound)) + " " + cell;
}

std::string wac_cell(const StepFigures& f) { return f.wac ? wac_cell(*f.wac) : ""; }

std::string improvement_cell(const StepFigures& f) {
    return f.improvement ? marked(f.improvement_bound, difference_cell(*f.improvement, f.improvement_error)) : "";
}

// "3010 ± 24": a rating without its games, for the comparison table.
std::string rating_without_games(double rating, std::optional<double> error95) {
    return whole(rating) + (error95 && *error95 > 0 ? " \xC2\xB1 " + whole(*error95) : std::string());
}

Table steps_table(const LadderData& data, const std::vector<StepFigures>& figures, db::Database& database) {
    const bool depth = shows_wac_depth(data.plan);
    Table table;
    table.caption = "Feature ladder " + data.name;
    table.columns = {"Feature", "Category", "Date", "Rev", "WAC", "Elo Rating", "Improvement"};
    table.numeric = {false, false, false, false, true, true, true};
    if (depth) {
        table.columns.insert(table.columns.begin() + 5, "WAC depth");
        table.numeric.insert(table.numeric.begin() + 5, true);
    }
    for (std::size_t i = 0; i < data.steps.size(); ++i) {
        const auto& step = data.steps[i];
        const StepFigures& f = figures[i];
        const std::string elo = f.rating ? marked(f.bound, rating_cell(*f.rating, f.error, f.games)) : "";
        std::vector<std::string> row{step.label,  step.category, step_date(data, step), step_rev(step, database),
                                     wac_cell(f), elo,           improvement_cell(f)};
        if (depth) row.insert(row.begin() + 5, f.wac ? wac_depth_cell(*f.wac) : "");
        table.rows.push_back(std::move(row));
    }
    return table;
}

// Our side of "The seed beside ours": the Steps table's cells, and the improvement when it is exact.
std::vector<OurStepFigures> our_figures(const LadderData& data, const std::vector<StepFigures>& figures) {
    std::vector<OurStepFigures> ours;
    for (std::size_t i = 0; i < data.steps.size(); ++i) {
        const StepFigures& f = figures[i];
        OurStepFigures step{data.steps[i].label, wac_cell(f), "", improvement_cell(f), std::nullopt, std::nullopt};
        if (f.rating) step.elo = marked(f.bound, rating_without_games(*f.rating, f.error));
        if (f.improvement && f.improvement_bound == stats::RatingBound::exact) {
            step.improvement = f.improvement;
            step.improvement_error95 = f.improvement_error;
        }
        ours.push_back(std::move(step));
    }
    return ours;
}

Table players_table(const stats::RatingTable& ratings) {
    Table table;
    table.caption = "Every player of the fit";
    table.columns = {"#", "Player", "Elo", "Error", "Games", "W", "D", "L", "Score %", "Anchor"};
    table.numeric = {true, false, true, true, true, true, true, true, true, false};
    for (std::size_t rank = 0; rank < ratings.ranking.size(); ++rank) {
        const stats::PlayerRating& p = ratings.players[ratings.ranking[rank]];
        const std::string bound = p.bound == stats::RatingBound::at_least  ? ">"
                                  : p.bound == stats::RatingBound::at_most ? "<"
                                                                           : "";
        table.rows.push_back({std::to_string(rank + 1), p.name, bound + whole(p.rating),
                              p.error95 && *p.error95 > 0 ? whole(*p.error95) : "", std::to_string(p.record.games()),
                              std::to_string(p.record.wins), std::to_string(p.record.draws),
                              std::to_string(p.record.losses), percent(p.score), p.anchor ? "fixed" : ""});
    }
    return table;
}

std::string chart_label(const db::LadderStepRecord& step) {
    const std::string number = std::to_string(step.step_index + 1);
    return (number.size() < 2 ? "0" : "") + number + " " + step.label.substr(0, 22);
}

std::vector<Chart> ladder_charts(const LadderData& data, const std::vector<StepFigures>& figures) {
    Chart elo{"ladder-elo", "Elo per step (95% error bars)", "Elo", ChartKind::points_with_errors, {"Elo", {}}};
    Chart gain{"ladder-improvement", "Improvement over the previous step", "Elo", ChartKind::bars, {"Improvement", {}}};
    Chart wac{"ladder-wac", "WAC solved per step", "solved", ChartKind::bars, {"WAC", {}}};
    for (std::size_t i = 0; i < data.steps.size(); ++i) {
        const std::string label = chart_label(data.steps[i]);
        elo.series.points.push_back(
            {label, figures[i].rating, figures[i].error, stats::bound_marker(figures[i].bound)});
        gain.series.points.push_back({label, figures[i].improvement, figures[i].improvement_error,
                                      stats::bound_marker(figures[i].improvement_bound)});
        std::optional<double> solved;
        if (figures[i].wac) solved = mean_solved(*figures[i].wac);
        wac.series.points.push_back({label, solved, std::nullopt});
    }
    return {elo, gain, wac};
}

std::vector<std::string> ordo_blocks(const LadderData& data) {
    std::vector<std::string> blocks;
    for (const auto& step : data.steps) {
        const auto index = player_index(data, step.player);
        if (!index) continue;
        std::ostringstream block;
        stats::print_player_block(block, *data.fit.table, *index);
        blocks.push_back(block.str());
    }
    return blocks;
}

// How the games were played, from the steps' gauntlet runs (they share one opening setup and
// adjudication; differing runs are listed once each): what a reader needs to repeat the table.
std::string games_note(const LadderData& data) {
    std::set<std::string> setups;
    std::set<std::string> step_binaries;
    for (const auto& run : data.runs) {
        if (!gauntlet_step(run, data.steps)) continue;
        const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
        if (!config.is_object() || !config.contains("openings") || !config["openings"].is_object()) continue;
        const auto& book = config["openings"];
        std::string setup = book.value("file", std::string("?")) + " (" + book.value("format", std::string("?")) +
                            ", " + book.value("order", std::string("sequential")) + " order, seed " +
                            config.value("seed", nlohmann::json()).dump() + ")";
        if (config.value("repeat", false)) setup += ", each opening with both colours";
        setups.insert(setup);
        const auto& engines = config.value("engines", nlohmann::json::array());
        const auto& files = config.value("engine_files", nlohmann::json::array());
        if (!engines.empty() && !files.empty() && engines[0].is_object() && files[0].is_string())
            step_binaries.insert(engines[0].value("cmd", std::string("?")) + " (file " + files[0].get<std::string>() +
                                 ")");
    }
    if (setups.empty()) return {};
    const auto listed = [](const std::set<std::string>& items) {
        std::string text;
        for (const auto& item : items) text += (text.empty() ? "" : "; ") + item;
        return text;
    };
    return "Openings: " + listed(setups) + ". Step engine: " + listed(step_binaries);
}

// The time controls the games were played at, from the stored game runs ("1.2+0.01").
std::string played_controls(const LadderData& data) {
    std::set<std::string> controls;
    for (const auto& run : data.runs)
        if (run.kind != db::RunKind::ladder && run.kind != db::RunKind::epd && !run.time_control.empty())
            controls.insert(run.time_control);
    // Node-limited games have no clock: their runs say "inf", the plan says "nodes=N".
    controls.erase("inf");
    std::string played;
    for (const auto& control : controls) played += (played.empty() ? "" : ", ") + control;
    return played;
}

// "madchess-2.0-tc0.01-target at 1.2+0.01": the clock in the title, so that nobody takes the table
// for one played at the seed's clock. Node-limited runs name the plan's limit instead.
std::string titled_name(const LadderData& data) {
    std::string clock = played_controls(data);
    if (clock.empty() && data.plan.contains("time_control") && data.plan["time_control"].is_string())
        clock = data.plan["time_control"].get<std::string>();
    return clock.empty() ? data.name : data.name + " at " + clock;
}

std::vector<std::string> ladder_notes(const LadderData& data, db::Database& database) {
    std::vector<std::string> notes;
    const nlohmann::json& plan = data.plan;
    if (plan.value("smoke", false)) {
        const std::string games = plan.contains("target")
                                      ? std::string("games up to a precision target")
                                      : std::to_string(plan.value("games_per_opponent", 0)) + " games per opponent";
        notes.push_back("SMOKE RUN: fixed " + plan.value("time_control", std::string("nodes")) + ", " + games +
                        ", a few WAC positions. It checks the pipeline; the figures say little about strength.");
    }
    const std::string played = played_controls(data);
    if (plan.contains("time_control")) {
        notes.push_back("Time control played: " + (played.empty() ? plan["time_control"].get<std::string>() : played) +
                        " (ladder plan: " + plan["time_control"].get<std::string>() + ", tc scale " +
                        nlohmann::json(plan.value("tc_scale", 1.0)).dump() + ")");
    } else if (!played.empty()) {
        notes.push_back("Time control played: " + played);
    }
    if (std::string wac = wac_note(plan); !wac.empty()) notes.push_back(std::move(wac));
    if (std::string games = games_note(data); !games.empty()) notes.push_back(std::move(games));
    std::string anchors;
    const nlohmann::json anchor_list = plan.value("anchors", nlohmann::json::object());
    for (const auto& [player, rating] : anchor_list.items())
        if (rating.is_number()) anchors += (anchors.empty() ? "" : ", ") + player + " " + whole(rating.get<double>());
    notes.push_back(
        "Ratings: joint maximum-likelihood fit over the ladder's " + std::to_string(data.fit.games) + " games; " +
        (anchors.empty() ? std::string("no anchors (pool average 2300)") : "anchors fixed: " + anchors) +
        ". Elo Rating: rating \xC2\xB1 95% error (games). Improvement: difference to the previous step \xC2\xB1 95% error of the difference.");
    notes.push_back("Database: " + database.path());
    return notes;
}

}  // namespace

Report build_feature_report(db::Database& database, const FeatureReportOptions& options) {
    const LadderData data = load_ladder(database, pick_ladder(database, options.ladder));
    const std::vector<StepFigures> figures = step_figures(data);
    Report report;
    report.title = "Feature ladder: " + titled_name(data);
    report.notes = ladder_notes(data, database);
    Section ladder;
    ladder.heading = "Steps";
    if (!fit_problem(data).empty()) ladder.paragraphs.push_back("No ratings: " + fit_problem(data));
    if (!fit_note(data).empty()) ladder.paragraphs.push_back(fit_note(data));
    ladder.charts = ladder_charts(data, figures);
    ladder.tables.push_back(steps_table(data, figures, database));
    report.sections.push_back(std::move(ladder));
    if (auto seed = seed_comparison_section(data.plan, our_figures(data, figures)))
        report.sections.push_back(std::move(*seed));
    std::vector<std::string> improvements;
    for (const StepFigures& f : figures) improvements.push_back(improvement_cell(f));
    if (auto measured = speed_knowledge_section(database, {data.name, data.plan, data.steps, improvements}))
        report.sections.push_back(std::move(*measured));
    if (data.fit.table) {
        Section blocks;
        blocks.heading = "Results per step (Ordo style)";
        blocks.blocks = ordo_blocks(data);
        blocks.tables.push_back(players_table(*data.fit.table));
        report.sections.push_back(std::move(blocks));
    }
    report.sections.push_back(precision_section(
        database, LadderPrecisionInput{data.plan, data.steps, data.runs, data.fit, data.improvements}));
    if (options.engine) {
        for (auto& section : commits_sections(database, *options.engine, options.suite))
            report.sections.push_back(std::move(section));
    }
    return report;
}

}  // namespace arbiter::reports
