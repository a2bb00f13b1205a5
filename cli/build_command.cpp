#include "cli/build_command.h"

#include <deque>
#include <fstream>
#include <limits>
#include <optional>

#include "harness/build/revision_build.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"

namespace arbiter::cli {
namespace {

const char* const kUsage =
    "usage: arbiter build --rev REV [--repo DIR] [--cache DIR] [--jobs N]\n"
    "  Builds tempo at git revision REV (Release, target tempo only) into DIR/<full-hash>/, once per\n"
    "  commit, and prints the binary's path. --repo: the repository (default: the current directory);\n"
    "  --cache: default <repo>/.cache/builds; --jobs: compile jobs (default: the number of cores).\n";

build::BuildRequest parse_request(const std::vector<std::string>& args) {
    build::BuildRequest request;
    std::optional<std::string> revision;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& name = flags.name();
        if (name == "rev") revision = flags.value();
        else if (name == "repo") request.repo = flags.value();
        else if (name == "cache") request.cache = flags.value();
        else if (name == "jobs") request.jobs = static_cast<int>(flags.whole(1, std::numeric_limits<int>::max()));
        else flags.unknown("build");
    }
    if (!revision) throw UsageError("--rev", "REV is required");
    request.revision = *revision;
    return request;
}

// The end of a failed build's log usually holds the compiler's or cmake's complaint.
void print_log_tail(const std::filesystem::path& log, std::ostream& err) {
    std::ifstream in(log);
    std::deque<std::string> tail;
    for (std::string line; std::getline(in, line);) {
        tail.push_back(line);
        if (tail.size() > 15) tail.pop_front();
    }
    for (const auto& line : tail) err << "  | " << line << '\n';
}

}  // namespace

int run_build_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    build::BuildRequest request;
    try {
        request = parse_request(args);
    } catch (...) {
        return report_failure("build", err, BadInput::given_inputs(), kUsage);
    }
    try {
        const build::BuiltEngine built = build::build_revision(request, err);
        err << "tempo " << built.commit << ": " << (built.reused ? "cached build" : "built") << '\n';
        out << built.binary.string() << '\n';
        return code(ExitStatus::ok);
    } catch (const build::BuildFailure& failure) {
        const int status = report_failure("build", err, BadInput::given_inputs());
        print_log_tail(failure.log(), err);
        return status;
    } catch (...) {
        // An unknown revision or a directory outside any repository is bad input; a failed spawn is not.
        return report_failure("build", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
