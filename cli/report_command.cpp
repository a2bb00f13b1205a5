#include "cli/report_command.h"

#include <limits>
#include <stdexcept>

#include "cli/command_output.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/spsa_report_command.h"
#include "reports/build_report.h"
#include "reports/render.h"
#include "reports/spsa_report_source.h"

namespace arbiter::cli {
namespace {

constexpr const char* kUsage =
    "usage: arbiter report features  --db FILE [--ladder NAME] [--engine NAME] [--format md|html|csv|json] [--out FILE]\n"
    "       arbiter report commits   --db FILE --engine NAME [--suite wac] [--format ...] [--out FILE]\n"
    "       arbiter report run       --db FILE [--run ID] [--format ...] [--out FILE]   (default: the latest run)\n"
    "       arbiter report runs      --db FILE [--format ...] [--out FILE]\n"
    "       arbiter report opponents --db FILE --engine NAME [--format ...] [--out FILE]\n"
    "       arbiter report spsa      --db FILE [--run NAME] [--format ...] [--out FILE]\n";

struct ReportArgs {
    std::string kind;  // as typed: what messages name
    reports::ReportRequest request;
    reports::Format format = reports::Format::markdown;
    std::string out_path;  // empty: standard output
};

reports::Format parse_format(const std::string& text) {
    try {
        return reports::parse_format(text);
    } catch (const std::invalid_argument& error) {
        throw UsageError("", error.what());  // the message names --format already
    }
}

void read_flag(FlagReader& flags, ReportArgs& parsed) {
    const std::string& name = flags.name();
    reports::ReportRequest& request = parsed.request;
    if (name == "db") request.db = flags.value();
    else if (name == "format") parsed.format = parse_format(flags.value());
    else if (name == "out") parsed.out_path = flags.value();
    else if (name == "ladder") request.ladder = flags.value();
    else if (name == "engine") request.engine = flags.value();
    else if (name == "suite") request.suite = flags.value();
    else if (name == "run") request.run_id = flags.whole(1, std::numeric_limits<std::int64_t>::max());
    else flags.unknown("report " + parsed.kind);
}

ReportArgs parse_args(const std::vector<std::string>& args) {
    ReportArgs parsed;
    FlagReader flags(args);
    if (!flags.next() || !flags.is_positional())
        throw UsageError("", "give the report: features, commits, run, runs, opponents or spsa");
    parsed.kind = flags.word();
    while (flags.next()) read_flag(flags, parsed);
    const reports::ReportRequest& request = parsed.request;
    if (request.db.empty()) throw UsageError("--db", "give the database to report on");
    if ((parsed.kind == "commits" || parsed.kind == "opponents") && !request.engine)
        throw UsageError("--engine", "arbiter report " + parsed.kind + " needs the engine's name");
    const auto kind = reports::parse_report_kind(parsed.kind);
    if (!kind)
        throw UsageError("", "unknown report '" + parsed.kind + "' (features, commits, run, runs, opponents or spsa)");
    parsed.request.kind = *kind;
    return parsed;
}

// The report is built before --out is opened, so a database problem leaves no empty file behind.
void write_report(const ReportArgs& args, std::ostream& out) {
    const reports::Report report = reports::build_report(args.request);
    write_to_out(args.out_path, out, [&](std::ostream& to) { reports::render(report, args.format, to); });
}

}  // namespace

int run_report_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (!args.empty() && args.front() == "spsa")
        return run_spsa_report({args.begin() + 1, args.end()}, out, err, reports::load_spsa_report_models);
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    ReportArgs parsed;
    try {
        parsed = parse_args(args);
    } catch (...) {
        return report_failure("report", err, BadInput::flags_only(), kUsage);
    }
    try {
        write_report(parsed, out);
        return code(ExitStatus::ok);
    } catch (...) {
        // Only flags are bad input here: a database that cannot be read fails the run (exit 1).
        return report_failure("report " + parsed.kind, err, BadInput::flags_only());
    }
}

}  // namespace arbiter::cli
