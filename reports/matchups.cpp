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

std::vector<Matchup> run_pairings(db::Database& database, std::int64_t run_id, const std::string& first_engine) {
    db::ResultFilter filter;
    filter.run_ids.push_back(run_id);
    std::map<std::pair<std::string, std::string>, Matchup> pairings;
    for (const auto& pair : database.pair_results(filter)) {
        std::string a = pair.white, b = pair.black;
        if (b == first_engine || (a != first_engine && b < a)) std::swap(a, b);
        Matchup& matchup = pairings.try_emplace({a, b}, Matchup{a, b, {}, {}, 0}).first->second;
        const bool a_white = pair.white == a;
        matchup.wdl.wins += a_white ? pair.white_wins : pair.black_wins;
        matchup.wdl.draws += pair.draws;
        matchup.wdl.losses += a_white ? pair.black_wins : pair.white_wins;
    }
    std::vector<Matchup> matchups;
    for (auto& [players, matchup] : pairings) matchups.push_back(std::move(matchup));
    return matchups;
}

Matchup counted_matchup(db::Database& database, std::int64_t run_id, const std::string& player,
                        const std::string& opponent) {
    db::ResultFilter filter;
    filter.run_ids.push_back(run_id);
    Matchup matchup{player, opponent, {}, {}, 0};
    for (const auto& stats : database.pair_stats_by_run(player, opponent, filter)) add_run_stats(matchup, stats);
    return matchup;
}

std::vector<Matchup> run_matchups(db::Database& database, std::int64_t run_id, const std::string& first_engine) {
    std::vector<Matchup> matchups;
    for (const Matchup& pairing : run_pairings(database, run_id, first_engine))
        matchups.push_back(counted_matchup(database, run_id, pairing.player, pairing.opponent));
    return matchups;
}

}  // namespace arbiter::reports
