#include "harness/runner/forfeits.h"

#include <map>

#include "harness/adjudication/outcome.h"

namespace arbiter::runner {
namespace {

using adjudication::EndReason;
using adjudication::reason_name;

// The counter of `player` that a loss ending so goes to; null for endings that are no forfeit.
std::int64_t* forfeit_counter(PlayerForfeits& player, const std::string& termination) {
    if (termination == reason_name(EndReason::IllegalMove)) return &player.illegal_move;
    if (termination == reason_name(EndReason::Disconnection)) return &player.crash;
    if (termination == reason_name(EndReason::StalledConnection)) return &player.no_answer;
    if (termination == reason_name(EndReason::TimeForfeit)) return &player.time;
    return nullptr;
}

}  // namespace

std::vector<PlayerForfeits> tally_forfeits(const std::vector<db::PlayerTermination>& rows) {
    std::map<std::string, PlayerForfeits> by_player;
    for (const auto& row : rows) {
        PlayerForfeits& player = by_player[row.player];
        player.player = row.player;
        player.games += row.games;
        if (std::int64_t* counter = forfeit_counter(player, row.termination)) *counter += row.lost;
    }
    std::vector<PlayerForfeits> players;
    for (auto& [name, player] : by_player) players.push_back(std::move(player));
    return players;
}

std::vector<PlayerForfeits> over_forfeit_limit(const std::vector<PlayerForfeits>& players, double limit) {
    std::vector<PlayerForfeits> over;
    for (const auto& player : players) {
        if (player.total() > 0 && static_cast<double>(player.total()) > limit * static_cast<double>(player.games))
            over.push_back(player);
    }
    return over;
}

std::string describe_forfeits(const PlayerForfeits& player) {
    std::string kinds;
    const auto add = [&kinds](const char* kind, std::int64_t count) {
        if (count == 0) return;
        if (!kinds.empty()) kinds += ", ";
        kinds += std::string(kind) + " " + std::to_string(count);
    };
    add("illegal move", player.illegal_move);
    add("crash", player.crash);
    add("no answer", player.no_answer);
    add("time", player.time);
    return player.player + " forfeited " + std::to_string(player.total()) + " of " + std::to_string(player.games) +
           (player.games == 1 ? " game" : " games") + " (" + kinds + ")";
}

}  // namespace arbiter::runner
