#include "harness/stats/ratings_output.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace arbiter::stats {

namespace {

std::string printf_string(const char* format, auto... values) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format, values...);
    return buffer;
}

std::size_t longest_name(const RatingTable& table) {
    std::size_t width = 6;  // "PLAYER"
    for (const PlayerRating& p : table.players) width = std::max(width, p.name.size());
    return width;
}

std::string padded(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

std::string table_row(const RatingTable& table, std::size_t rank, std::size_t player, std::size_t name_width,
                      int decimals) {
    const PlayerRating& p = table.players[player];
    const std::string error = p.error95 && *p.error95 > 0.0 ? printf_string("%6.*f", decimals, *p.error95) : "  ----";
    return printf_string("%4zu %s %1s : %8.*f %s %8.1f %7lld %6lld %6lld %6lld %6.1f", rank,
                         padded(p.name, name_width).c_str(), bound_marker(p.bound), decimals, p.rating, error.c_str(),
                         p.record.points(), static_cast<long long>(p.record.games()),
                         static_cast<long long>(p.record.wins), static_cast<long long>(p.record.draws),
                         static_cast<long long>(p.record.losses), 100.0 * p.score);
}

std::string opponent_row(const RatingTable& table, const OpponentLine& line, std::size_t name_width) {
    const std::string sd = line.sd ? printf_string("%4.0f", *line.sd) : "  --";
    const std::string cfs = line.cfs ? printf_string("%7.1f", *line.cfs) : "    ---";
    return printf_string("    %s : %6lld (%5lld,%5lld,%5lld), %5.1f : %+6.0f, %s, %s",
                         padded(table.players[line.opponent].name, name_width).c_str(),
                         static_cast<long long>(line.record.games()), static_cast<long long>(line.record.wins),
                         static_cast<long long>(line.record.draws), static_cast<long long>(line.record.losses),
                         100.0 * line.score, line.diff, sd.c_str(), cfs.c_str());
}

}  // namespace

std::string format_player_header(const RatingTable& table, std::size_t player) {
    const PlayerRating& p = table.players[player];
    return printf_string("%s %s%.0f : %lld (+%lld,=%lld,-%lld), %.1f %%", p.name.c_str(), bound_marker(p.bound),
                         p.rating, static_cast<long long>(p.record.games()), static_cast<long long>(p.record.wins),
                         static_cast<long long>(p.record.draws), static_cast<long long>(p.record.losses),
                         100.0 * p.score);
}

void print_player_block(std::ostream& out, const RatingTable& table, std::size_t player) {
    const std::size_t name_width = longest_name(table);
    out << format_player_header(table, player) << '\n';
    out << "    " << padded("vs.", name_width) << " :  games (    +,    =,    -),   (%) :   Diff,   SD, CFS (%)\n";
    for (const OpponentLine& line : opponent_lines(table, player)) out << opponent_row(table, line, name_width) << '\n';
}

void print_ratings_table(std::ostream& out, const RatingTable& table, const RatingsPrintOptions& options) {
    const std::size_t name_width = longest_name(table);
    out << printf_string("%4s %s   : %8s %6s %8s %7s %6s %6s %6s %6s\n", "#", padded("PLAYER", name_width).c_str(),
                         "RATING", "ERROR", "POINTS", "PLAYED", "W", "D", "L", "(%)");
    for (std::size_t rank = 0; rank < table.ranking.size(); ++rank)
        out << table_row(table, rank + 1, table.ranking[rank], name_width, options.decimals) << '\n';
    if (table.white_advantage != 0.0) out << printf_string("\nWhite advantage = %.2f (fixed)\n", table.white_advantage);
    if (!options.player_blocks) return;
    for (std::size_t player : table.ranking) {
        out << '\n';
        print_player_block(out, table, player);
    }
}

nlohmann::json ratings_to_json(const RatingTable& table) {
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t player : table.ranking) {
        const PlayerRating& p = table.players[player];
        list.push_back({{"name", p.name},
                        {"rating", p.rating},
                        {"error95", p.error95 ? nlohmann::json(*p.error95) : nlohmann::json(nullptr)},
                        {"games", p.record.games()},
                        {"score", p.score},
                        {"wins", p.record.wins},
                        {"draws", p.record.draws},
                        {"losses", p.record.losses},
                        {"points", p.record.points()},
                        {"anchor", p.anchor},
                        {"bound", bound_name(p.bound)}});
    }
    return list;
}

}  // namespace arbiter::stats
