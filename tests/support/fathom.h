#pragma once
// Debian's fathom program (package fathom) as the independent judge of the tablebase tests: it
// reads the same Syzygy files through its own probing code path and prints its verdict as PGN tags,
// [WDL "CursedWin"] for the side to move and [Result "1/2-1/2"] with the fifty-move rule counted.
// The tests hand its path in as FATHOM_BIN and skip, saying so, when it is not installed.

#include <unistd.h>

#include <optional>
#include <string>

#include "tests/support/child.h"

namespace test_support {

struct FathomVerdict {
    std::string wdl;     // "Win", "CursedWin", "Draw", "BlessedLoss", "Loss" (side to move)
    std::string result;  // "1-0", "0-1", "1/2-1/2"
};

inline bool fathom_installed(const std::string& fathom) { return ::access(fathom.c_str(), X_OK) == 0; }

// The value of PGN tag `name` in `text`, or "" when it is absent.
inline std::string fathom_tag(const std::string& text, const std::string& name) {
    const std::string open = "[" + name + " \"";
    const auto begin = text.find(open);
    if (begin == std::string::npos) return {};
    const auto value = begin + open.size();
    return text.substr(value, text.find('"', value) - value);
}

// fathom's verdict for `fen` with the tables in `tables`; nullopt when it cannot probe it.
inline std::optional<FathomVerdict> fathom_verdict(const std::string& fathom, const std::string& tables,
                                                   const std::string& fen) {
    ChildSpec probe{.program = fathom, .args = {"--path=" + tables, fen}};
    probe.err = Stream::into_stdout();
    const ChildResult run = test_support::run(probe);
    FathomVerdict verdict{fathom_tag(run.out, "WDL"), fathom_tag(run.out, "Result")};
    if (run.exit_code != 0 || verdict.wdl.empty() || verdict.result.empty()) return std::nullopt;
    return verdict;
}

}  // namespace test_support
