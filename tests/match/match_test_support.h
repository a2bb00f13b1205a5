#pragma once
// Shared helpers of the match tests: a temporary directory, an in-process `arbiter match` call
// with captured output, engine flag builders and database readers.

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <unistd.h>

#include "db/database.h"
#include "scheduler/match_command.h"

namespace match_test {

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "arbiter-match-XXXXXX").string();
        path_ = mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

struct RunOutput {
    int code = -1;
    std::string out;
    std::string err;
};

inline RunOutput run_match(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    RunOutput result;
    result.code = arbiter::scheduler::run_match_command(args, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

inline bool executable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

// Words of an `-engine` flag for Stockfish at a fixed node count: deterministic with one thread
// after ucinewgame, which is what resume and shard comparisons rely on.
inline std::vector<std::string> stockfish_engine(const std::string& name, int nodes) {
    return {"-engine", "cmd=" STOCKFISH_BIN, "name=" + name, "nodes=" + std::to_string(nodes),
            "option.Threads=1", "option.Hash=8"};
}

inline std::vector<std::string> fake_engine(const std::string& name, const std::string& mode, int after = 0,
                                            int delay_ms = 0) {
    return {"-engine", "cmd=" FAKE_ENGINE_BIN, "name=" + name, "arg=--mode", "arg=" + mode, "arg=--after",
            "arg=" + std::to_string(after), "arg=--delay", "arg=" + std::to_string(delay_ms)};
}

inline std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// The stored games of the only run in `path`, by (pair, game), with their moves.
struct StoredGame {
    arbiter::db::GameRecord game;
    std::vector<arbiter::db::MoveRecord> moves;
};

inline std::map<std::pair<std::int64_t, int>, StoredGame> stored_games(const std::string& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    arbiter::db::Database database(path, options);
    std::map<std::pair<std::int64_t, int>, StoredGame> games;
    for (const auto& run : database.list_runs()) {
        for (const auto& game : database.games_of_run(run.id)) {
            games[{game.pair_index, game.game_index}] = {game, database.moves_of_game(game.id)};
        }
    }
    return games;
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Same games: players, result, termination and every move.
inline bool same_games(const std::map<std::pair<std::int64_t, int>, StoredGame>& a,
                       const std::map<std::pair<std::int64_t, int>, StoredGame>& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [key, left] : a) {
        auto it = b.find(key);
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

}  // namespace match_test
