#pragma once
// What `arbiter stats` prints: Elo, LOS, draw ratio, nElo and optionally SPRT for given counts.
//
// With json one object is printed with exactly the keys elo, elo_error (half-width of the 95%
// interval), los (0..1), draw_ratio (0..1) and nelo (null when undefined), plus llr, lower_bound,
// upper_bound and decision ("H0", "H1" or "continue") with an SPRT. A perfect (null) score has no
// interval: elo is then its one-sided 95% bound, elo_error null, and elo_bound "at_least"
// ("at_most") is added; the text prints "Elo: > X (95% lower bound)". Without json they are printed
// in fastchess's layout.

#include <optional>
#include <ostream>
#include <string>
#include <variant>

#include "harness/stats/elo.h"
#include "harness/stats/sprt.h"

namespace arbiter::stats {

struct StatsRequest {
    std::variant<WdlCounts, PentaCounts> counts;
    std::optional<SprtParameters> sprt;  // checked with validate_sprt_parameters; its model is used
    bool json = false;
};

// fastchess's count lines, shared by `arbiter stats` and the fastchess-style match output:
// "Games: 10, Wins: 4, Losses: 2, Draws: 4, Points: 6.0 (60.00 %)" (nan % before any game) and
// "Ptnml(0-2): [LL, LD, DD+WL, WD, WW]".
std::string games_points_line(const WdlCounts& counts);
std::string pentanomial_line(const PentaCounts& counts);

// Throws std::invalid_argument when the counts admit no estimate (no games, say).
void write_count_estimates(const StatsRequest& request, std::ostream& out);

}  // namespace arbiter::stats
