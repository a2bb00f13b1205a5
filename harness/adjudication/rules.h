#pragma once
// The adjudication rules of a game, as cutechess-cli's (and fastchess's) flags give them:
//   -draw movenumber=N movecount=N score=N
//   -resign movecount=N score=N [twosided=true|false]
//   -maxmoves N
// The flags are read in cli/match_flags.cpp.

#include <optional>

#include "harness/adjudication/tablebase.h"

namespace arbiter::adjudication {

struct DrawRule {
    int move_number = 0;  // full moves played before the rule may fire
    int move_count = 0;   // consecutive full moves with |score| <= score_cp for both engines
    int score_cp = 0;
    bool operator==(const DrawRule&) const = default;
};

struct ResignRule {
    int move_count = 0;  // consecutive moves the loser's score is <= -score_cp
    int score_cp = 0;
    bool two_sided = false;  // the winner must also have scored >= score_cp for as long
    bool operator==(const ResignRule&) const = default;
};

struct Rules {
    std::optional<DrawRule> draw;
    std::optional<ResignRule> resign;
    int max_moves = 0;                       // full moves before a draw is declared; 0 = no limit
    std::optional<TablebaseRule> tablebase;  // -tb: the Syzygy tables end the game
    bool operator==(const Rules&) const = default;
};

}  // namespace arbiter::adjudication
