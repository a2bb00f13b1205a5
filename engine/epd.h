// `tempo epd FILE MS`: a test-suite runner (WAC and friends). Each position is searched for
// MS milliseconds from fresh tables; solved when the best move is one of the `bm` moves
// (or none of the `am` moves).
#pragma once

#include <ostream>
#include <string>

#include "features.h"

namespace tempo {

struct EpdSummary {
  int positions = 0;
  int solved = 0;
};

// Returns false (with a message on `out`) when the file cannot be read or a line is malformed.
bool run_epd_suite(const std::string& path, int move_time_ms, const FeatureSet& features,
                   std::ostream& out, EpdSummary& summary);

}  // namespace tempo
