#include "build/build_command.h"

#include <charconv>
#include <deque>
#include <fstream>
#include <optional>

#include "build/revision_build.h"
#include "build/subprocess.h"

namespace arbiter::build {
namespace {

const char* const kUsage =
    "usage: arbiter build --rev REV [--repo DIR] [--cache DIR] [--jobs N]\n"
    "  Builds tempo at git revision REV (Release, target tempo only) into DIR/<full-hash>/, once per\n"
    "  commit, and prints the binary's path. --repo: the repository (default: the current directory);\n"
    "  --cache: default <repo>/.cache/builds; --jobs: compile jobs (default: the number of cores).\n";

struct BuildFlags {
    BuildRequest request;
    bool help = false;
};

int parse_jobs(const std::string& text) {
    int jobs = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), jobs);
    if (error != std::errc() || end != text.data() + text.size() || jobs < 1)
        throw BuildInputError("--jobs: expected a positive integer, got '" + text + "'");
    return jobs;
}

BuildFlags parse_flags(const std::vector<std::string>& args) {
    BuildFlags flags;
    std::optional<std::string> revision;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        if (flag == "-h" || flag == "--help") {
            flags.help = true;
            continue;
        }
        if (flag != "--rev" && flag != "--repo" && flag != "--cache" && flag != "--jobs")
            throw BuildInputError("unknown argument '" + flag + "'");
        if (i + 1 >= args.size()) throw BuildInputError(flag + ": needs a value");
        const std::string& value = args[++i];
        if (flag == "--rev") revision = value;
        else if (flag == "--repo") flags.request.repo = value;
        else if (flag == "--cache") flags.request.cache = value;
        else flags.request.jobs = parse_jobs(value);
    }
    if (!flags.help && !revision) throw BuildInputError("--rev REV is required");
    if (revision) flags.request.revision = *revision;
    return flags;
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
    try {
        const BuildFlags flags = parse_flags(args);
        if (flags.help) {
            out << kUsage;
            return 0;
        }
        const BuiltEngine built = build_revision(flags.request, err);
        err << "tempo " << built.commit << ": " << (built.reused ? "cached build" : "built") << '\n';
        out << built.binary.string() << '\n';
        return 0;
    } catch (const BuildInputError& error) {
        err << "arbiter build: " << error.what() << '\n' << kUsage;
        return 2;
    } catch (const BuildFailure& error) {
        err << "arbiter build: " << error.what() << '\n';
        print_log_tail(error.log(), err);
        return 1;
    } catch (const SpawnError& error) {
        err << "arbiter build: " << error.what() << '\n';
        return 1;
    }
}

}  // namespace arbiter::build
