#pragma once
// A small ladder written straight into a database through arbiter_db, with results chosen by the
// test, so report figures can be checked against an independent rating fit.

#include <string>
#include <vector>

#include "db/database.h"

namespace arbiter::testing {

struct SyntheticResult {
    std::string white, black;
    db::GameResult result;
    int count = 1;
};

struct SyntheticLadder {
    std::string name = "synthetic";
    std::vector<std::string> players{"tempo 01 Base", "tempo 02 Eval", "tempo 03 Search"};
    std::vector<std::string> labels{"Baseline things", "Tapered eval", "Null move"};
    std::vector<std::string> opponents{"anchor-a", "floater"};
    double anchor = 2000.0;                             // rating of anchor-a
    std::string time_control = "nodes=1000";            // of every run, as the database stores it
    std::vector<int> wac_solved{3, 5, 8};               // of 10 positions
    std::vector<std::vector<SyntheticResult>> games{};  // per step; empty: synthetic_games()
};

// Every game of step k: results of players[k] against the opponents and (k > 0) players[k-1].
std::vector<std::vector<SyntheticResult>> synthetic_games(const SyntheticLadder& ladder);

// Writes engines, the ladder run (plan with the anchor), one gauntlet run and one EPD run per
// step (tagged with the ladder), the step rows and the games above (or the ladder's own) into `database`.
void write_synthetic_ladder(db::Database& database, const SyntheticLadder& ladder);

}  // namespace arbiter::testing
