#include "cli/spsa_report_command.h"

#include <sstream>
#include <stdexcept>

#include "cli/command_output.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "reports/spsa_report_source.h"

namespace arbiter::cli {

const char* const kSpsaReportUsage =
    "usage: arbiter report spsa      --db FILE [--run NAME] [--format md|html|csv|json] [--out FILE]\n";

namespace {

struct SpsaReportArgs {
    std::string db;
    std::optional<std::string> run_name;  // none: every SPSA run of the database
    reports::Format format = reports::Format::markdown;
    std::string out_path;  // empty: standard output
};

SpsaReportArgs parse_args(const std::vector<std::string>& args) {
    SpsaReportArgs parsed;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& name = flags.name();
        if (name == "db") parsed.db = flags.value();
        else if (name == "run") parsed.run_name = flags.value();
        else if (name == "out") parsed.out_path = flags.value();
        else if (name == "format") {
            try {
                parsed.format = reports::parse_format(flags.value());
            } catch (const std::invalid_argument& error) {
                throw UsageError("", error.what());  // the message names --format already
            }
        } else flags.unknown("report spsa");
    }
    if (parsed.db.empty()) throw UsageError("--db", "give the database to report on");
    return parsed;
}

// The runs are loaded and rendered before --out is opened, so a database problem leaves no empty file.
void write_report(const SpsaReportArgs& args, const SpsaModelLoader& load, std::ostream& out) {
    const std::vector<reports::SpsaReportModel> runs = load(args.db, args.run_name);
    std::ostringstream text;
    reports::render_spsa_report(runs, args.db, args.format, text);
    write_to_out(args.out_path, out, [&](std::ostream& to) { to << text.str(); });
}

}  // namespace

int run_spsa_report(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const SpsaModelLoader& load) {
    if (asks_for_help(args)) {
        out << kSpsaReportUsage;
        return code(ExitStatus::ok);
    }
    SpsaReportArgs parsed;
    try {
        parsed = parse_args(args);
    } catch (...) {
        return report_failure("report spsa", err, BadInput::flags_only(), kSpsaReportUsage);
    }
    try {
        write_report(parsed, load, out);
        return code(ExitStatus::ok);
    } catch (const reports::SpsaReportInputError& error) {
        err << "arbiter report spsa: " << error.what() << '\n';
        return code(ExitStatus::bad_input);
    } catch (...) {
        return report_failure("report spsa", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
