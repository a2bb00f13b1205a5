#pragma once
// What a bisection knows of one commit: every game pair it played against the good build, summed
// (docs/bisect.md, "Re-use"). Pairs stored for the same commit by different steps or by a killed
// run are added, never played again: the decision depends on the sums only.

#include <cstdint>
#include <vector>

#include "harness/stats/elo.h"

namespace arbiter::bisect {

// Commits are numbered along the first-parent path: 0 is the good build, `commits` the bad one.
struct CommitPairs {
    int commit = 0;
    stats::PentaCounts pairs;  // the commit's points in each pair against the good build
};

// The commit's mean pair score against the good build with its standard error, which the decisions
// use (docs/bisect.md: the model lives in score space, where a commit that loses every game still has
// a finite error), and the same as Elo for people.
struct CommitElo {
    int commit = 0;
    double elo = 0.0;    // Elo of the score
    double sigma = 0.0;  // one sigma in Elo: half the 95% interval of the score, mapped to Elo, over 1.96
    std::int64_t pairs = 0;
    double score = 0.5;        // mean points per game over its pairs
    double score_sigma = 0.0;  // sqrt(var / P)
};

// Per-pair score variance never taken below this when turning pairs into a standard error: a
// batch of 16 pairs that were all draws has a sample variance of 0, which would make one lucky
// batch infinitely certain. 0.01 is about a third of bullet's per-pair variance at equal strength.
inline constexpr double kPairVarianceFloor = 0.01;

// Sums the pairs of each commit (input in any order, with repeats), sorted by commit; commits with
// no pairs are left out.
std::vector<CommitPairs> merge_by_commit(const std::vector<CommitPairs>& stored);

// The per-pair score variance pooled over every commit, each around its own mean:
// sum_c P_c var_c / sum_c P_c, at least kPairVarianceFloor. The commits of one range differ by a few
// Elo and share the draw rate, so one variance from all pairs is far steadier than each commit's
// own: a 16-pair batch's sample variance moves with its mean and would weigh lucky batches more.
double pooled_pair_variance(const std::vector<CommitPairs>& merged);

// The estimate of summed pairs: the score s, its error sqrt(var / P) with P pairs and var the pooled
// per-pair variance, and both as Elo.
CommitElo commit_elo(const CommitPairs& merged, double pair_variance);

}  // namespace arbiter::bisect
