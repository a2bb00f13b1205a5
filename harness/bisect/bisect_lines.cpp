#include "harness/bisect/bisect_lines.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "harness/bisect/bisect_players.h"
#include "harness/stats/elo.h"
#include "harness/stats/sprt.h"

namespace arbiter::bisect {
namespace {

constexpr double kZ95 = 1.959963984540054;

std::string short_sha(const std::string& sha) { return sha.substr(0, 12); }

const db::BisectionCommitRecord* commit_row(const StoredBisection& stored, int position) {
    for (const auto& row : stored.commits)
        if (row.position == position) return &row;
    return nullptr;
}

std::string sha_at(const StoredBisection& stored, int position) {
    if (position == 0) return stored.record.good;
    if (position == stored.record.commits) return stored.record.bad;
    const auto* row = commit_row(stored, position);
    return row ? row->sha : std::string();
}

std::string subject_at(const StoredBisection& stored, int position) {
    const auto* row = commit_row(stored, position);
    return row ? row->subject : std::string();
}

std::optional<CommitElo> elo_of(const StoredBisection& stored, int position) {
    const std::vector<CommitPairs> merged = merge_by_commit(stored.pairs);
    const double variance = pooled_pair_variance(merged);
    for (const CommitPairs& one : merged)
        if (one.commit == position) return commit_elo(one, variance);
    return std::nullopt;
}

std::string signed_fixed(double value, int digits) {
    if (std::abs(value) < 0.5 * std::pow(10.0, -digits)) value = 0.0;  // "+0.0", never "-0.0"
    std::ostringstream text;
    text << std::showpos << std::fixed << std::setprecision(digits) << value;
    return text.str();
}

// "-14.2 +/- 6.1 Elo (1,024 games)" at 95%.
std::string elo_text(const std::optional<CommitElo>& elo) {
    if (!elo) return "not measured";
    std::ostringstream text;
    text << signed_fixed(elo->elo, 1) << " +/- " << std::fixed << std::setprecision(1) << kZ95 * elo->sigma << " Elo ("
         << 2 * elo->pairs << " games)";
    return text.str();
}

std::string label(const StoredBisection& stored, int position) {
    std::ostringstream text;
    text << position << "/" << stored.record.commits << " " << short_sha(sha_at(stored, position));
    if (position == stored.record.commits) text << " (bad)";
    return text.str();
}

std::string range_text(const StoredBisection& stored, int first, int last) {
    if (first == last) return std::to_string(first) + " " + short_sha(sha_at(stored, first));
    return std::to_string(first) + ".." + std::to_string(last) + " " + short_sha(sha_at(stored, first)) + ".." +
           short_sha(sha_at(stored, last));
}

std::string spent_text(const StoredBisection& stored, double play_seconds) {
    std::ostringstream text;
    std::size_t built = 0;
    for (const auto& row : stored.commits) built += row.state == db::BisectCommitState::built;
    text << "spent: " << games_of(stored.pairs) << " games over " << stored.pairs.size() << " commits (" << std::fixed
         << std::setprecision(1);
    if (play_seconds >= 360.0) text << play_seconds / 3600.0 << " core-hours of play), ";
    else text << play_seconds / 60.0 << " core-minutes of play), ";
    text << built << " builds, " << stored.skipped.size() << " skipped";
    return text.str();
}

// The levels are scores (harness/bisect/bisect_posterior.h); people read them as Elo.
std::string levels_text(const Decision& decision) {
    const EloLevels levels = elo_levels(decision.levels);
    std::ostringstream text;
    text << "good at " << signed_fixed(levels.good, 1) << ", bad at " << signed_fixed(levels.bad, 1);
    if (levels.bad_error95 > 0.0) text << " +/- " << std::fixed << std::setprecision(1) << levels.bad_error95;
    return text.str() + " Elo";
}

}  // namespace

std::string first_line(const StoredBisection& stored, const std::string& db) {
    const auto& record = stored.record;
    std::ostringstream text;
    text << "bisect: " << candidate_player(record.repo, record.good) << ".." << short_sha(record.bad) << ": "
         << record.commits + 1 << " commits on the first-parent path, " << record.commits - 1
         << " between good and bad; bisection " << record.id << " in " << db;
    return text.str();
}

std::string batch_line(const StoredBisection& stored, const BisectSettings& settings, const Decision& next,
                       int commit) {
    std::ostringstream text;
    text << "  " << label(stored, commit) << ": ";
    const bool bad_sprt = settings.sprt && commit == settings.commits;
    if (bad_sprt) {
        const auto merged = merge_by_commit(stored.pairs);
        const auto bad =
            std::find_if(merged.begin(), merged.end(), [&](const CommitPairs& one) { return one.commit == commit; });
        if (bad != merged.end()) {
            const stats::SprtResult sprt = stats::run_sprt(bad->pairs, *settings.sprt);
            text << "LLR " << std::fixed << std::setprecision(2) << sprt.llr << " [" << sprt.lower_bound << ", "
                 << sprt.upper_bound << "] (" << 2 * bad->pairs.pairs() << " games)";
        }
    } else {
        text << elo_text(elo_of(stored, commit));
    }
    if (next.posterior.empty()) {
        text << "; " << (next.verdict == Verdict::measure ? "measuring the regression" : "regression measured");
        return text.str();
    }
    const double mass = 1.0 - (settings.sprt ? settings.sprt->alpha : settings.error_rate);
    const CommitRange range = credible_range(next.posterior, settings.skipped, mass);
    text << "; first bad in " << range_text(stored, range.first, range.last) << " (" << std::lround(100 * mass) << "%)";
    const auto [low, top] = std::minmax_element(next.posterior.begin() + 1, next.posterior.end());
    if (*top > *low + 1e-9)  // with every commit as likely, "most likely" would name the first
        text << ", most likely " << top - next.posterior.begin() << " (p " << std::fixed << std::setprecision(2) << *top
             << ")";
    return text.str();
}

std::string verdict_text(const StoredBisection& stored, const BisectSettings& settings, const Decision& decision,
                         double play_seconds) {
    std::ostringstream text;
    const int n = stored.record.commits;
    switch (decision.verdict) {
        case Verdict::named:
            text << "first bad commit: " << sha_at(stored, decision.commit) << " "
                 << subject_at(stored, decision.commit)
                 << "\n  Elo against good: " << elo_text(elo_of(stored, decision.commit))
                 << (decision.commit == n ? " (the bad commit itself)" : "") << "\n  the commit before ("
                 << label(stored, decision.commit - 1) << "): "
                 << (decision.commit == 1 ? std::string("the good build")
                                          : elo_text(elo_of(stored, decision.commit - 1)))
                 << "\n  levels: " << levels_text(decision);
            break;
        case Verdict::range:
            text << "first bad commit: one of " << decision.commit - decision.first + 1
                 << " commits, the others in the range being skipped:";
            for (int k = decision.first; k <= decision.commit; ++k) {
                text << "\n  " << sha_at(stored, k) << " " << subject_at(stored, k);
                if (const auto* row = commit_row(stored, k); row && row->state == db::BisectCommitState::skipped)
                    text << " (skipped: " << row->reason << ")";
            }
            text << "\n  Elo of " << short_sha(sha_at(stored, decision.commit))
                 << " against good: " << elo_text(elo_of(stored, decision.commit))
                 << "\n  levels: " << levels_text(decision);
            break;
        case Verdict::not_confirmed:
            text << "not confirmed: the bad commit " << short_sha(stored.record.bad)
                 << " is not shown worse than the good one: " << elo_text(elo_of(stored, n));
            if (settings.sprt) text << " (its SPRT accepted H1, elo1=" << settings.sprt->elo1 << ")";
            break;
        case Verdict::several_steps:
            text << "several regressions: " << sha_at(stored, decision.commit) << " "
                 << subject_at(stored, decision.commit) << "\n  is at " << elo_text(elo_of(stored, decision.commit))
                 << ", far from both levels (" << levels_text(decision)
                 << "): the range holds more than one step; bisect " << short_sha(stored.record.good) << ".."
                 << short_sha(sha_at(stored, decision.commit)) << " and " << short_sha(sha_at(stored, decision.commit))
                 << ".." << short_sha(stored.record.bad) << " apart";
            break;
        case Verdict::measure: break;
    }
    text << "\n" << spent_text(stored, play_seconds) << "\n";
    return text.str();
}

std::string budget_text(const StoredBisection& stored, const BisectSettings& settings, const Decision& decision,
                        double play_seconds) {
    std::ostringstream text;
    text << "budget spent: ";
    if (decision.posterior.empty()) {
        text << "the regression between good and bad is not measured yet";
    } else {
        const double mass = 1.0 - (settings.sprt ? settings.sprt->alpha : settings.error_rate);
        const CommitRange range = credible_range(decision.posterior, settings.skipped, mass);
        text << "the first bad commit is in " << range_text(stored, range.first, range.last) << " ("
             << std::lround(100 * mass) << "% of the posterior)";
    }
    text << "\n" << spent_text(stored, play_seconds) << "\n";
    return text.str();
}

}  // namespace arbiter::bisect
