#pragma once
// A pool ladder (`gauntlet.pool` in the ladder file): instead of a fixed gauntlet, each batch of a
// step plays K pool opponents (`opponents_per_step`): in a step's first batch (and in fixed counts)
// those whose expected score against it is nearest 50%; under --target-error every later batch
// answers the widest improvement with the step and the K opponents predicted to narrow it most
// (choose_pool_batch below).
//
// Why. A game whose result is known in advance informs little: the Fisher information of one game
// about a rating difference is proportional to E(1-E), E the expected score, which is 0.25 at 50%
// and 0.09 at 90%. The MadChess 2.0 table's fixed gauntlet spent 41% of its games below 10% or above
// 90% (issue #40), an information efficiency of 0.49 (harness/stats/ladder_efficiency.h).
//
// The rule, a pure function of the database's games and the file (ladder_allocation.h's rules hold
// for it: a resumed run, a shard and a merged database choose alike from the games they hold):
//   - Ratings: the ladder's joint fit of every stored game, anchored opponents fixed and every other
//     opponent's `prior` in it as virtual draws (pool_choice_fit): an opponent without games is at its
//     prior (an anchored one at its anchor), one with a few games near it. A step without games is at the previous step's
//     rating, since each step adds a feature to the one before; the first step, before it has games,
//     at `first_step_prior` (default: the mean of the pool's priors).
//   - Scale: priors are on the anchors' scale, and the virtual draws' fixed players carry it into
//     the fit. pool_ratings, given a fit without any anchored player (which pins the mean of its
//     players at 2300), moves its ratings by the mean of (prior - fitted rating) over the pool
//     opponents it rates, which puts them on the priors' scale.
//   - First choice: E = 1 / (1 + 10^(-(r_step - r_opponent) / 400)); the K opponents with the smallest
//     |E - 0.5| (the smallest |r_step - r_opponent|), ties to the earlier opponent of the pool's list;
//     the whole pool when it has K or fewer.
//
// Re-chosen every batch (under --target-error), not frozen after a step's first batch: the first
// batch is chosen at the previous step's rating, which a feature can move by 100 Elo or more (2.0's
// null move: +101), and a frozen choice would keep that guess's opponents for the whole step. Re-choosing
// costs nothing in consistency:
//   - Connectivity: every step meets at least one opponent that the step before it met, so the fit's
//     games stay one connected group and each improvement rests on a common opponent. Nearest 50%
//     alone does not ensure it: on MadChess 2.0 the first batches (4 games an opponent) sent step 15,
//     rated from step 14's 8 games, to glaurung and toga2, whom no other step had met, and with that
//     group cut off no rating existed (not even BayesElo's), so every later batch went to step 2 at the
//     priors. Hence the link rule in choose_pool_opponents; games once played stay in the fit.
//   - Openings: every (step, opponent) pairing is a scheduler run of its own, whose pair k always plays
//     opening k of the seeded book (both colours), whichever batch plays it and whatever else the step
//     plays: no opening is replayed against the same opponent, and resumes, shards (each its block of
//     every run) and merges stay as for a fixed gauntlet.
// In fixed counts (no --target-error) a step keeps the opponents it has runs with and is given, by the
// rule, as many more as make K, each played to the file's games_per_opponent.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "harness/config/match_config.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"
#include "harness/stats/ladder_fit.h"

