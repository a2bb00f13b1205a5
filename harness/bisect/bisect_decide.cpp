#include "harness/bisect/bisect_decide.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace arbiter::bisect {
namespace {

void check_input(const BisectSettings& settings, const std::vector<CommitPairs>& stored) {
    if (settings.commits < 1) throw std::invalid_argument("bisect: the range holds no commit after the good one");
    if (!(settings.error_rate > 0.0 && settings.error_rate < 1.0))
        throw std::invalid_argument("bisect: the error rate must be in (0, 1)");
    for (const CommitPairs& one : stored)
        if (one.commit < 0 || one.commit > settings.commits)
            throw std::invalid_argument("bisect: commit " + std::to_string(one.commit) + " is outside 0.." +
                                        std::to_string(settings.commits));
    for (const int commit : settings.skipped)
        if (commit < 1 || commit >= settings.commits)
            throw std::invalid_argument("bisect: skipped commit " + std::to_string(commit) + " is outside 1.." +
                                        std::to_string(settings.commits - 1));
}

// An SPRT bound as the mean pair score the levels are compared in: logistic Elo through the
// logistic, normalized Elo through the pooled per-pair variance (t = (s - 1/2) / sqrt(2 var), as
// harness/stats/elo.cpp defines it for pairs).
double sprt_level_score(const stats::SprtParameters& sprt, double elo, double pair_variance) {
    if (sprt.model == stats::EloModel::normalized) return 0.5 + elo / stats::kNeloPerT * std::sqrt(2.0 * pair_variance);
    return stats::elo_to_score(elo);
}

Decision verdict_only(Verdict verdict, int commit) { return {verdict, commit, commit, {}, {}}; }

bool is_skipped(const std::vector<int>& skipped, int commit) {
    return std::find(skipped.begin(), skipped.end(), commit) != skipped.end();
}

// The answer's blocks: each measurable commit with the skipped ones just before it, whose steps no
// measurement can tell apart. By last commit, ascending; the last block ends at the bad commit.
struct Block {
    int first = 1;
    int last = 1;
    double mass = 0.0;
};

std::vector<Block> blocks_of(const std::vector<double>& posterior, const std::vector<int>& skipped) {
    const int commits = static_cast<int>(posterior.size()) - 1;
    std::vector<Block> blocks;
    int first = 1;
    double mass = 0.0;
    for (int k = 1; k <= commits; ++k) {
        mass += posterior[static_cast<std::size_t>(k)];
        if (k < commits && is_skipped(skipped, k)) continue;
        blocks.push_back({first, k, mass});
        first = k + 1;
        mass = 0.0;
    }
    return blocks;
}

// Step 1 without -sprt: the bad level from the bad build's own pairs, or the verdict that ends.
std::optional<Decision> measured_levels(const std::optional<CommitElo>& bad, StepLevels& levels) {
    if (!bad) return verdict_only(Verdict::measure, 0);
    const double gap = bad->score - 0.5, sigma = bad->score_sigma;
    const double negligible = 0.5 - stats::elo_to_score(-kNegligibleElo);
    if (gap - kNotConfirmedZ * sigma > -negligible) return verdict_only(Verdict::not_confirmed, 0);
    const bool confirmed = gap + kConfirmZ * sigma < 0.0;
    const bool precise = sigma <= std::abs(gap) / kLevelPrecision;
    if (!confirmed || !precise) return verdict_only(Verdict::measure, 0);
    levels = {0.5, bad->score, sigma};
    return std::nullopt;
}

// Step 3: the first commit between good and bad whose Elo fits neither level.
std::optional<int> contradicting_commit(const StepLevels& levels, const std::vector<CommitElo>& measured, int commits) {
    for (const CommitElo& one : measured) {
        if (one.commit <= 0 || one.commit >= commits) continue;
        const double from_good = std::abs(one.score - levels.good) / one.score_sigma;
        const double from_bad = std::abs(one.score - levels.bad) /
                                std::sqrt(one.score_sigma * one.score_sigma + levels.bad_sigma * levels.bad_sigma);
        if (from_good > kContradictionZ && from_bad > kContradictionZ) return one.commit;
    }
    return std::nullopt;
}

const CommitElo* find_commit(const std::vector<CommitElo>& measured, int commit) {
    const auto found =
        std::find_if(measured.begin(), measured.end(), [&](const CommitElo& one) { return one.commit == commit; });
    return found == measured.end() ? nullptr : &*found;
}

// Step 4: the commit of the named block's boundary (its last commit, and the measurable one before
// its first; good and bad are known) whose 95% interval still reaches the midpoint of the levels,
// none when both are clear of it.
std::optional<int> unsettled_boundary(const StepLevels& levels, const std::vector<CommitElo>& measured,
                                      const Block& named_block, int commits) {
    const double middle = (levels.good + levels.bad) / 2.0;
    const int named = named_block.last;
    for (const int commit : {named, named_block.first - 1}) {
        if (commit <= 0 || commit >= commits) continue;
        const CommitElo* known = find_commit(measured, commit);
        if (!known) return commit;
        const double toward = (commit == named ? levels.bad : levels.good) - middle;
        const double sigma =
            std::sqrt(known->score_sigma * known->score_sigma + levels.bad_sigma * levels.bad_sigma / 4.0);
        if ((known->score - middle) * (toward < 0 ? -1.0 : 1.0) <= kVerifyZ * sigma) return commit;
    }
    return std::nullopt;
}

// The batch for `candidate`, or for the bad build when the candidate is already known better than
// the bad level: then the level's error is what blurs the answer.
int batch_commit(const StepLevels& levels, const std::vector<CommitElo>& measured, int candidate, int commits) {
    const CommitElo* known = find_commit(measured, candidate);
    return levels.bad_sigma > 0.0 && known && known->score_sigma < levels.bad_sigma ? commits : candidate;
}

// Steps 2 to 4, once the levels are known: the contradiction, the stop with its boundary check,
// else the posterior median among the commits that can be measured.
Decision search(const BisectSettings& settings, const StepLevels& levels, double error_rate,
                const std::vector<CommitElo>& measured) {
    const int n = settings.commits;
    if (const std::optional<int> odd = contradicting_commit(levels, measured, n))
        return {Verdict::several_steps, *odd, *odd, levels, step_posterior(n, levels, measured)};
    std::vector<double> posterior = step_posterior(n, levels, measured);
    const std::vector<Block> blocks = blocks_of(posterior, settings.skipped);
    const auto top =
        std::max_element(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) { return a.mass < b.mass; });
    if (top->mass >= 1.0 - error_rate) {
        if (const std::optional<int> unsettled = unsettled_boundary(levels, measured, *top, n))
            return {Verdict::measure, batch_commit(levels, measured, *unsettled, n), 0, levels, std::move(posterior)};
        const Verdict verdict = top->first == top->last ? Verdict::named : Verdict::range;
        return {verdict, top->last, top->first, levels, std::move(posterior)};
    }
    const int candidate = median_candidate(posterior, settings.skipped);
    return {Verdict::measure, batch_commit(levels, measured, candidate, n), 0, levels, std::move(posterior)};
}

}  // namespace

