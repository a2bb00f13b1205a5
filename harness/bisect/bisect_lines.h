#pragma once
// What `arbiter bisect` prints: its first line (the range), a line after every batch (the commit,
// its Elo or LLR, the range still open) and the verdict. Pure text from what is stored.

#include <string>
#include <vector>

#include "harness/bisect/bisect_decide.h"
#include "harness/bisect/bisect_stored.h"

namespace arbiter::bisect {

// "bisect: tempo 1a2b3c4d5e6f..9f8e7d6c5b4a: 16 commits on the first-parent path, 15 between
// good and bad; bisection 3 in bisect.db"
std::string first_line(const StoredBisection& stored, const std::string& db);

// After a batch of `commit`: its Elo against good (or, for the bad build under -sprt, its LLR) and
// the commits the first bad one lies in with 1 - error_rate of the posterior, once the levels are
// known.
std::string batch_line(const StoredBisection& stored, const BisectSettings& settings, const Decision& next, int commit);

// The verdict, several lines: the commit (or range) with its subject, its Elo against good, the
// commit before it, the games and the time of play spent.
std::string verdict_text(const StoredBisection& stored, const BisectSettings& settings, const Decision& decision,
                         double play_seconds);

// The budget spent: the range still open.
std::string budget_text(const StoredBisection& stored, const BisectSettings& settings, const Decision& decision,
                        double play_seconds);

}  // namespace arbiter::bisect
