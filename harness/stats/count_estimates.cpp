#include "harness/stats/count_estimates.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace arbiter::stats {

namespace {

// Fixed-point text; values that round to zero print as 0 rather than -0.
std::string fixed(double value, int decimals) {
    if (std::abs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0.0;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

void print_counts_line(std::ostream& out, const WdlCounts& c, const EloEstimate&) {
    out << games_points_line(c) << '\n';
}

void print_counts_line(std::ostream& out, const PentaCounts& c, const EloEstimate& est) {
    out << "Pairs: " << est.samples << ", Points: " << fixed(2.0 * est.score * static_cast<double>(est.samples), 1)
        << " (" << fixed(100.0 * est.score, 2) << " %)\n";
    out << pentanomial_line(c) << '\n';
}

std::string nelo_text(const EloEstimate& est) {
    if (!est.nelo) return "n/a";
    return fixed(*est.nelo, 2) + " +/- " + fixed(*est.nelo_error, 2);
}

// A perfect or null score has no interval: its one-sided bound, marked, stands in for it.
std::string elo_text(const EloEstimate& est) {
    if (est.bound == RatingBound::exact) return fixed(est.elo, 2) + " +/- " + fixed(est.elo_error, 2);
    const bool floor = est.bound == RatingBound::at_least;
    return std::string(bound_marker(est.bound)) + " " + fixed(*est.limit, 2) +
           (floor ? " (95% lower bound)" : " (95% upper bound)");
}

void print_estimates(std::ostream& out, const StatsRequest& request, const EloEstimate& est,
                     const std::optional<SprtResult>& sprt) {
    out << "Elo: " << elo_text(est) << ", nElo: " << nelo_text(est) << '\n';
    out << "LOS: " << fixed(100.0 * est.los, 2) << " %, DrawRatio: " << fixed(100.0 * est.draw_ratio, 2) << " %\n";
    std::visit([&](const auto& counts) { print_counts_line(out, counts, est); }, request.counts);
    if (!sprt) return;
    out << "LLR: " << fixed(sprt->llr, 2) << " (" << fixed(sprt->lower_bound, 2) << ", " << fixed(sprt->upper_bound, 2)
        << ") [" << fixed(request.sprt->elo0, 2) << ", " << fixed(request.sprt->elo1, 2) << "], model "
        << model_name(request.sprt->model) << '\n';
    const char* verdict = sprt->decision == SprtDecision::h1   ? "H1 accepted"
                          : sprt->decision == SprtDecision::h0 ? "H0 accepted"
                                                               : "continue";
    out << "SPRT: " << verdict << '\n';
}

nlohmann::json estimates_json(const EloEstimate& est, const std::optional<SprtResult>& sprt) {
    nlohmann::json j = {{"elo", est.elo},
                        {"elo_error", est.elo_error},
                        {"los", est.los},
                        {"draw_ratio", est.draw_ratio},
                        {"nelo", est.nelo ? nlohmann::json(*est.nelo) : nlohmann::json(nullptr)}};
    if (est.bound != RatingBound::exact) {
        j["elo"] = *est.limit;
        j["elo_error"] = nullptr;
        j["elo_bound"] = bound_name(est.bound);
    }
    if (sprt) {
        j["llr"] = sprt->llr;
        j["lower_bound"] = sprt->lower_bound;
        j["upper_bound"] = sprt->upper_bound;
        j["decision"] = std::string(decision_name(sprt->decision));
    }
    return j;
}

}  // namespace

std::string games_points_line(const WdlCounts& counts) {
    const std::int64_t games = counts.games();
    const std::string percent = games ? fixed(100.0 * counts.points() / static_cast<double>(games), 2) : "nan";
    return "Games: " + std::to_string(games) + ", Wins: " + std::to_string(counts.wins) +
           ", Losses: " + std::to_string(counts.losses) + ", Draws: " + std::to_string(counts.draws) +
           ", Points: " + fixed(counts.points(), 1) + " (" + percent + " %)";
}

std::string pentanomial_line(const PentaCounts& counts) {
    return "Ptnml(0-2): [" + std::to_string(counts.ll) + ", " + std::to_string(counts.ld) + ", " +
           std::to_string(counts.dd_wl) + ", " + std::to_string(counts.wd) + ", " + std::to_string(counts.ww) + "]";
}

void write_count_estimates(const StatsRequest& request, std::ostream& out) {
    std::optional<SprtResult> sprt;
    const EloEstimate est = std::visit(
        [&](const auto& counts) {
            if (request.sprt) sprt = run_sprt(counts, *request.sprt);
            return estimate_elo(counts);
        },
        request.counts);
    if (request.json) out << estimates_json(est, sprt).dump() << '\n';
    else print_estimates(out, request, est, sprt);
}

}  // namespace arbiter::stats
