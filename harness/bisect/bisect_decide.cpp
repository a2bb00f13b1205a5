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
}

// Step 1 without -sprt: the bad level from the bad build's own pairs, or the verdict that ends.
std::optional<Decision> measured_levels(const std::optional<CommitElo>& bad, StepLevels& levels) {
    if (!bad) return Decision{Verdict::measure, 0, {}, {}};
    if (bad->elo - kNotConfirmedZ * bad->sigma > -kNegligibleElo) return Decision{Verdict::not_confirmed, 0, {}, {}};
    const bool confirmed = bad->elo + kConfirmZ * bad->sigma < 0.0;
    const bool precise = bad->sigma <= std::abs(bad->elo) / kLevelPrecision;
    if (!confirmed || !precise) return Decision{Verdict::measure, 0, {}, {}};
    levels = {0.0, bad->elo, bad->sigma};
    return std::nullopt;
}

// Step 3: the first commit between good and bad whose Elo fits neither level.
std::optional<int> contradicting_commit(const StepLevels& levels, const std::vector<CommitElo>& measured, int commits) {
    for (const CommitElo& one : measured) {
        if (one.commit <= 0 || one.commit >= commits) continue;
        const double from_good = std::abs(one.elo - levels.good) / one.sigma;
        const double from_bad =
            std::abs(one.elo - levels.bad) / std::sqrt(one.sigma * one.sigma + levels.bad_sigma * levels.bad_sigma);
        if (from_good > kContradictionZ && from_bad > kContradictionZ) return one.commit;
    }
    return std::nullopt;
}

const CommitElo* find_commit(const std::vector<CommitElo>& measured, int commit) {
    const auto found =
        std::find_if(measured.begin(), measured.end(), [&](const CommitElo& one) { return one.commit == commit; });
    return found == measured.end() ? nullptr : &*found;
}

// Step 4: the commit of the named step's boundary (k - 1 and k; good and bad are known) whose 95%
// interval still reaches the midpoint of the levels, none when both are clear of it.
std::optional<int> unsettled_boundary(const StepLevels& levels, const std::vector<CommitElo>& measured, int named,
                                      int commits) {
    const double middle = (levels.good + levels.bad) / 2.0;
    for (const int commit : {named, named - 1}) {
        if (commit <= 0 || commit >= commits) continue;
        const CommitElo* known = find_commit(measured, commit);
        if (!known) return commit;
        const double toward = (commit == named ? levels.bad : levels.good) - middle;
        const double sigma = std::sqrt(known->sigma * known->sigma + levels.bad_sigma * levels.bad_sigma / 4.0);
        if ((known->elo - middle) * (toward < 0 ? -1.0 : 1.0) <= kVerifyZ * sigma) return commit;
    }
    return std::nullopt;
}

// The batch for `candidate`, or for the bad build when the candidate is already known better than
// the bad level: then the level's error is what blurs the answer.
int batch_commit(const StepLevels& levels, const std::vector<CommitElo>& measured, int candidate, int commits) {
    const CommitElo* known = find_commit(measured, candidate);
    return levels.bad_sigma > 0.0 && known && known->sigma < levels.bad_sigma ? commits : candidate;
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
        if (bad_pairs == merged.end()) return {Verdict::measure, n, {}, {}};
        const stats::SprtDecision test = stats::run_sprt(bad_pairs->pairs, *settings.sprt).decision;
        if (test == stats::SprtDecision::h1) return {Verdict::not_confirmed, n, {}, {}};
        if (test == stats::SprtDecision::continue_testing) return {Verdict::measure, n, {}, {}};
        levels = {settings.sprt->elo1, settings.sprt->elo0, 0.0};
        error_rate = settings.sprt->alpha;
    } else if (std::optional<Decision> early = measured_levels(bad, levels)) {
        early->commit = n;
        return *early;
    }

    if (n == 1) return {Verdict::named, 1, levels, {0.0, 1.0}};
    if (const std::optional<int> odd = contradicting_commit(levels, measured, n))
        return {Verdict::several_steps, *odd, levels, step_posterior(n, levels, measured)};
    std::vector<double> posterior = step_posterior(n, levels, measured);
    const auto top = std::max_element(posterior.begin(), posterior.end());
    if (*top >= 1.0 - error_rate) {
        const int named = static_cast<int>(top - posterior.begin());
        if (const std::optional<int> unsettled = unsettled_boundary(levels, measured, named, n))
            return {Verdict::measure, batch_commit(levels, measured, *unsettled, n), levels, std::move(posterior)};
        return {Verdict::named, named, levels, std::move(posterior)};
    }
    const int candidate = median_candidate(posterior);
    return {Verdict::measure, batch_commit(levels, measured, candidate, n), levels, std::move(posterior)};
}

}  // namespace arbiter::bisect
