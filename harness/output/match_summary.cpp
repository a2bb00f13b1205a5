#include "harness/output/match_summary.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "harness/stats/ratings.h"
#include "harness/stats/ratings_output.h"

namespace arbiter::output {

using schedule::PairingResults;
using schedule::sprt_state;
using schedule::SprtSetup;
using schedule::Tally;

namespace {

std::string fixed(double value, int decimals, bool sign = false) {
    char text[64];
    std::snprintf(text, sizeof text, sign ? "%+.*f" : "%.*f", decimals, value);
    std::string out = text;
    // A value that rounds to zero prints without a minus sign ("-0.00" reads like a result).
    if (out[0] == '-' && out.find_first_not_of("-0.") == std::string::npos) {
        if (sign) out[0] = '+';
        else out.erase(0, 1);
    }
    return out;
}

std::optional<stats::EloEstimate> estimate(const PairingResults& results, bool pentanomial) {
    try {
        if (pentanomial) return stats::estimate_elo(results.penta);
        return stats::estimate_elo(results.wdl);
    } catch (const std::invalid_argument&) {
        return std::nullopt;  // no games (or no complete pairs) yet
    }
}

std::string elo_text(const stats::EloEstimate& e) {
    // A perfect or null score has no finite Elo: its one-sided 95% bound, marked, as `arbiter stats` prints it.
    if (e.bound != stats::RatingBound::exact && e.limit)
        return "Elo " + std::string(stats::bound_marker(e.bound)) + " " + fixed(*e.limit, 2, true) +
               (e.bound == stats::RatingBound::at_least ? " (95% lower bound)" : " (95% upper bound)");
    std::string text = "Elo " + fixed(e.elo, 2, true) + " +/- " + fixed(e.elo_error, 2);
    if (e.nelo) text += ", nElo " + fixed(*e.nelo, 2, true) + " +/- " + fixed(e.nelo_error.value_or(0), 2);
    return text;
}

const char* hypothesis_text(stats::SprtDecision decision) {
    switch (decision) {
        case stats::SprtDecision::h0: return "H0 accepted";
        case stats::SprtDecision::h1: return "H1 accepted";
        default: return "continue";
    }
}

void print_sprt_line(std::ostream& out, const SprtSetup& sprt, const PairingResults& results) {
    const auto state = sprt_state(sprt, results);
    const auto& p = sprt.parameters;
    out << "SPRT [" << fixed(p.elo0, 2) << ", " << fixed(p.elo1, 2) << "] " << stats::model_name(p.model) << ' '
        << (sprt.pentanomial ? "pentanomial" : "trinomial") << ": ";
    if (!state) {
        out << "no " << (sprt.pentanomial ? "complete pairs" : "games") << " yet\n";
        return;
    }
    out << "LLR " << fixed(state->llr, 2) << " (" << fixed(state->lower_bound, 2) << ", "
        << fixed(state->upper_bound, 2) << ") " << hypothesis_text(state->decision) << '\n';
}

void print_plain_scores(std::ostream& out, const Tally& tally) {
    const stats::PairMatrix& matrix = tally.matrix();
    out << "   # PLAYER                 GAMES      W      D      L   SCORE\n";
    for (std::size_t i = 0; i < matrix.size(); ++i) {
        const stats::WdlCounts r = matrix.record_of(i);
        char line[200];
        std::snprintf(line, sizeof line, "%4zu %-20s %7lld %6lld %6lld %6lld  %5.1f%%\n", i + 1,
                      matrix.names()[i].c_str(), static_cast<long long>(r.games()), static_cast<long long>(r.wins),
                      static_cast<long long>(r.draws), static_cast<long long>(r.losses),
                      r.games() ? 100.0 * r.points() / static_cast<double>(r.games()) : 0.0);
        out << line;
    }
}

}  // namespace

double Pace::games_per_minute() const {
    const double minutes = std::chrono::duration<double>(elapsed).count() / 60.0;
    return minutes > 0 ? static_cast<double>(games_this_session) / minutes : 0.0;
}

std::optional<std::chrono::seconds> Pace::eta() const {
    const double rate = games_per_minute();
    // Nothing left (the schedule done, or the run stopped early by an SPRT decision): no estimate.
    if (rate <= 0 || games_left <= 0) return std::nullopt;
    return std::chrono::seconds(std::llround(static_cast<double>(games_left) / rate * 60.0));
}

std::string short_duration(std::chrono::seconds duration) {
    const long long total = duration.count();
    char text[64];
    if (total >= 3600) std::snprintf(text, sizeof text, "%lldh%02lldm", total / 3600, total % 3600 / 60);
    else if (total >= 60) std::snprintf(text, sizeof text, "%lldm%02llds", total / 60, total % 60);
    else std::snprintf(text, sizeof text, "%llds", total);
    return text;
}

std::string score_line(const std::string& first, const std::string& second, const PairingResults& results) {
    const auto& w = results.wdl;
    const std::int64_t games = results.games();
    const double score =
        games ? (static_cast<double>(w.wins) + 0.5 * static_cast<double>(w.draws)) / static_cast<double>(games) : 0.0;
    return "Score of " + first + " vs " + second + ": " + std::to_string(w.wins) + " - " + std::to_string(w.losses) +
           " - " + std::to_string(w.draws) + "  [" + fixed(score, 3) + "] " + std::to_string(games);
}

void print_pairing_summary(std::ostream& out, const std::string& first, const std::string& second,
                           const PairingResults& results, const std::optional<SprtSetup>& sprt, const Pace& pace) {
    const bool pentanomial = results.penta.pairs() > 0;
    out << "--------------------------------------------------------------------\n";
    out << "Results of " << first << " vs " << second << " (" << results.games() << " games):\n";
    if (auto e = estimate(results, pentanomial)) {
        out << elo_text(*e) << '\n';
        // Pentanomial: the share of game pairs that come out level (DD+WL), not cutechess's DrawRatio of games.
        out << "LOS " << fixed(100 * e->los, 2) << " %, " << (pentanomial ? "pair draw ratio " : "draw ratio ")
            << fixed(100 * e->draw_ratio, 2) << " %\n";
    }
    const auto& w = results.wdl;
    out << "W " << w.wins << " D " << w.draws << " L " << w.losses << ", points "
        << fixed(static_cast<double>(w.wins) + 0.5 * static_cast<double>(w.draws), 1) << '\n';
    const auto& p = results.penta;
    out << "Pentanomial [LL, LD, DD+WL, WD, WW]: [" << p.ll << ", " << p.ld << ", " << p.dd_wl << ", " << p.wd << ", "
        << p.ww << "]\n";
    if (sprt) print_sprt_line(out, *sprt, results);
    out << "Pace " << fixed(pace.games_per_minute(), 1) << " games/min";
    if (auto eta = pace.eta()) out << ", ETA " << short_duration(*eta);
    out << "\n--------------------------------------------------------------------\n";
}

std::string live_line(std::int64_t done, std::int64_t planned, const PairingResults* match, const Pace& pace) {
    // Built with one stream: gcc 12 misreports string concatenation chains here (-Wrestrict).
    std::ostringstream line;
    line << '[' << done << '/' << planned << ']';
    if (match) {
        const auto& w = match->wdl;
        line << " W " << w.wins << " D " << w.draws << " L " << w.losses;
        if (auto e = estimate(*match, false))
            line << "  Elo " << fixed(e->elo, 1, true) << " +/- " << fixed(e->elo_error, 1);
    }
    line << "  " << fixed(pace.games_per_minute(), 1) << " games/min";
    if (auto eta = pace.eta()) line << "  ETA " << short_duration(*eta);
    return line.str();
}

void print_results_table(std::ostream& out, const Tally& tally) {
    if (tally.games() == 0) {
        out << "No games played.\n";
        return;
    }
    try {
        const stats::RatingTable table = stats::compute_ratings(tally.matrix());
        stats::print_ratings_table(out, table);
    } catch (const std::exception&) {
        // No finite maximum-likelihood ratings (e.g. disconnected results): show the scores.
        print_plain_scores(out, tally);
    }
}

}  // namespace arbiter::output
