#include "reports/matchups.h"

#include <map>
#include <utility>

namespace arbiter::reports {

// The one conversion from db's counts to stats' types: db/ sits below harness/ and cannot use
// harness/stats, so its queries return their own RunPairStats.
void add_run_stats(Matchup& matchup, const db::RunPairStats& stats) {
    matchup.wdl.wins += stats.wins;
    matchup.wdl.draws += stats.draws;
    matchup.wdl.losses += stats.losses;
    const auto& p = stats.pentanomial;
    matchup.penta.ll += p[0], matchup.penta.ld += p[1], matchup.penta.dd_wl += p[2], matchup.penta.wd += p[3],
        matchup.penta.ww += p[4];
    matchup.complete_pairs += p[0] + p[1] + p[2] + p[3] + p[4];
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
