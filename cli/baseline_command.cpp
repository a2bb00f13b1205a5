// arbiter baseline: the nightly's memory of its last good build (the `baselines` table).
#include "cli/baseline_command.h"

#include <filesystem>
#include <limits>
#include <optional>
#include <regex>

#include "cli/build_command.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "db/baseline_store.h"

namespace arbiter::cli {
namespace {

const char* const kUsage =
    "usage: arbiter baseline current --db FILE [--name NAME] [--verification]\n"
    "           the current baseline's commit (empty: none); --verification adds how it was checked:\n"
    "           bench, none or unknown (recorded before arbiter kept it)\n"
    "       arbiter baseline list --db FILE [--name NAME]        every recorded baseline, newest first\n"
    "       arbiter baseline record --db FILE [--name NAME] --commit REV [--engine ENGINE-NAME] [--run ID]\n"
    "                               [--repo DIR [arbiter build's flags: --recipe R --dir D --exe PATH\n"
    "                                --target T --make-var NAME=VALUE --net FILE --net-var NAME --cache DIR\n"
    "                                --jobs N --build-timeout S --no-verify-bench]]\n"
    "  NAME defaults to nightly. With --repo, REV is resolved there (HEAD, a tag, a short hash) and built\n"
    "  as ci/nightly builds it (arbiter build, from its cache when it is there), its bench checked against\n"
    "  the commit's Bench: line unless --no-verify-bench; the baseline records which (bench or none).\n"
    "  Without --repo, REV must be a full commit hash and the baseline is recorded as not verified.\n"
    "  --engine links the engines row of ENGINE-NAME at that commit when its games are in FILE; a commit\n"
    "  that has not played yet is recorded without the link (said on stderr).\n";

struct BaselineArgs {
    std::string action;  // current, list or record
    std::string db;
    std::string name = "nightly";
    bool show_verification = false;  // current only
    std::string commit;              // record only, like engine, run_id and build
    std::string engine;
    std::optional<std::int64_t> run_id;
    BuildRequestFlags build;
    bool build_flag_given = false;
};

bool read_record_flag(FlagReader& flags, BaselineArgs& parsed) {
    const std::string& name = flags.name();
    if (name == "commit") parsed.commit = flags.value();
    else if (name == "engine") parsed.engine = flags.value();
    else if (name == "run") parsed.run_id = flags.whole(1, std::numeric_limits<std::int64_t>::max());
    else if (read_build_flag(flags, parsed.build)) parsed.build_flag_given = true;
    else return false;
    if (parsed.action != "record") throw UsageError(flags.flag(), "belongs to 'record' only");
    return true;
}

void read_flag(FlagReader& flags, BaselineArgs& parsed) {
    const std::string& name = flags.name();
    if (name == "db") parsed.db = flags.value();
    else if (name == "name") parsed.name = flags.value();
    else if (name == "verification" && parsed.action == "current") {
        flags.no_value();
        parsed.show_verification = true;
    } else if (!read_record_flag(flags, parsed)) {
        flags.unknown("baseline");
    }
}

void check_record(BaselineArgs& parsed) {
    if (parsed.commit.empty()) throw UsageError("--commit", "is required for 'record'");
    finish_build_flags(parsed.build);
    const bool builds = !parsed.build.request.repo.empty();
    if (parsed.build_flag_given && !builds)
        throw UsageError("--repo", "the build flags need the repository: give --repo DIR");
    static const std::regex full_hash("[0-9a-f]{40}|[0-9a-f]{64}");
    if (!builds && !std::regex_match(parsed.commit, full_hash))
        throw UsageError("--commit",
                         "'" + parsed.commit + "' is not a full commit hash: give --repo DIR to resolve it there");
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
    if (parsed.action == "record") check_record(parsed);
    return parsed;
}

// A record the database refuses (an empty name, an engine or run it does not hold) is the user's
// input, and so is a build that fails or a bench that differs; a database that cannot be opened
// fails the run, as it always has.
bool refused_record(db::ErrorKind kind) {
    return kind == db::ErrorKind::invalid_argument || kind == db::ErrorKind::constraint;
}

std::string verification_word(const std::string& verification) {
    return verification.empty() ? "unknown" : verification;
}

std::string describe(const db::BaselineRecord& baseline) {
    std::string text = baseline.recorded_at + "  " + baseline.git_commit;
    if (baseline.run_id) text += "  run " + std::to_string(*baseline.run_id);
    if (baseline.engine_id) text += "  engine " + std::to_string(*baseline.engine_id);
    return text + "  verified: " + verification_word(baseline.verification);
}

// With --repo: the commit built and checked as ci/nightly builds it; its full hash and the check.
void build_commit(const BaselineArgs& args, db::BaselineRecord& baseline, std::ostream& err) {
    if (args.build.request.repo.empty()) {
        baseline.verification = "none";
        return;
    }
    build::BuildRequest request = args.build.request;
    request.revision = args.commit;
    const build::BuiltEngine built = build::build_revision(request, err);
    baseline.git_commit = built.commit;
    baseline.verification = built.bench_verified ? "bench" : "none";
}

int record(const BaselineArgs& args, std::ostream& out, std::ostream& err) {
    db::BaselineRecord baseline;
    baseline.name = args.name;
    baseline.git_commit = args.commit;
    baseline.run_id = args.run_id;
    build_commit(args, baseline, err);
    db::BaselineStore store(args.db);
    if (!args.engine.empty()) {
        baseline.engine_id = store.find_engine(args.engine, baseline.git_commit);
        if (!baseline.engine_id)  // e.g. HEAD recorded by hand because a nightly refused to play it
            err << "arbiter baseline: no games of engine '" << args.engine << "' at " << baseline.git_commit << " in "
                << args.db << " yet: recorded without the engine link\n";
    }
    const std::int64_t id = store.record(baseline);
    out << "baseline '" << baseline.name << "' is now " << baseline.git_commit << " (row " << id
        << ", verified: " << baseline.verification << ")\n";
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
        if (!current) err << "arbiter baseline: no baseline '" << args.name << "' recorded in " << args.db << '\n';
        else if (args.show_verification)
            out << current->git_commit << ' ' << verification_word(current->verification) << '\n';
        else out << current->git_commit << '\n';
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
        return parsed.action == "record" ? record(parsed, out, err) : show(parsed, out, err);
    } catch (...) {
        return report_failure("baseline", err, BadInput{true, &refused_record}, kUsage);
    }
}

}  // namespace arbiter::cli
