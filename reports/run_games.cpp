#include "reports/run_games.h"

#include <algorithm>

namespace arbiter::reports {
namespace {

std::string moves_of(int plies) { return std::to_string((plies + 1) / 2); }

std::string listed_time(const std::string& iso_timestamp) {
    std::string text = iso_timestamp.substr(0, 19);
    if (text.size() > 10 && text[10] == 'T') text[10] = ' ';
    return text;
}

// "Games 1 to 100 of 2,000 are listed, newest first; 1,900 older games are not."
std::string listing_note(std::int64_t stored, std::int64_t offset, std::size_t shown) {
    const auto listed = static_cast<std::int64_t>(shown);
    if (listed == 0)
        return stored == 0 ? "No games stored yet." : "No games on this page of " + std::to_string(stored) + ".";
    std::string text = "The newest games " + std::to_string(offset + 1) + " to " + std::to_string(offset + listed) +
                       " of " + std::to_string(stored) + " are listed, newest first";
    const std::int64_t left_out = stored - listed;
    return text + (left_out > 0 ? "; " + std::to_string(left_out) + " games are not listed." : ".");
}

}  // namespace

Section games_section(db::Database& database, std::int64_t run_id, std::int64_t stored, const GamesPage& page) {
    const std::vector<db::GameRecord> games = database.newest_games_of_run(
        run_id, std::max<std::int64_t>(page.offset, 0), std::max<std::int64_t>(page.limit, 0));
    Section section;
    section.heading = "Games";
    section.paragraphs.push_back(listing_note(stored, std::max<std::int64_t>(page.offset, 0), games.size()));
    if (games.empty()) return section;
    Table table;
    table.columns = {"#", "Game id", "White", "Black", "Result", "Termination", "Moves", "Opening", "Finished at"};
    table.numeric = {true, true, false, false, false, false, true, false, false};
    std::int64_t number = std::max<std::int64_t>(page.offset, 0);
    for (const db::GameRecord& game : games) {
        table.rows.push_back({std::to_string(++number), std::to_string(game.id), game.white, game.black,
                              std::string(db::to_string(game.result)), game.termination, moves_of(game.plies),
                              game.opening_id, listed_time(game.finished_at)});
        table.links.push_back({"", "games/" + std::to_string(game.id) + ".pgn", "", "", "", "", "", "", ""});
    }
    section.tables.push_back(std::move(table));
    return section;
}

}  // namespace arbiter::reports
