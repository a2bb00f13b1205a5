#include "harness/ladder/ladder_stored.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <thread>

#include <nlohmann/json.hpp>

#include "harness/stats/ladder_efficiency.h"
#include "harness/stats/stored_counts.h"

namespace arbiter::ladder::detail {
namespace {

// The engine names of a game run, in its config's order; empty for the ladder's own and EPD runs.
std::vector<std::string> run_engines(const db::RunRecord& run) {
    std::vector<std::string> names;
    if (run.kind == db::RunKind::ladder || run.kind == db::RunKind::epd) return names;
    const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
    if (!config.is_object() || !config.contains("engines") || !config["engines"].is_array()) return names;
    for (const auto& engine : config["engines"])
        names.push_back(engine.is_object() ? engine.value("name", std::string()) : std::string());
    return names;
}

std::string two_decimals(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.2f", value);
    return text;
}

}  // namespace

std::vector<std::string> step_players(const LadderPlan& plan) {
    std::vector<std::string> players;
    for (const auto& step : plan.steps) players.push_back(step.player);
    return players;
}

stats::LadderFit stored_ladder_fit(const LadderPlan& plan, db::Database& database) {
    db::ResultFilter filter;
    filter.ladder = plan.ladder;
    const stats::PairMatrix matrix = stats::matrix_of_stored_pairs(database.pair_results(filter));
    std::map<std::string, double> anchors;
    for (const auto& opponent : plan.opponents)
        if (opponent.anchor) anchors[opponent.name] = *opponent.anchor;
    return stats::fit_ladder(matrix, anchors);
}

std::optional<std::int64_t> newest_run_of(db::Database& database, const std::string& ladder,
                                          const std::vector<std::string>& engines) {
    std::optional<std::int64_t> found;
    for (const auto& run : database.runs_of_ladder(ladder)) {  // by id: the last match is the newest
        const std::vector<std::string> names = run_engines(run);
        const bool match = engines.size() == 1 ? !names.empty() && names.front() == engines.front() : names == engines;
        if (match) found = run.id;
    }
    return found;
}

std::int64_t step_games_stored(db::Database& database, const std::string& ladder, const std::string& player) {
    db::ResultFilter filter;
    for (const auto& run : database.runs_of_ladder(ladder)) {
        const std::vector<std::string> names = run_engines(run);
        if (!names.empty() && names.front() == player) filter.run_ids.push_back(run.id);
    }
    return filter.run_ids.empty() ? 0 : database.count_games(filter);
}

int worker_count(const RunnerOptions& options) {
    if (options.concurrency > 0) return options.concurrency;
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void print_information(const stats::LadderFit& fit, const std::vector<std::string>& steps, std::ostream& out) {
    if (!fit.table) return;
    if (const auto efficiency = stats::information_efficiency(*fit.table)) {
        char value[32];
        std::snprintf(value, sizeof value, "%.2f", efficiency->efficiency);
        out << "information efficiency " << value << " over " << efficiency->games
            << " games: sum of E(1-E) / (0.25 per game), E each game's expected score from the fitted ratings\n";
    }
    const auto correlations = stats::adjacent_improvement_correlations(*fit.table, steps);
    if (const auto summary = stats::summarize_correlations(correlations)) {
        out << "adjacent improvements correlate " << two_decimals(summary->mean) << " on average (from "
            << two_decimals(summary->lowest) << " to " << two_decimals(summary->highest) << ", " << summary->pairs
            << (summary->pairs == 1 ? " pair" : " pairs") << " of improvements), from the fit's covariance\n";
    }
}

}  // namespace arbiter::ladder::detail
