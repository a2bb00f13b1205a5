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
    "                     [--recipe openbench|cmake|make|\"COMMAND\" [--dir D] [--exe PATH] [--target T]]\n"
    "                     [--make-var NAME=VALUE]... [--net FILE [--net-var NAME]]\n"
    "                     [--bench] [--no-verify-bench] [--build-timeout SECONDS]\n"
    "  Builds the engine of repository DIR (default: the current directory's) at git revision REV into\n"
    "  <cache>/<full-hash>-<key hash>/, once per commit, recipe, variables, network, compilers ($CC and\n"
    "  $CXX --version) and CFLAGS/CXXFLAGS/CPPFLAGS/LDFLAGS, runs its bench and prints the binary's path. The recipe: --recipe, else arbiter.json in commit REV, else arbiter.json in the\n"
    "  working tree ({\"build\": {\"recipe\": ..., \"dir\": ..., \"exe\": ..., \"target\": ..., \"timeout\": S},\n"
    "  \"bench\": {\"args\": \"bench\", \"verify\": true}}). openbench: make -jN EXE=<name> in --dir, as\n"
    "  OpenBench calls it (CC, CXX passed through); make: make -jN in --dir, the binary at --dir/--exe; cmake: target --target, the\n"
    "  binary at <build dir>/--exe (default: the target); COMMAND: sh -c in --dir with {out} (where the\n"
    "  binary must be written) and {jobs} replaced by their values, quoted. dir and exe stay inside the\n"
    "  commit's checkout.\n"
    "  --make-var NAME=VALUE (repeatable; arbiter.json build.vars) and --net FILE (build.net, passed as\n"
    "  EVALFILE=<absolute path>, or as --net-var NAME / build.net_var): make variables on make's command\n"
    "  line for openbench and make, -DNAME=VALUE for cmake, the environment of a COMMAND.\n"
    "  The bench (`<engine> bench` or bench.args) node count, read as OpenBench reads it, must equal the\n"
    "  commit message's \"Bench: N\" when it has one. --no-verify-bench: no bench; --bench: print only the\n"
    "  node count instead of the path, also when it differs from the commit's (both are shown, exit 0;\n"
    "  with --no-verify-bench the count is not compared). --cache: default $ARBITER_BUILD_CACHE, else\n"
    "  $ARBITER_CACHE_DIR/builds, else $XDG_CACHE_HOME/arbiter/builds, else ~/.cache/arbiter/builds,\n"
    "  outside the engine's repository; --jobs: default the number\n"
    "  of cores. --build-timeout: the seconds the build, and then the bench, may each take (default\n"
    "  build.timeout, else 3600 for the build and 600 for the bench); at the limit the step is killed\n"
    "  with every process it started. Exit 2 for a bad revision, recipe or cache, a failed or timed-out\n"
    "  build or bench (its log is named) or a bench mismatch.\n";

struct BuildFlags {
    BuildRequestFlags build;
    std::optional<std::string> revision;
    bool print_bench = false;
};

// --dir, --exe and --target only shape a recipe given by --recipe; the checks are the engine keys'.
build::BuildRecipe recipe_of(const std::string& name, const std::optional<std::string>& dir,
                             const std::optional<std::string>& exe, const std::optional<std::string>& target) {
    if (name.empty()) throw UsageError("--recipe", "is empty");
    try {
        return build::shaped_recipe(name, dir.value_or(""), exe.value_or(""), target.value_or(""), "--");
    } catch (const build::BuildInputError& error) {
        throw UsageError("--recipe", error.what());
    }
}

// harness/build's complaint about a flag's value ("--net: no such file ...") as that flag's usage error.
[[noreturn]] void refuse_flag(const std::string& flag, const build::BuildInputError& error) {
    std::string why = error.what();
    if (why.rfind(flag + ": ", 0) == 0) why.erase(0, flag.size() + 2);
    throw UsageError(flag, why);
}

// --make-var, --net and --net-var, each checked as it is read.
void read_addition(const std::string& name, const std::string& value, build::RecipeAdditions& additions) {
    const std::string flag = "--" + name;
    try {
        if (name == "make-var") {
            auto [variable, variable_value] = build::parse_variable(value, flag);
            additions.vars[variable] = variable_value;
        } else if (name == "net") {
            additions.net = build::readable_net(value, flag);
        } else {
            build::check_variable_name(value, flag);
            additions.net_var = value;
        }
    } catch (const build::BuildInputError& error) {
        refuse_flag(flag, error);
    }
}

BuildFlags parse_request(const std::vector<std::string>& args) {
    BuildFlags parsed;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& name = flags.name();
        if (read_build_flag(flags, parsed.build)) continue;
        if (name == "rev") {
            parsed.revision = flags.value();
        } else if (name == "bench") {
            flags.no_value();
            parsed.print_bench = true;
        } else {
            flags.unknown("build");
        }
    }
    if (!parsed.revision) throw UsageError("--rev", "REV is required");
    finish_build_flags(parsed.build);
    parsed.build.request.revision = *parsed.revision;
    parsed.build.request.need_bench_count = parsed.print_bench;
    return parsed;
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

bool read_build_flag(FlagReader& flags, BuildRequestFlags& parsed) {
    build::BuildRequest& request = parsed.request;
    const std::string& name = flags.name();
    if (name == "repo") request.repo = flags.value();
    else if (name == "cache") request.cache = flags.value();
    else if (name == "jobs") request.jobs = static_cast<int>(flags.whole(1, std::numeric_limits<int>::max()));
    else if (name == "build-timeout")
        request.timeout_seconds = static_cast<int>(flags.whole(1, build::kMaxBuildTimeoutSeconds));
    else if (name == "recipe") parsed.recipe = flags.value();
    else if (name == "dir") parsed.dir = flags.value();
    else if (name == "exe") parsed.exe = flags.value();
    else if (name == "target") parsed.target = flags.value();
    else if (name == "make-var" || name == "net" || name == "net-var")
        read_addition(name, flags.value(), request.additions);
    else if (name == "no-verify-bench") {
        flags.no_value();
        request.verify_bench = false;
    } else {
        return false;
    }
    return true;
}

void finish_build_flags(BuildRequestFlags& parsed) {
    if (parsed.recipe) parsed.request.recipe = recipe_of(*parsed.recipe, parsed.dir, parsed.exe, parsed.target);
    else if (parsed.dir || parsed.exe || parsed.target)
        throw UsageError(parsed.dir ? "--dir" : parsed.exe ? "--exe" : "--target", "only shapes a --recipe");
    const build::RecipeAdditions& additions = parsed.request.additions;
    if (!additions.net_var.empty() && additions.net.empty())
        throw UsageError("--net-var", "names the variable --net sets: give --net FILE too");
}

int run_build_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    BuildFlags flags;
    try {
        flags = parse_request(args);
    } catch (...) {
        return report_failure("build", err, BadInput::given_inputs(), kUsage);
    }
    try {
        const build::BuiltEngine built = build::build_revision(flags.build.request, err);
        err << built.label << ": " << (built.reused ? "cached build" : "built") << '\n';
        if (flags.print_bench) out << *built.bench_nodes << '\n';  // build_revision throws when there is none
        else out << built.binary.string() << '\n';
        return code(ExitStatus::ok);
    } catch (const build::BuildFailure& failure) {
        const int status = report_failure("build", err, BadInput::given_inputs());
        print_log_tail(failure.log(), err);
        return status;
    } catch (...) {
        // An unknown revision, a bad recipe or a bench mismatch is bad input; a failed spawn is not.
        return report_failure("build", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
