// `tempo epd FILE MS`: a test-suite runner (WAC and friends). Each position is searched for
// MS milliseconds from fresh tables; solved when the best move is one of the `bm` moves
// (or none of the `am` moves).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/chess/types.h"
#include "engine/features.h"

namespace tempo {

struct EpdSummary {
    int positions = 0;
    int solved = 0;
};

// One suite line, its bm/am moves resolved against its position.
struct EpdPosition {
    std::string fen;
    std::vector<chess::Move> best_moves;
    std::vector<chess::Move> avoid_moves;
    std::string expected;  // for the failure line: the first bm, or "not " and the first am
    std::string id;        // unquoted; "line N" when absent
    int line = 0;
};

// Reads a suite. A leading UTF-8 byte-order mark, blank lines and '#' lines are skipped. Returns
// false, with "FILE:LINE: why" on `err`, for a file that cannot be read, a line without bm or am,
// a bad FEN, or a bm/am move that does not parse or is illegal there. A repeated id is warned
// about on `err` (file, line and id) but accepted.
bool read_epd_suite(const std::string& path, std::vector<EpdPosition>& positions, std::ostream& err);

// Reads the suite, then searches every position; returns false when read_epd_suite does.
bool run_epd_suite(const std::string& path, int move_time_ms, const FeatureSet& features, std::ostream& out,
                   std::ostream& err, EpdSummary& summary);

}  // namespace tempo
