#include "reports/run_terminations.h"

#include <map>

#include "harness/runner/forfeits.h"
#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

Table forfeits_table(const std::vector<db::PlayerTermination>& rows) {
    Table table;
    table.caption = "Games lost by forfeit";
    table.columns = {"Engine", "Games", "Lost on time", "Crashes / disconnects", "No answer", "Illegal moves"};
    table.numeric = {false, true, true, true, true, true};
    for (const runner::PlayerForfeits& player : runner::tally_forfeits(rows)) {
        table.rows.push_back({player.player, std::to_string(player.games), std::to_string(player.time),
                              std::to_string(player.crash), std::to_string(player.no_answer),
                              std::to_string(player.illegal_move)});
    }
    return table;
}

// Every game has two players, so each termination's games are its players' rows halved.
Table endings_table(const std::vector<db::PlayerTermination>& rows) {
    std::map<std::string, std::int64_t> seats;
    std::int64_t all_seats = 0;
    for (const db::PlayerTermination& row : rows) {
        seats[row.termination.empty() ? "(not stored)" : row.termination] += row.games;
        all_seats += row.games;
    }
    Table table;
    table.caption = "How the games ended";
    table.columns = {"Termination", "Games", "Share %"};
    table.numeric = {false, true, true};
    for (const auto& [termination, count] : seats)
        table.rows.push_back({termination, std::to_string(count / 2),
                              percent(static_cast<double>(count) / static_cast<double>(all_seats))});
    return table;
}

}  // namespace

Section terminations_section(db::Database& database, std::int64_t run_id) {
    const std::vector<db::PlayerTermination> rows = database.player_terminations_of_run(run_id);
    Section section;
    section.heading = "Terminations";
    if (rows.empty()) {
        section.paragraphs.push_back("No games stored yet.");
        return section;
    }
    section.tables.push_back(forfeits_table(rows));
    section.tables.push_back(endings_table(rows));
    return section;
}

}  // namespace arbiter::reports
