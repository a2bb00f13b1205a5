#pragma once
// A bisection as the database holds it: its row, its commits and the game pairs each commit played
// against the good build. `arbiter bisect` decides from this alone (so a resumed run decides as the
// killed one would have), and `arbiter report bisect` prints it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/database.h"
#include "harness/bisect/bisect_measure.h"
#include "harness/bisect/bisect_posterior.h"

namespace arbiter::bisect {

struct StoredBisection {
    db::BisectionRecord record;
    std::vector<db::BisectionCommitRecord> commits;  // by position
    std::vector<CommitPairs> pairs;                  // per commit that played, by position
    std::vector<int> skipped;                        // positions, ascending
};

// Throws db::DbError when the database cannot be read.
StoredBisection read_bisection(db::Database& database, const db::BisectionRecord& record);

// The levels as the database keeps them (bisections.levels): scores against the good build and the
// bad level's score error, as decided. None when the text holds no levels (not known yet).
std::string levels_json(const StepLevels& levels);
std::optional<StepLevels> levels_from_json(const std::string& text);

// The games a bisection played: every pair counted twice.
std::int64_t games_of(const std::vector<CommitPairs>& pairs);

}  // namespace arbiter::bisect
