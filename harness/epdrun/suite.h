#pragma once
// A test suite as `arbiter epd` uses it: the parsed EPD records with stable position ids, the
// suite's name, and the rules that decide whether a move solves a position and what it scores.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/chess/types.h"
#include "harness/epd/epd.h"

namespace arbiter::epdrun {

struct SuitePosition {
    epd::EpdRecord record;
    std::string position_id;  // the EPD `id`, or "line N" when absent or repeated
};

struct Suite {
    std::string name;  // from the ids' common prefix ("WAC.001" -> "WAC"), else the file stem
    std::string path;
    std::string content_hash;  // of the file text: a changed file is a different run
    std::vector<SuitePosition> positions;
    std::vector<std::string> warnings;  // "FILE:LINE: ..." for stderr: repeated ids
};

// What a suite's positions must carry: something to score, or nothing when the run only measures
// the search (a ladder's time to depth, over positions such as tempo's bench).
enum class SuiteUse { scored, search_only };

// Reads and checks a suite. Throws io::SourceError naming file and line for malformed lines and,
// when scored, for positions with nothing to score (no bm, am or c0 point list).
Suite load_suite(const std::string& path, SuiteUse use = SuiteUse::scored);

// A suite shipped with arbiter, by its file name in tests/data ("wac.epd", "bench.epd"): installed
// under share/arbiter/suites beside the executable first, then the checkout arbiter was configured
// from. Throws std::runtime_error naming both places and `instead` (what the user can give).
std::string bundled_suite_path(const std::string& file, const std::string& instead);
// The default WAC copy (wac.epd; "pass --suite FILE").
std::string default_suite_path();

std::string suite_name(const std::vector<epd::EpdRecord>& records, const std::string& path);

// Solved: the move is one of bm and not one of am; with only am, any other move; with only a c0
// point list, a move worth the list's maximum.
bool solves(const epd::EpdRecord& record, chess::Move move);
// c0 points of the move (0 when not listed); empty when the position has no point list.
std::optional<int> points_for(const epd::EpdRecord& record, chess::Move move);
// The best score the point list offers; 0 without one.
int max_points(const epd::EpdRecord& record);

// "Qg6 Rxb2": moves as written in the file.
std::string san_list(const std::vector<epd::EpdMove>& moves);
// SAN of a UCI move in `fen`, or the UCI text itself when it is not a legal move there.
std::string san_of(const std::string& fen, bool chess960, const std::string& uci);

// FNV-1a, printed as hex: stable across builds and platforms (std::hash is not).
std::string stable_hash(const std::string& text);

}  // namespace arbiter::epdrun
