#pragma once
// Shared helpers of the tests that run `arbiter match` (tests/runner, tests/output, tests/schedule):
// the temporary directory, an in-process `arbiter match` call with captured output, child processes
// (test_support::Child), engine flag builders and database readers. The including target defines
// STOCKFISH_BIN and MISBEHAVE_BIN.

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "tests/support/child.h"
#include "tests/support/match_run.h"
#include "tests/support/stored_games.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "db/database.h"

namespace match_test {

using TempDir = test_support::TempDir;

using test_support::RunOutput;
using test_support::operator+;
inline RunOutput run_match(const std::vector<std::string>& args) { return test_support::run_match_in_process(args); }

inline bool executable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

// Words of an `-engine` flag for Stockfish at a fixed node count: deterministic with one thread
// after ucinewgame, which is what resume and shard comparisons rely on.
inline std::vector<std::string> stockfish_engine(const std::string& name, int nodes) {
    return {"-engine",          "cmd=" STOCKFISH_BIN, "name=" + name, "nodes=" + std::to_string(nodes),
            "option.Threads=1", "option.Hash=8"};
}

// Words of an `-engine` flag for misbehave_engine (tests/misbehave) with its flags, e.g.
// {"--mode=crash", "--ply=4"}; without flags it plays legal moves at once.
inline std::vector<std::string> misbehave_engine(const std::string& name, const std::vector<std::string>& flags = {}) {
    std::vector<std::string> words{"-engine", "cmd=" MISBEHAVE_BIN, "name=" + name};
    for (const auto& flag : flags) words.push_back("arg=" + flag);
    return words;
}

// Games read back from a database, and the move-for-move comparison: shared with tests/reliability.
using test_support::Games;
using test_support::same_games;
using test_support::stored_games;
using test_support::StoredGame;

using test_support::read_text;

}  // namespace match_test