Decision decide(const BisectSettings& settings, const std::vector<CommitPairs>& stored) {
    check_input(settings, stored);
    const int n = settings.commits;
    const std::vector<CommitPairs> merged = merge_by_commit(stored);
    std::vector<CommitElo> measured;
    std::optional<CommitElo> bad;
    const double pair_variance = pooled_pair_variance(merged);
    for (const CommitPairs& one : merged) {
        measured.push_back(commit_elo(one, pair_variance));
        if (one.commit == n) bad = measured.back();
    }

    StepLevels levels;
    double error_rate = settings.error_rate;
    if (settings.sprt) {
        stats::validate_sprt_parameters(*settings.sprt);
        const auto bad_pairs =
            std::find_if(merged.begin(), merged.end(), [&](const CommitPairs& one) { return one.commit == n; });
        if (bad_pairs == merged.end()) return verdict_only(Verdict::measure, n);
        const stats::SprtDecision test = stats::run_sprt(bad_pairs->pairs, *settings.sprt).decision;
        if (test == stats::SprtDecision::h1) return verdict_only(Verdict::not_confirmed, n);
        if (test == stats::SprtDecision::continue_testing) return verdict_only(Verdict::measure, n);
        levels = {sprt_level_score(*settings.sprt, settings.sprt->elo1, pair_variance),
                  sprt_level_score(*settings.sprt, settings.sprt->elo0, pair_variance), 0.0};
        error_rate = settings.sprt->alpha;
    } else if (std::optional<Decision> early = measured_levels(bad, levels)) {
        early->commit = early->first = n;
        return *early;
    }
    return search(settings, levels, error_rate, measured);
}

CommitRange credible_range(const std::vector<double>& posterior, const std::vector<int>& skipped, double mass) {
    const std::vector<Block> blocks = blocks_of(posterior, skipped);
    CommitRange best{blocks.front().first, blocks.back().last};
    for (std::size_t from = 0; from < blocks.size(); ++from) {
        double held = 0.0;
        for (std::size_t to = from; to < blocks.size(); ++to) {
            held += blocks[to].mass;
            if (held < mass) continue;
            if (blocks[to].last - blocks[from].first < best.last - best.first)
                best = {blocks[from].first, blocks[to].last};
            break;
        }
    }
    return best;
}

}  // namespace arbiter::bisect
