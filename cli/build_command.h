#pragma once
// arbiter build --rev REV [--repo DIR] [--cache DIR] [--jobs N] [--recipe ...] [--bench] [--no-verify-bench]
// Prints the absolute path of the tempo binary on stdout (and nothing else), progress on stderr.
// Exit: 0 built or cached, 1 the build failed (the message names its log), 2 bad input.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/flag_reader.h"
#include "harness/build/revision_build.h"

namespace arbiter::cli {

// The build flags `arbiter build` shares with `arbiter baseline record` (which builds the commit it
// records as ci/nightly does): --repo, --cache, --jobs, --build-timeout, --recipe, --dir, --exe,
// --target, --make-var, --net, --net-var, --no-verify-bench.
struct BuildRequestFlags {
    build::BuildRequest request;  // the revision is the caller's
    std::optional<std::string> recipe, dir, exe, target;
};

// Reads the flag `flags` stands on when it is one of them (true), checking its value; else false.
bool read_build_flag(FlagReader& flags, BuildRequestFlags& parsed);
// After the last flag: the recipe shaped by --dir/--exe/--target, --net-var only with --net.
// Throws UsageError naming the flag.
void finish_build_flags(BuildRequestFlags& parsed);

int run_build_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
