#include "stats_command.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include "elo.h"
#include "sprt.h"

namespace arbiter::stats {

namespace {

constexpr const char* kUsage =
    "usage: arbiter stats (--wdl W D L | --penta LL LD DD WD WW)\n"
    "                     [--sprt ELO0 ELO1 ALPHA BETA] [--model logistic|normalized] [--json]\n";

// A bad flag or value: the message names the flag; exit code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct StatsRequest {
    std::variant<std::monostate, WdlCounts, PentaCounts> counts;
    std::optional<SprtParameters> sprt;
    EloModel model = EloModel::logistic;
    bool json = false;
};

std::int64_t parse_count(const std::string& flag, const std::string& text) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0)
        throw UsageError(flag + ": '" + text + "' is not a non-negative whole number");
    return value;
}

double parse_real(const std::string& flag, const std::string& text) {
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        throw UsageError(flag + ": '" + text + "' is not a number");
    return value;
}

// The `count` words after position i, or a UsageError naming the flag.
std::vector<std::string> values_after(const std::vector<std::string>& args, std::size_t& i, std::size_t count) {
    const std::string& flag = args[i];
    std::vector<std::string> values;
    for (std::size_t k = 1; k <= count; ++k) {
        if (i + k >= args.size() || args[i + k].rfind("--", 0) == 0)
            throw UsageError(flag + ": expects " + std::to_string(count) + " values");
        values.push_back(args[i + k]);
    }
    i += count;
    return values;
}

void set_counts(StatsRequest& request, const std::string& flag, auto counts) {
    if (!std::holds_alternative<std::monostate>(request.counts))
        throw UsageError(flag + ": give either --wdl or --penta, once");
    request.counts = counts;
}

StatsRequest parse_request(const std::vector<std::string>& args) {
    StatsRequest request;
    const std::size_t first = !args.empty() && args[0] == "stats" ? 1 : 0;
    for (std::size_t i = first; i < args.size(); ++i) {
        const std::string flag = args[i];
        if (flag == "--wdl") {
            const auto v = values_after(args, i, 3);
            set_counts(request, flag, WdlCounts{parse_count(flag, v[0]), parse_count(flag, v[1]), parse_count(flag, v[2])});
        } else if (flag == "--penta") {
            const auto v = values_after(args, i, 5);
            set_counts(request, flag, PentaCounts{parse_count(flag, v[0]), parse_count(flag, v[1]), parse_count(flag, v[2]),
                                                  parse_count(flag, v[3]), parse_count(flag, v[4])});
        } else if (flag == "--sprt") {
            const auto v = values_after(args, i, 4);
            request.sprt = SprtParameters{parse_real(flag, v[0]), parse_real(flag, v[1]), parse_real(flag, v[2]),
                                          parse_real(flag, v[3]), EloModel::logistic};
        } else if (flag == "--model") {
            const auto v = values_after(args, i, 1);
            if (!parse_model(v[0], request.model))
                throw UsageError("--model: '" + v[0] + "' is not logistic or normalized");
        } else if (flag == "--json") {
            request.json = true;
        } else {
            throw UsageError(flag + ": unknown flag");
        }
    }
    if (std::holds_alternative<std::monostate>(request.counts)) throw UsageError("--wdl or --penta is required");
    if (request.sprt) {
        request.sprt->model = request.model;
        try {
            validate_sprt_parameters(*request.sprt);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--sprt: ") + e.what());
        }
    }
    return request;
}

