#include "cli/report_command.h"

#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "cli/command_output.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/spsa_report_command.h"
#include "reports/bisect_report.h"
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
    "       arbiter report epd       --db FILE --run ID [--against ID2] [--format ...] [--out FILE]\n"
    "       arbiter report spsa      --db FILE [--run NAME] [--format ...] [--out FILE]\n"
    "       arbiter report bisect    --db FILE [--bisection ID] [--format text|md|html] [--out FILE]   (default: the "
    "newest bisection)\n";

constexpr const char* kBisectUsage =
    "usage: arbiter report bisect    --db FILE [--bisection ID] [--format text|md|html] [--out FILE]   (default: the "
    "newest bisection)\n";

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
    else if (name == "against") request.against = flags.whole(1, std::numeric_limits<std::int64_t>::max());
    else flags.unknown("report " + parsed.kind);
}

ReportArgs parse_args(const std::vector<std::string>& args) {
    ReportArgs parsed;
    FlagReader flags(args);
    if (!flags.next() || !flags.is_positional())
        throw UsageError("", "give the report: features, commits, run, runs, opponents, epd, spsa or bisect");
    parsed.kind = flags.word();
    while (flags.next()) read_flag(flags, parsed);
    const reports::ReportRequest& request = parsed.request;
    if (request.db.empty()) throw UsageError("--db", "give the database to report on");
    if ((parsed.kind == "commits" || parsed.kind == "opponents") && !request.engine)
        throw UsageError("--engine", "arbiter report " + parsed.kind + " needs the engine's name");
    const auto kind = reports::parse_report_kind(parsed.kind);
    if (!kind)
        throw UsageError(
            "", "unknown report '" + parsed.kind + "' (features, commits, run, runs, opponents, epd, spsa or bisect)");
    if (parsed.kind == "epd" && !request.run_id) throw UsageError("--run", "arbiter report epd needs the EPD run's id");
    if (parsed.kind != "epd" && request.against)
        throw UsageError("--against", "only arbiter report epd compares two runs");
    parsed.request.kind = *kind;
    return parsed;
}

// The report is built before --out is opened, so a database problem leaves no empty file behind.
void write_report(const ReportArgs& args, std::ostream& out) {
    const reports::Report report = reports::build_report(args.request);
    write_to_out(args.out_path, out, [&](std::ostream& to) { reports::render(report, args.format, to); });
}

struct BisectReportArgs {
    std::string db;
    std::optional<std::int64_t> bisection;  // none: the newest of the database
    reports::BisectFormat format = reports::BisectFormat::text;
    std::string out_path;  // empty: standard output
};

BisectReportArgs parse_bisect_args(const std::vector<std::string>& args) {
    BisectReportArgs parsed;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& name = flags.name();
        if (name == "db") parsed.db = flags.value();
        else if (name == "bisection") parsed.bisection = flags.whole(1, std::numeric_limits<std::int64_t>::max());
        else if (name == "out") parsed.out_path = flags.value();
        else if (name == "format") {
            try {
                parsed.format = reports::parse_bisect_format(flags.value());
            } catch (const std::invalid_argument& error) {
                throw UsageError("", error.what());  // the message names --format already
            }
        } else flags.unknown("report bisect");
    }
    if (parsed.db.empty()) throw UsageError("--db", "give the database to report on");
    return parsed;
}

// The bisection is read and rendered before --out is opened, so a database problem leaves no empty file.
void write_bisect_report(const BisectReportArgs& args, std::ostream& out) {
    const reports::Report report = reports::build_bisect_report(reports::load_bisection(args.db, args.bisection));
    std::ostringstream text;
    reports::render_bisect_report(report, args.format, text);
    write_to_out(args.out_path, out, [&](std::ostream& to) { to << text.str(); });
}

// Exit 2 for bad flags, a database not usable as given, or one without the bisection asked for, as
// `report spsa` does; 1 for any other failure.
int run_bisect_report(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kBisectUsage;
        return code(ExitStatus::ok);
    }
    BisectReportArgs parsed;
    try {
        parsed = parse_bisect_args(args);
    } catch (...) {
        return report_failure("report bisect", err, BadInput::flags_only(), kBisectUsage);
    }
    try {
        write_bisect_report(parsed, out);
        return code(ExitStatus::ok);
    } catch (const reports::BisectReportInputError& error) {
        err << "arbiter report bisect: " << error.what() << '\n';
        return code(ExitStatus::bad_input);
    } catch (...) {
        return report_failure("report bisect", err, BadInput::given_inputs());
    }
}

}  // namespace

int run_report_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (!args.empty() && args.front() == "spsa")
        return run_spsa_report({args.begin() + 1, args.end()}, out, err, reports::load_spsa_report_models);
    if (!args.empty() && args.front() == "bisect") return run_bisect_report({args.begin() + 1, args.end()}, out, err);
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
