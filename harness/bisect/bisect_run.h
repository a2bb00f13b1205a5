#pragma once
// `arbiter bisect` below the command line: walks the first-parent path from a good commit to a bad
// one, builds the commits it needs (each bench checked; a commit that fails is skipped, as
// `git bisect skip`), plays each against the good build in batches of game pairs, and names the
// first bad commit when the posterior says so (docs/bisect.md). Every batch is a slice of one run
// per commit in the database, tagged with the bisection, so a killed bisection re-run with the same
// command continues where it stopped and decides as it would have.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include "harness/bisect/bisect_decide.h"
#include "harness/build/revision_build.h"
#include "harness/config/match_config.h"

namespace arbiter::bisect {

// Pairs per batch: one decision per 16 openings (both colours), as the simulation measured the
// error rate and the games (docs/bisect.md); small enough to move on from an obvious commit.
inline constexpr int kDefaultBatchPairs = 16;
// Each commit's run is scheduled this long and played in slices, so a commit can always take one
// more batch and the run's identity does not depend on how many it took.
inline constexpr int kRunPairs = 100000;

struct BisectRequest {
    std::filesystem::path repo;  // a directory inside the repository
    std::string good;            // revisions as given (a tag, a short hash, HEAD~8)
    std::string bad;
    build::BuildRequest build;  // recipe, cache, jobs, bench check; the revision is set per commit
    // The match settings, checked: two engines, the commit under test first and the good build
    // second, whose cmd and name are replaced per commit; its -sprt, if any, is in `settings`.
    config::MatchConfig match;
    BisectSettings settings;  // commits and skipped are filled as the path is walked
    int batch_pairs = kDefaultBatchPairs;
    std::optional<std::int64_t> budget_games;  // --budget-games: stop with the range once played
};

struct BisectIo {
    std::ostream& out;  // the first line, a line per batch, the verdict
    std::ostream& err;  // builds' progress, warnings, errors
    const std::atomic<int>* interrupt = nullptr;
};

// Exit status: 0 a commit is named; 1 no single commit (not confirmed, several steps, a range left
// by skips, the budget spent) or stopped by a signal or a failed run; 2 bad input (a revision, the
// repository, the good or bad build failing, the database). Throws nothing the caller must catch
// but std::bad_alloc and the database's errors (bad input, named).
int run_bisect(const BisectRequest& request, const BisectIo& io);

}  // namespace arbiter::bisect