// Fixed-point text; values that round to zero print as 0 rather than -0.
std::string fixed(double value, int decimals) {
    if (std::abs(value) < 0.5 * std::pow(10.0, -decimals)) value = 0.0;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

void print_counts_line(std::ostream& out, const WdlCounts& c, const EloEstimate&) {
    const double points = static_cast<double>(c.wins) + 0.5 * static_cast<double>(c.draws);
    const std::int64_t games = c.wins + c.draws + c.losses;
    out << "Games: " << games << ", Wins: " << c.wins << ", Losses: " << c.losses << ", Draws: " << c.draws
        << ", Points: " << fixed(points, 1) << " (" << fixed(100.0 * points / static_cast<double>(games), 2) << " %)\n";
}

void print_counts_line(std::ostream& out, const PentaCounts& c, const EloEstimate& est) {
    out << "Pairs: " << est.samples << ", Points: " << fixed(2.0 * est.score * static_cast<double>(est.samples), 1)
        << " (" << fixed(100.0 * est.score, 2) << " %)\n";
    out << "Ptnml(0-2): [" << c.ll << ", " << c.ld << ", " << c.dd_wl << ", " << c.wd << ", " << c.ww << "]\n";
}

std::string nelo_text(const EloEstimate& est) {
    if (!est.nelo) return "n/a";
    return fixed(*est.nelo, 2) + " +/- " + fixed(*est.nelo_error, 2);
}

void print_report(std::ostream& out, const StatsRequest& request, const EloEstimate& est,
                  const std::optional<SprtResult>& sprt) {
    out << "Elo: " << fixed(est.elo, 2) << " +/- " << fixed(est.elo_error, 2) << ", nElo: " << nelo_text(est) << '\n';
    out << "LOS: " << fixed(100.0 * est.los, 2) << " %, DrawRatio: " << fixed(100.0 * est.draw_ratio, 2) << " %\n";
    std::visit([&](const auto& counts) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(counts)>, std::monostate>) print_counts_line(out, counts, est);
    }, request.counts);
    if (!sprt) return;
    out << "LLR: " << fixed(sprt->llr, 2) << " (" << fixed(sprt->lower_bound, 2) << ", " << fixed(sprt->upper_bound, 2)
        << ") [" << fixed(request.sprt->elo0, 2) << ", " << fixed(request.sprt->elo1, 2) << "], model "
        << model_name(request.model) << '\n';
    const char* verdict = sprt->decision == SprtDecision::h1   ? "H1 accepted"
                          : sprt->decision == SprtDecision::h0 ? "H0 accepted"
                                                               : "continue";
    out << "SPRT: " << verdict << '\n';
}

nlohmann::json report_json(const EloEstimate& est, const std::optional<SprtResult>& sprt) {
    nlohmann::json j = {{"elo", est.elo},
                        {"elo_error", est.elo_error},
                        {"los", est.los},
                        {"draw_ratio", est.draw_ratio},
                        {"nelo", est.nelo ? nlohmann::json(*est.nelo) : nlohmann::json(nullptr)}};
    if (sprt) {
        j["llr"] = sprt->llr;
        j["lower_bound"] = sprt->lower_bound;
        j["upper_bound"] = sprt->upper_bound;
        j["decision"] = std::string(decision_name(sprt->decision));
    }
    return j;
}

int run(const StatsRequest& request, std::ostream& out) {
    std::optional<SprtResult> sprt;
    const EloEstimate est = std::visit(
        [&](const auto& counts) -> EloEstimate {
            if constexpr (std::is_same_v<std::decay_t<decltype(counts)>, std::monostate>) {
                throw UsageError("--wdl or --penta is required");
            } else {
                if (request.sprt) sprt = run_sprt(counts, *request.sprt);
                return estimate_elo(counts);
            }
        },
        request.counts);
    if (request.json) out << report_json(est, sprt).dump() << '\n';
    else print_report(out, request, est, sprt);
    return 0;
}

}  // namespace

int run_stats_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    for (const std::string& arg : args)
        if (arg == "--help" || arg == "-h") {
            out << kUsage;
            return 0;
        }
    StatsRequest request;
    try {
        request = parse_request(args);
    } catch (const UsageError& e) {
        err << "arbiter stats: " << e.what() << '\n' << kUsage;
        return 2;
    }
    try {
        return run(request, out);
    } catch (const std::invalid_argument& e) {
        const char* flag = std::holds_alternative<WdlCounts>(request.counts) ? "--wdl" : "--penta";
        err << "arbiter stats: " << flag << ": " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        err << "arbiter stats: " << e.what() << '\n';
        return 1;
    }
}

}  // namespace arbiter::stats
