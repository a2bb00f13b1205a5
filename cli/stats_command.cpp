#include "cli/stats_command.h"

#include <limits>
#include <optional>
#include <stdexcept>
#include <variant>

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "harness/stats/count_estimates.h"

namespace arbiter::cli {
namespace {

constexpr const char* kUsage =
    "usage: arbiter stats (--wdl W D L | --penta LL LD DD WD WW)\n"
    "                     [--sprt ELO0 ELO1 ALPHA BETA] [--model logistic|normalized|bayesian] [--json]\n";

using Counts = std::variant<stats::WdlCounts, stats::PentaCounts>;

// The flags as given; the request is made from them once all are read (--model may follow --sprt).
struct StatsArgs {
    std::optional<Counts> counts;
    std::optional<stats::SprtParameters> sprt;
    stats::EloModel model = stats::EloModel::logistic;
    bool json = false;
};

std::vector<std::int64_t> read_counts(FlagReader& flags, std::size_t how_many) {
    std::vector<std::int64_t> counts;
    for (const std::string& text : flags.values(how_many))
        counts.push_back(parse_whole(flags.flag(), text, 0, std::numeric_limits<std::int64_t>::max()));
    return counts;
}

void set_counts(StatsArgs& args, const FlagReader& flags, Counts counts) {
    if (args.counts) throw UsageError(flags.flag(), "give either --wdl or --penta, once");
    args.counts = counts;
}

stats::SprtParameters read_sprt(FlagReader& flags) {
    std::vector<double> v;
    for (const std::string& text : flags.values(4)) v.push_back(parse_number(flags.flag(), text));
    return stats::SprtParameters{v[0], v[1], v[2], v[3], stats::EloModel::logistic};
}

void read_flag(FlagReader& flags, StatsArgs& args) {
    const std::string& name = flags.name();
    if (name == "wdl") {
        const auto c = read_counts(flags, 3);
        set_counts(args, flags, stats::WdlCounts{c[0], c[1], c[2]});
    } else if (name == "penta") {
        const auto c = read_counts(flags, 5);
        set_counts(args, flags, stats::PentaCounts{c[0], c[1], c[2], c[3], c[4]});
    } else if (name == "sprt") {
        args.sprt = read_sprt(flags);
    } else if (name == "model") {
        const std::string model = flags.value();
        if (!stats::parse_model(model, args.model))
            throw UsageError(flags.flag(), "'" + model + "' is not logistic, normalized or bayesian");
    } else if (name == "json") {
        flags.no_value();
        args.json = true;
    } else {
        flags.unknown("stats");
    }
}

stats::StatsRequest parse_request(const std::vector<std::string>& words) {
    StatsArgs args;
    const bool named = !words.empty() && words[0] == "stats";  // a leading "stats" is skipped
    FlagReader flags({words.begin() + (named ? 1 : 0), words.end()});
    while (flags.next()) read_flag(flags, args);
    if (!args.counts) throw UsageError("", "--wdl or --penta is required");
    if (args.sprt) {
        args.sprt->model = args.model;
        if (args.model == stats::EloModel::bayesian && std::holds_alternative<stats::PentaCounts>(*args.counts))
            throw UsageError("--model", "bayesian takes --wdl counts (fastchess defines it for W/D/L only)");
        try {
            stats::validate_sprt_parameters(*args.sprt);
        } catch (const std::invalid_argument& error) {
            throw UsageError("--sprt", error.what());
        }
    }
    return stats::StatsRequest{*args.counts, args.sprt, args.json};
}

// Counts that admit no estimate (no games) are the fault of the flag that gave them.
void write_report(const stats::StatsRequest& request, std::ostream& out) {
    try {
        stats::write_count_estimates(request, out);
    } catch (const std::invalid_argument& error) {
        throw UsageError(std::holds_alternative<stats::WdlCounts>(request.counts) ? "--wdl" : "--penta", error.what());
    }
}

}  // namespace

int run_stats_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    stats::StatsRequest request;
    try {
        request = parse_request(args);
    } catch (...) {
        return report_failure("stats", err, BadInput::flags_only(), kUsage);
    }
    try {
        write_report(request, out);
        return code(ExitStatus::ok);
    } catch (...) {
        return report_failure("stats", err, BadInput::flags_only());
    }
}

}  // namespace arbiter::cli
