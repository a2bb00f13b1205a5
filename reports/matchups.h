#pragma once
// One engine's results against one opponent (a run's pairing, or all runs together), as the run,
// runs and opponents reports count them: W/D/L and the pentanomial counts of completed pairs.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/stats/elo.h"

namespace arbiter::reports {

struct Matchup {
    std::string player, opponent;
    stats::WdlCounts wdl;
    stats::PentaCounts penta;
    std::int64_t complete_pairs = 0;
};

void add_run_stats(Matchup& matchup, const db::RunPairStats& stats);

// Pentanomial when pairs were completed (the honest error for paired openings), else W/D/L.
stats::EloEstimate estimate(const Matchup& matchup);

// The name of the config's first engine (the tested one), empty when it lists none.
std::string first_engine_of(const nlohmann::json& config);

// Pairings of the run oriented from `first_engine` (the tested one) when it plays, else by name.
std::vector<Matchup> run_matchups(db::Database& database, std::int64_t run_id, const std::string& first_engine);

// The same pairings with their W/D/L only (no pentanomial): one aggregate over the run's rows of
// games_by_run_players, for pages listing many runs.
std::vector<Matchup> run_pairings(db::Database& database, std::int64_t run_id, const std::string& first_engine);

// `player`'s W/D/L and pentanomial counts against `opponent` in the run.
Matchup counted_matchup(db::Database& database, std::int64_t run_id, const std::string& player,
                        const std::string& opponent);

}  // namespace arbiter::reports
