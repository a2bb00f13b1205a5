#pragma once
// Shared helpers of the match tests: a temporary directory, an in-process `arbiter match` call
// with captured output, engine flag builders and database readers.

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "../support/match_run.h"
#include "../support/stored_games.h"
#include "../support/text_file.h"
#include "db/database.h"

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

using test_support::RunOutput;
using test_support::operator+;
inline RunOutput run_match(const std::vector<std::string>& args) { return test_support::run_match_in_process(args); }

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

// Games read back from a database, and the move-for-move comparison: shared with tests/reliability.
using test_support::Games;
using test_support::same_games;
using test_support::stored_games;
using test_support::StoredGame;

using test_support::read_text;

}  // namespace match_test
