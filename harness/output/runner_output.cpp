#include "harness/output/runner_output.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "harness/config/engine_limits.h"
#include "harness/stats/count_estimates.h"
#include "harness/tc/time_control.h"

namespace arbiter::output {

using schedule::PairingResults;
using schedule::sprt_state;
using schedule::SprtSetup;

namespace {

// printf formatting as both tools use it; unlike match_summary.cpp's helper a "-0.0" stays, as they print it.
std::string format_number(const char* format, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string ratio_text(std::int64_t numerator, std::int64_t denominator) {
    // fastchess divides doubles: x/0 prints "inf", 0/0 "nan" (glibc would print "-nan").
    if (denominator == 0) return numerator > 0 ? "inf" : "nan";
    return format_number("%.2f", static_cast<double>(numerator) / static_cast<double>(denominator));
}

std::string plus_minus(const std::optional<double>& value, const std::optional<double>& error) {
    const auto text = [](const std::optional<double>& x) { return x ? format_number("%.2f", *x) : std::string("nan"); };
    return text(value) + " +/- " + text(error);
}

std::optional<stats::EloEstimate> estimate_or_none(const PairingResults& results, bool pentanomial) {
    try {
        return pentanomial ? stats::estimate_elo(results.penta) : stats::estimate_elo(results.wdl);
    } catch (const std::invalid_argument&) {
        return std::nullopt;  // nothing counted yet
    }
}

}  // namespace

std::string cutechess_elo_line(const stats::WdlCounts& wdl) {
    stats::EloEstimate e;
    try {
        e = stats::estimate_elo(wdl);
    } catch (const std::invalid_argument&) {
        return {};
    }
    // cutechess's LOS counts decisive games only: Phi((W - L) / sqrt(W + L)).
    const auto decisive = static_cast<double>(wdl.wins + wdl.losses);
    const double los =
        decisive > 0 ? stats::normal_cdf(static_cast<double>(wdl.wins - wdl.losses) / std::sqrt(decisive)) : 0.5;
    // An even score computes as -0 (-400 log10(1)); "+ 0.0" makes it print as 0.0.
    return "Elo difference: " + format_number("%.1f", e.elo + 0.0) + " +/- " + format_number("%.1f", e.elo_error) +
           ", LOS: " + format_number("%.1f", 100.0 * los) +
           " %, DrawRatio: " + format_number("%.1f", 100.0 * e.draw_ratio) + " %";
}

std::string cutechess_sprt_line(const stats::SprtResult& state) {
    std::string line = "SPRT: llr " + format_number("%.3g", state.llr) + " (" +
                       format_number("%.1f", state.llr / state.upper_bound * 100.0) + "%), lbound " +
                       format_number("%.3g", state.lower_bound) + ", ubound " +
                       format_number("%.3g", state.upper_bound);
    if (state.decision == stats::SprtDecision::h0) line += " - H0 was accepted";
    if (state.decision == stats::SprtDecision::h1) line += " - H1 was accepted";
    return line;
}

std::string fastchess_llr_line(const stats::SprtResult& state, const stats::SprtParameters& parameters) {
    const double fraction = state.llr >= 0 ? state.llr / state.upper_bound : -state.llr / state.lower_bound;
    return "LLR: " + format_number("%.2f", state.llr) + " (" + format_number("%.1f", fraction * 100.0) + "%) (" +
           format_number("%.2f", state.lower_bound) + ", " + format_number("%.2f", state.upper_bound) + ") [" +
           format_number("%.2f", parameters.elo0) + ", " + format_number("%.2f", parameters.elo1) + "]";
}

std::string fastchess_sprt_verdict_line(const stats::SprtParameters& parameters, stats::SprtDecision decision) {
    return "SPRT ([" + format_number("%.2f", parameters.elo0) + ", " + format_number("%.2f", parameters.elo1) +
           "]) completed - " + (decision == stats::SprtDecision::h1 ? "H1" : "H0") + " was accepted";
}

std::vector<std::string> fastchess_results_lines(const std::string& first, const std::string& second,
                                                 const std::string& details, const PairingResults& results,
                                                 bool pentanomial, const std::optional<SprtSetup>& sprt) {
    std::vector<std::string> lines{"Results of " + first + " vs " + second + " (" + details + "):"};
    const auto e = estimate_or_none(results, pentanomial);
    if (e) {
        lines.push_back("Elo: " + plus_minus(e->elo, e->elo_error) + ", nElo: " + plus_minus(e->nelo, e->nelo_error));
        std::string los = "LOS: " + format_number("%.2f", 100.0 * e->los) +
                          " %, DrawRatio: " + format_number("%.2f", 100.0 * e->draw_ratio) + " %";
        if (pentanomial)
            los +=
                ", PairsRatio: " + ratio_text(results.penta.ww + results.penta.wd, results.penta.ld + results.penta.ll);
        lines.push_back(los);
    }
    lines.push_back(stats::games_points_line(pentanomial ? results.paired_wdl : results.wdl));
    if (pentanomial) lines.push_back(stats::pentanomial_line(results.penta));
    if (sprt) {
        if (auto state = sprt_state(*sprt, results)) lines.push_back(fastchess_llr_line(*state, sprt->parameters));
    }
    return lines;
}

namespace {

// As fastchess shows a limit, from the control the engine plays under: the clock or the time per
// move in PGN TimeControl form, else the depth, else the node count.
std::string limit_text(const tc::TimeControl& control) {
    if (control.is_timed()) return tc::to_pgn_string(control);
    if (control.depth > 0) return std::to_string(control.depth) + " plies";
    if (control.nodes > 0) return std::to_string(control.nodes) + " nodes";
    return control.infinite ? "inf" : "";
}

std::string option_text(const config::EngineSpec& spec, const std::string& option, const std::string& unit) {
    for (const auto& [name, value] : spec.options)
        if (name == option) return value + unit;
    return "NULL";
}

std::string both(const std::string& first, const std::string& second) {
    return first == second ? first : first + " - " + second;
}

}  // namespace

std::string fastchess_details(const config::EngineSpec& first, const config::EngineSpec& second,
                              const std::optional<openings::BookOptions>& openings) {
    const std::string limits = both(limit_text(config::time_control(first)), limit_text(config::time_control(second)));
    std::string text = limits + ", " + both(option_text(first, "Threads", "t"), option_text(second, "Threads", "t")) +
                       ", " + both(option_text(first, "Hash", "MB"), option_text(second, "Hash", "MB"));
    if (openings) text += ", " + openings->file.substr(openings->file.find_last_of("/\\") + 1);
    return text;
}

}  // namespace arbiter::output
