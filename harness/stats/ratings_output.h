#pragma once
// Text and JSON presentation of a RatingTable, in Ordo's style.
//
// Table (one line per player, best first; '>' / '<' mark floor / ceiling ratings):
//      # PLAYER        :  RATING  ERROR   POINTS  PLAYED      W      D      L    (%)
//      1 Alpha         :  2351.2   12.3    612.5    1000    455    315    230   61.3
// Player block (the seeds' header line, then one line per opponent, strongest first):
//   MadChess 2.0 2115 : 800 (+305,=170,-325), 48.8 %
//       vs.            :  games (    +,    =,    -),   (%) :   Diff,   SD, CFS (%)
//       Opponent       :    100 (   23,   54,   23),  50.0 :    -35,    9,    0.0
// JSON: a list, best first, of objects with name, rating, error95 (null when unknown), games,
// score (0..1), wins, draws, losses, points, anchor and bound ("exact", "at_least", "at_most").

#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>

#include "harness/stats/ratings.h"

namespace arbiter::stats {

struct RatingsPrintOptions {
    int decimals = 1;            // rating decimals in the table
    bool player_blocks = false;  // also print every player's block after the table
};

// "Name 2115 : 800 (+305,=170,-325), 48.8 %" (rating rounded; '>' or '<' before a floor/ceiling).
std::string format_player_header(const RatingTable& table, std::size_t player);

void print_player_block(std::ostream& out, const RatingTable& table, std::size_t player);
void print_ratings_table(std::ostream& out, const RatingTable& table, const RatingsPrintOptions& options = {});
nlohmann::json ratings_to_json(const RatingTable& table);

}  // namespace arbiter::stats
