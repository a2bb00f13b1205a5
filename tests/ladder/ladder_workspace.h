#pragma once
// A test ladder file from tests/ladder/data copied into a temporary folder with @TEMPO@ and
// @OPENINGS@ filled in, and `arbiter ladder` run on it there, each run's output in a log file of
// the folder. For test_ladder's end-to-end cases (TEMPO_BIN, ARBITER_BIN, TEST_DATA_DIR and
// REPO_ROOT_DIR are its compile definitions).

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

namespace ladder_test {

inline void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

// The ladder file's text with the test's tempo and openings put in.
inline std::string filled_ladder_text(const std::string& data_file) {
    std::string text = test_support::read_text(std::filesystem::path(TEST_DATA_DIR) / data_file);
    replace_all(text, "@TEMPO@", TEMPO_BIN);
    replace_all(text, "@OPENINGS@", std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd");
    return text;
}

// A whole run, as long as ctest gives the test case.
inline constexpr std::chrono::minutes kLadderRunLimit{5};

struct LadderWorkspace {
    test_support::TempDir scratch;
    std::filesystem::path dir = scratch.path();
    std::filesystem::path config;

    explicit LadderWorkspace(const std::string& data_file) : config(dir / data_file) {
        std::ofstream(config) << filled_ladder_text(data_file);
    }
    std::string db(const std::string& name) const { return (dir / name).string(); }
    // `arbiter ladder` on the file at smoke settings, two workers, plus the words of `extra`.
    std::vector<std::string> ladder_args(const std::string& db_path, const std::string& extra) const {
        std::vector<std::string> args{"ladder", config.string(), "--db", db_path, "--smoke", "--concurrency", "2"};
        std::string word;
        for (std::istringstream words(extra); words >> word;) args.push_back(word);
        return args;
    }
    // Runs arbiter to the end; its output goes to `log` in the workspace.
    int arbiter(const std::vector<std::string>& args, const std::string& log) const {
        return test_support::run(test_support::logged(ARBITER_BIN, args, (dir / log).string()), kLadderRunLimit)
            .exit_code;
    }
    std::string log(const std::string& name) const { return test_support::read_text(dir / name); }
};

}  // namespace ladder_test
