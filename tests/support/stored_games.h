#pragma once
// Games as a run stored them, read back read-only, and the comparison the resume, shard and
// interruption tests make between two runs: the same games, move for move.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "db/database.h"

namespace test_support {

struct StoredGame {
    arbiter::db::GameRecord game;
    std::vector<arbiter::db::MoveRecord> moves;
};
using Games = std::map<std::pair<std::int64_t, int>, StoredGame>;

// The games of one run (default: every run, which must then not share pair indexes), by (pair,
// game), with their moves.
inline Games stored_games(const std::string& db_path, std::optional<std::int64_t> run_id = std::nullopt) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    arbiter::db::Database database(db_path, options);
    Games games;
    for (const auto& run : database.list_runs())
        if (!run_id || run.id == *run_id)
            for (const auto& game : database.games_of_run(run.id))
                games[{game.pair_index, game.game_index}] = {game, database.moves_of_game(game.id)};
    return games;
}

// Same games: players, result, termination, opening and every move.
inline bool same_games(const Games& a, const Games& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [key, left] : a) {
        const auto it = b.find(key);
        if (it == b.end()) return false;
        const StoredGame& right = it->second;
        if (std::tie(left.game.white, left.game.black, left.game.result, left.game.termination, left.game.opening_id) !=
            std::tie(right.game.white, right.game.black, right.game.result, right.game.termination,
                     right.game.opening_id))
            return false;
        if (left.moves.size() != right.moves.size()) return false;
        for (std::size_t i = 0; i < left.moves.size(); ++i)
            if (left.moves[i].uci != right.moves[i].uci) return false;
    }
    return true;
}

}  // namespace test_support
