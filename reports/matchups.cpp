#include "reports/matchups.h"

#include <map>
#include <utility>

#include "harness/stats/stored_counts.h"

namespace arbiter::reports {

void add_run_stats(Matchup& matchup, const db::RunPairStats& stats) {
    matchup.wdl += stats::wdl_of(stats);
    const stats::PentaCounts penta = stats::penta_of(stats);
    matchup.penta += penta;
    matchup.complete_pairs += penta.pairs();
}

stats::EloEstimate estimate(const Matchup& matchup) {
    if (matchup.complete_pairs > 0) return stats::estimate_elo(matchup.penta);
    return stats::estimate_elo(matchup.wdl);
}

std::string first_engine_of(const nlohmann::json& config) {
    if (!config.is_object() || !config.contains("engines") || !config["engines"].is_array() ||
        config["engines"].empty())
        return {};
    const nlohmann::json& first = config["engines"][0];
    if (first.is_string()) return first.get<std::string>();
    return first.is_object() ? first.value("name", std::string()) : std::string();
}

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
        for (const auto& stats : database.pair_stats_by_run(players.first, players.second, filter))
            add_run_stats(matchup, stats);
        matchups.push_back(matchup);
    }
    return matchups;
}

}  // namespace arbiter::reports
