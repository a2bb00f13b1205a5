#pragma once
// Helpers shared by the epdrun tests: a scratch directory removed afterwards, files written into
// it, and the command functions run in-process with their output captured.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/captured_run.h"
#include "tests/support/temp_dir.h"
#include "cli/epd_command.h"

namespace epdrun_test {

using ScratchDir = test_support::TempDir;

using CommandRun = test_support::RunOutput;

inline CommandRun run_epd(const std::vector<std::string>& args) {
    return test_support::run_captured(arbiter::cli::run_epd_command, args);
}

inline CommandRun run_ttd(const std::vector<std::string>& args) {
    return test_support::run_captured(arbiter::cli::run_ttd_command, args);
}

inline bool stockfish_available() { return std::filesystem::exists(STOCKFISH_BIN); }

// The first `count` lines of the WAC copy, as a file of their own.
inline std::string wac_head(const ScratchDir& dir, std::size_t count) {
    std::ifstream in(std::string(TEST_DATA_DIR) + "/wac.epd");
    std::string line, text;
    for (std::size_t i = 0; i < count && std::getline(in, line); ++i) text += line + "\n";
    return dir.write("wac_head.epd", text);
}

// A UCI engine in a few lines of shell that always answers `bestmove 0000`: it solves nothing,
// which makes a score drop certain.
inline const char* kNullMoveEngine = R"(#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "id name nullmover"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth 1 time 1 nodes 1 pv 0000"; echo "bestmove 0000" ;;
    quit) exit 0 ;;
  esac
done
)";

// Dies on the first `go`: an engine crash in the middle of a suite.
inline const char* kCrashingEngine = R"(#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "id name crasher"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) exit 3 ;;
    quit) exit 0 ;;
  esac
done
)";

}  // namespace epdrun_test
