#pragma once
// The run report's "Games" section: a page of the run's games, newest first (storing order), each
// row linked to "games/<id>.pgn" (relative: a server maps it to the game's PGN), and a paragraph
// saying how many games the page leaves out.

#include <cstdint>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// Games a run report lists unless asked for another page.
inline constexpr std::int64_t kGamesListed = 100;

struct GamesPage {
    std::int64_t offset = 0;  // newest games skipped
    std::int64_t limit = kGamesListed;
};

// `stored`: the run's games, as counted for its notes.
Section games_section(db::Database& database, std::int64_t run_id, std::int64_t stored, const GamesPage& page);

}  // namespace arbiter::reports