namespace arbiter::ladder {

// The score a player rated `rating` is expected to make against one rated `opponent` (logistic Elo).
double expected_score(double rating, double opponent);

struct PoolChoice {
    std::size_t opponent = 0;  // index into the pool
    double expected = 0.5;     // the step's expected score against it
};

// The batch answering improvement `widest` under --target-error (ladder_allocation.h,
// choose_widest_batch): its step and, for a pool ladder, its opponents.
struct WidestBatch {
    std::size_t step = 0;
    // None: a fixed gauntlet's step plays its gauntlet; an `unlinked` pool step, its own choice.
    std::optional<std::vector<PoolChoice>> opponents;
    // The pool's games are in unconnected groups and this is the first step that shares no opponent
    // with the one before it (first_unlinked_step).
    bool unlinked = false;
};

// The k opponents whose expected score against a player rated `rating` is nearest 50%, nearest first
// (ties: the lower index); all of them when there are k or fewer.
std::vector<PoolChoice> nearest_opponents(double rating, const std::vector<double>& opponents, std::size_t k);

// Ratings the choice reads, on the priors' scale (see above).
struct PoolRatings {
    std::vector<double> opponents;  // per pool opponent
    std::vector<double> steps;      // per step
};
PoolRatings pool_ratings(const stats::LadderFit& fit, const std::vector<std::string>& step_players,
                         const std::vector<std::string>& pool, const std::vector<double>& priors,
                         double first_step_prior);

// The fit the choice reads: the stored games (`fit.results`) and, for every pool opponent without an
// anchor, 12 virtual draws against a player fixed at its prior, a prior worth about 100 Elo. An
// opponent's first few games then move it from its prior by what they weigh, instead of replacing
// the prior: from 4 games a fit can put an opponent hundreds of Elo from where it plays, and every
// step rated through it would choose by that. The precision target reads the games alone.
stats::LadderFit pool_choice_fit(const stats::LadderFit& fit, const LadderPlan& plan);

// The opponents step `step` of a pool plan plays next, from pool_choice_fit of the stored games: the K nearest
// 50%, except that a step (after the first) which has met none of the opponents the step before it
// met gets the nearest of those in place of its farthest choice.
std::vector<PoolChoice> choose_pool_opponents(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t step);

// The first step with games that shares no opponent with the step before it, if any. The choice above
// never makes one; a database played by an earlier rule can hold one, and when it cuts the fit in two
// no rating exists, so the ladder plays that step first (its next batch meets the step before's).
std::optional<std::size_t> first_unlinked_step(const stats::LadderFit& fit, const LadderPlan& plan);

// Which of steps `widest` - 1 and `widest` plays the batch answering improvement `widest` in a pool
// ladder: the one whose batch, against the opponents the rule would give it (`games` games each, at
// the expected scores the fit gives), is predicted to leave the improvement the narrower.
//
// Why not batch_step's rule (the step with the wider rating). In a pool ladder an anchored opponent
// plays only the steps near it, so the others' ratings carry the error of the chain of games that
// ties them to the anchor; that error is common to both ends of an improvement and no batch of
// either step removes it, yet it decides which rating is the wider. The prediction adds the batch's
// Fisher information, w = games k^2 E(1-E) along u = e_step - e_opponent, to the fit's covariance C
// (the sandwich estimate taken as the inverse information) one opponent at a time by the
// Sherman-Morrison formula, C' = C - w (C u)(C u)^T / (1 + w u^T C u), and reads Var(r_i - r_(i-1))
// from C'. An opponent the fit does not know yet adds nothing: its rating is free. Ties, and steps
// the fit does not rate, keep batch_step's answer.
std::size_t pool_batch_step(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t widest, double games);

// The batch answering improvement `widest` (>= 1) under a target: the step (it or the one before)
// and the K pool opponents whose `games` games each are predicted (as in pool_batch_step) to leave
// that improvement the narrowest, over every step of the two and every K of the opponents the fit
// rates; ties to the opponents nearer 50%.
//
// Why not nearest 50% with the link rule. An improvement is only as narrow as the games that tie its
// two steps to common opponents. Nearest 50% sends each step where its own games inform most, and the
// link rule is met by a few old games: in simulation (bench/ladder/pool_sim.cpp, 2 of 40 seeds) a
// 2.0 pool run sent steps 5 and 6 to two opponents apiece, none in common, 8 early games of step 6
// against one of step 5's kept the link rule met, and improvement 6 stayed at +-160 while each
// played 32,768 games. Predicting the improvement's variance weighs a game's E(1-E) against how much
// of it reaches the difference, which also favours an opponent the other step plays.
// Without a rated pair (no fit, or a step the fit does not rate): pool_batch_step and choose_pool_opponents.
// A pool whose K-subsets outnumber `most_subsets` (a large pool, a large K) is searched greedily
// instead, one opponent at a time, each the one that leaves the improvement narrowest with those
// taken before it: every subset of 40 opponents taken 6 at a time would be 3.8 million predictions.
// Its answer always names the opponents.
inline constexpr std::size_t kMostPoolSubsets = 5000;
WidestBatch choose_pool_batch(const stats::LadderFit& fit, const LadderPlan& plan, std::size_t widest, double games,
                              std::size_t most_subsets = kMostPoolSubsets);

// The plan's pool from the file's: priors in pool order, the first step's prior resolved.
PoolPlan pool_plan(const PoolSettings& pool);

// {"opponents_per_step": K, "first_step_prior": R, "priors": {name: prior}}: the plan's "pool" key.
nlohmann::json pool_json(const LadderPlan& plan);

// The run of step `step` against pool opponent `opponent`: step_match_config's settings, two engines.
config::MatchConfig pool_match_config(const LadderPlan& plan, std::size_t step, std::size_t opponent,
                                      const std::string& db, std::optional<config::ShardSpec> shard, int concurrency);

}  // namespace arbiter::ladder
