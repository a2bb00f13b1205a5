#pragma once
// What each side of one game may do beyond being asked for moves, from its engine's keys: its own
// Polyglot book (book=, bookdepth=), pondering, scores from White's point of view, trusted claims;
// and where the game's PV warnings and latency lines are printed.

#include "harness/game/game.h"
#include "harness/runner/tournament_state.h"

namespace arbiter::runner {

// Fills setup.players, setup.pv_check, setup.show_latency and setup.report for `game`. When both
// engines have a book, their books continue the opening before the game, as cutechess-cli does,
// and both games of a pair get the same line: the pair's first game's colours choose whose book
// answers, and the pair's seed draws the moves.
void add_player_rules(game::GameSetup& setup, Tournament::State& state, const Assignment& assignment,
                      const schedule::ScheduledGame& game);

}  // namespace arbiter::runner
