// arbiter baseline: the nightly's memory of its last good build (the `baselines` table).
#include "cli/baseline_command.h"

#include <filesystem>
#include <limits>
#include <optional>

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "db/baseline_store.h"

namespace arbiter::cli {
namespace {

const char* const kUsage =
    "usage: arbiter baseline current --db FILE [--name NAME]     the current baseline's commit (empty: none)\n"
    "       arbiter baseline list --db FILE [--name NAME]        every recorded baseline, newest first\n"
    "       arbiter baseline record --db FILE [--name NAME] --commit SHA [--engine ENGINE-NAME] [--run ID]\n"
    "  NAME defaults to nightly. --engine links the engines row of ENGINE-NAME at SHA (it must exist).\n";

struct BaselineArgs {
    std::string action;  // current, list or record
    std::string db;
    std::string name = "nightly";
    std::string commit;  // record only, like engine and run_id
    std::string engine;
    std::optional<std::int64_t> run_id;
};

void read_flag(FlagReader& flags, BaselineArgs& parsed) {
    const std::string& name = flags.name();
    const bool record_only = name == "commit" || name == "engine" || name == "run";
    if (record_only && parsed.action != "record") throw UsageError(flags.flag(), "belongs to 'record' only");
    if (name == "db") parsed.db = flags.value();
    else if (name == "name") parsed.name = flags.value();
    else if (name == "commit") parsed.commit = flags.value();
    else if (name == "engine") parsed.engine = flags.value();
    else if (name == "run") parsed.run_id = flags.whole(1, std::numeric_limits<std::int64_t>::max());
    else flags.unknown("baseline");
}

BaselineArgs parse_args(const std::vector<std::string>& args) {
    FlagReader flags(args);
    if (!flags.next()) throw UsageError("", "give an action: current, list or record");
    BaselineArgs parsed;
    parsed.action = flags.word();
    if (parsed.action != "current" && parsed.action != "list" && parsed.action != "record")
        throw UsageError("", "unknown action '" + parsed.action + "'");
    while (flags.next()) read_flag(flags, parsed);
    if (parsed.db.empty()) throw UsageError("--db", "is required for '" + parsed.action + "'");
    if (parsed.action == "record" && parsed.commit.empty()) throw UsageError("--commit", "is required for 'record'");
    return parsed;
}

// A record the database refuses (an empty name, an engine or run it does not hold) is the user's
// input; a database that cannot be opened fails the run, as it always has.
bool refused_record(db::ErrorKind kind) {
    return kind == db::ErrorKind::invalid_argument || kind == db::ErrorKind::constraint;
}

std::string describe(const db::BaselineRecord& baseline) {
    std::string text = baseline.recorded_at + "  " + baseline.git_commit;
    if (baseline.run_id) text += "  run " + std::to_string(*baseline.run_id);
    if (baseline.engine_id) text += "  engine " + std::to_string(*baseline.engine_id);
    return text;
}

int record(const BaselineArgs& args, std::ostream& out) {
    db::BaselineRecord baseline;
    baseline.name = args.name;
    baseline.git_commit = args.commit;
    baseline.run_id = args.run_id;
    db::BaselineStore store(args.db);
    if (!args.engine.empty()) {
        baseline.engine_id = store.find_engine(args.engine, baseline.git_commit);
        if (!baseline.engine_id)
            throw UsageError("--engine", "no engine '" + args.engine + "' at commit " + baseline.git_commit + " in " + args.db);
    }
    const std::int64_t id = store.record(baseline);
    out << "baseline '" << baseline.name << "' is now " << baseline.git_commit << " (row " << id << ")\n";
    return code(ExitStatus::ok);
}

int show(const BaselineArgs& args, std::ostream& out, std::ostream& err) {
    if (!std::filesystem::exists(args.db)) {  // no database yet: nothing was ever recorded
        err << "arbiter baseline: no database " << args.db << " yet, so no baseline '" << args.name << "'\n";
        return code(ExitStatus::ok);
    }
    db::OpenOptions read_only;
    read_only.read_only = true;
    db::BaselineStore store(args.db, read_only);
    if (args.action == "current") {
        const auto current = store.current(args.name);
        if (current) out << current->git_commit << '\n';
        else err << "arbiter baseline: no baseline '" << args.name << "' recorded in " << args.db << '\n';
        return code(ExitStatus::ok);
    }
    for (const auto& baseline : store.history(args.name)) out << describe(baseline) << '\n';
    return code(ExitStatus::ok);
}

}  // namespace

int run_baseline_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    try {
        const BaselineArgs parsed = parse_args(args);
        return parsed.action == "record" ? record(parsed, out) : show(parsed, out, err);
    } catch (...) {
        return report_failure("baseline", err, BadInput{false, &refused_record}, kUsage);
    }
}

}  // namespace arbiter::cli
