// same_games A.db B.db: exit 0 when both databases hold the same games slot for slot (pair, game,
// players, result, termination and every move), 1 with the first differences listed, 2 on error.
// The scale-out tests use it to compare a sharded-and-merged run with the unsharded one.
#include <iostream>
#include <map>
#include <string>
#include <tuple>

#include "db/database.h"

namespace {

using Slot = std::pair<std::int64_t, int>;  // pair index, game index

struct GameSummary {
    std::string white, black, result, termination, moves;
    bool operator==(const GameSummary&) const = default;
};

std::map<Slot, GameSummary> games_of(const std::string& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    arbiter::db::Database database(path, options);
    std::map<Slot, GameSummary> games;
    for (const auto& run : database.list_runs()) {
        for (const auto& game : database.games_of_run(run.id)) {
            GameSummary summary{
                game.white, game.black, std::string(arbiter::db::to_string(game.result)), game.termination, {}};
            for (const auto& move : database.moves_of_game(game.id)) summary.moves += move.uci + " ";
            games[{game.pair_index, game.game_index}] = summary;
        }
    }
    return games;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: same_games A.db B.db\n";
        return 2;
    }
    try {
        const auto a = games_of(argv[1]);
        const auto b = games_of(argv[2]);
        int differences = 0;
        for (const auto& [slot, game] : a) {
            const auto other = b.find(slot);
            if (other != b.end() && other->second == game) continue;
            if (++differences <= 5)
                std::cout << "pair " << slot.first << " game " << slot.second << ": "
                          << (other == b.end() ? "missing from " + std::string(argv[2]) : "differs") << '\n';
        }
        for (const auto& [slot, game] : b)
            if (!a.count(slot) && ++differences <= 5)
                std::cout << "pair " << slot.first << " game " << slot.second << ": missing from " << argv[1] << '\n';
        std::cout << a.size() << " and " << b.size() << " games, " << differences << " difference(s)\n";
        return differences == 0 && !a.empty() ? 0 : 1;
    } catch (const std::exception& error) {
        std::cerr << "same_games: " << error.what() << '\n';
        return 2;
    }
}
