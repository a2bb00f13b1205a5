#include "reports/report_command.h"

#include <fstream>
#include <optional>
#include <stdexcept>

#include "db/database.h"
#include "reports/commits_report.h"
#include "reports/feature_report.h"
#include "reports/render.h"
#include "reports/results_reports.h"

namespace arbiter::reports {
namespace {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ReportArgs {
    std::string kind;
    std::string db;
    Format format = Format::markdown;
    std::string out_path;
    std::optional<std::string> ladder;
    std::optional<std::string> engine;
    std::string suite = "wac";
    std::optional<std::int64_t> run_id;
};

std::int64_t parse_run_id(const std::string& text) {
    try {
        std::size_t used = 0;
        const long long id = std::stoll(text, &used);
        if (used == text.size() && id > 0) return id;
    } catch (const std::exception&) {
    }
    throw UsageError("--run: expected a run id (a positive number), got '" + text + "'");
}

ReportArgs parse_args(const std::vector<std::string>& args) {
    ReportArgs parsed;
    if (args.empty() || args[0].starts_with("-")) throw UsageError("give the report: features, commits, run or opponents");
    parsed.kind = args[0];
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& flag = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size()) throw UsageError(flag + ": needs a value");
            return args[++i];
        };
        if (flag == "--db") parsed.db = value();
        else if (flag == "--format") {
            try {
                parsed.format = parse_format(value());
            } catch (const std::invalid_argument& error) {
                throw UsageError(error.what());
            }
        } else if (flag == "--out") parsed.out_path = value();
        else if (flag == "--ladder") parsed.ladder = value();
        else if (flag == "--engine") parsed.engine = value();
        else if (flag == "--suite") parsed.suite = value();
        else if (flag == "--run") parsed.run_id = parse_run_id(value());
        else throw UsageError(flag + ": unknown flag for arbiter report " + parsed.kind);
    }
    if (parsed.db.empty()) throw UsageError("--db: give the database to report on");
    if ((parsed.kind == "commits" || parsed.kind == "opponents") && !parsed.engine)
        throw UsageError("--engine: arbiter report " + parsed.kind + " needs the engine's name");
    if (parsed.kind == "run" && !parsed.run_id) throw UsageError("--run: arbiter report run needs a run id");
    return parsed;
}

Report build(db::Database& database, const ReportArgs& args) {
    if (args.kind == "features") return build_feature_report(database, FeatureReportOptions{args.ladder, args.engine, args.suite});
    if (args.kind == "commits") return build_commits_report(database, *args.engine, args.suite);
    if (args.kind == "run") return build_run_report(database, *args.run_id);
    if (args.kind == "opponents") return build_opponents_report(database, *args.engine);
    throw UsageError("unknown report '" + args.kind + "' (features, commits, run or opponents)");
}

}  // namespace

std::string report_usage() {
    return "usage: arbiter report features  --db FILE [--ladder NAME] [--engine NAME] [--format md|html|csv|json] [--out FILE]\n"
           "       arbiter report commits   --db FILE --engine NAME [--suite wac] [--format ...] [--out FILE]\n"
           "       arbiter report run       --db FILE --run ID [--format ...] [--out FILE]\n"
           "       arbiter report opponents --db FILE --engine NAME [--format ...] [--out FILE]\n";
}

int run_report_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        out << report_usage();
        return 0;
    }
    ReportArgs parsed;
    try {
        parsed = parse_args(args);
        if (parsed.kind != "features" && parsed.kind != "commits" && parsed.kind != "run" && parsed.kind != "opponents")
            throw UsageError("unknown report '" + parsed.kind + "' (features, commits, run or opponents)");
    } catch (const UsageError& error) {
        err << "arbiter report: " << error.what() << "\n" << report_usage();
        return 2;
    }
    try {
        db::OpenOptions options;
        options.read_only = true;
        db::Database database(parsed.db, options);
        const Report report = build(database, parsed);
        if (parsed.out_path.empty()) {
            render(report, parsed.format, out);
            return 0;
        }
        std::ofstream file(parsed.out_path);
        if (!file) throw std::runtime_error("--out " + parsed.out_path + ": cannot write the file");
        render(report, parsed.format, file);
        file.close();
        if (!file) throw std::runtime_error("--out " + parsed.out_path + ": writing failed");
        return 0;
    } catch (const std::exception& error) {
        err << "arbiter report " << parsed.kind << ": " << error.what() << "\n";
        return 1;
    }
}

}  // namespace arbiter::reports
