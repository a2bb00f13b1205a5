#pragma once
// What a run prints about its results: cutechess's score lines (scripts parse them), fastchess-like
// interval summaries per pairing, the live progress line for terminals, and the final results table.

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/schedule/tally.h"

namespace arbiter::output {

// Speed of the current session, for summaries.
struct Pace {
    std::int64_t games_this_session = 0;
    std::int64_t games_left = 0;
    std::chrono::steady_clock::duration elapsed{};
    double games_per_minute() const;
    std::optional<std::chrono::seconds> eta() const;
};

// "Score of A vs B: 12 - 8 - 20  [0.550] 40" (wins - losses - draws of A), as cutechess prints.
std::string score_line(const std::string& first, const std::string& second, const schedule::PairingResults& results);

// Interval summary for one pairing: Elo and nElo with errors, LOS, draw ratio, W/D/L, pentanomial,
// SPRT LLR with its bounds and hypotheses, pace and ETA.
void print_pairing_summary(std::ostream& out, const std::string& first, const std::string& second,
                           const schedule::PairingResults& results, const std::optional<schedule::SprtSetup>& sprt,
                           const Pace& pace);

// One line, overwritten in place on a terminal: "[ 40/200] W 12 D 20 L 8  Elo +17.4 ±48.2 ...".
std::string live_line(std::int64_t done, std::int64_t planned, const schedule::PairingResults* match, const Pace& pace);

// Rating table of every engine (the stats library's Ordo-style fit and printer); falls back to
// plain scores when no finite fit exists (e.g. one engine won every game).
void print_results_table(std::ostream& out, const schedule::Tally& tally);

// "1h02m", "3m05s", "12s".
std::string short_duration(std::chrono::seconds duration);

}  // namespace arbiter::output
