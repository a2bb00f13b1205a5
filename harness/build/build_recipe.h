#pragma once
// How a repository's engine is built and benched: from `--recipe` on the command line or from the
// `arbiter.json` at the repository's root, e.g.
//   {"build": {"recipe": "openbench", "dir": "src", "exe": "myengine", "timeout": 1800},
//    "bench": {"args": "bench", "verify": true}}
// `dir` and `exe` must name places inside the commit's checkout (relative, not climbing out with ..).

#include <optional>
#include <string>

namespace arbiter::build {

enum class RecipeKind { openbench, cmake, make, command };

struct BuildRecipe {
    RecipeKind kind = RecipeKind::openbench;
    std::string dir;             // relative to the repository root; empty = the root
    std::string exe;             // openbench/command: the binary's file name; make: its path in dir;
                                 // cmake: its path in the build directory (default: the target)
    std::string target;          // cmake only
    std::string command;         // command only: run by sh -c with {out} and {jobs} replaced
    std::string bench_args = "bench";
    bool verify_bench = true;    // run the bench after the build and check it against "Bench: N"
    int timeout_seconds = 0;     // build.timeout: how long the build, and then the bench, may each
                                 // take; 0 = not given (--build-timeout, else the defaults)
};

// The longest time limit build.timeout and --build-timeout take: a week.
inline constexpr int kMaxBuildTimeoutSeconds = 7 * 24 * 3600;

// A recipe name or command as --recipe takes it: openbench, cmake, make, anything else is a command.
BuildRecipe recipe_from_flag(const std::string& recipe);

// recipe_from_flag shaped by --dir, --exe and --target (empty: not given), checked as an arbiter.json
// is. Throws BuildInputError naming `where` + "target"/"exe"/"dir" for a cmake recipe without a
// target, a make recipe without exe, a target for another recipe, a dir or exe outside the checkout.
BuildRecipe shaped_recipe(const std::string& recipe, const std::string& dir, const std::string& exe,
                          const std::string& target, const std::string& where);

// Parses the text of an arbiter.json. `source` names it in errors ("<sha>:arbiter.json" or a path).
// Throws BuildInputError naming `source` and the key for bad JSON, unknown keys, wrong types, a
// cmake recipe without a target, a make recipe without exe, a dir or exe outside the checkout, a
// timeout that is not a whole number of seconds from 1 to kMaxBuildTimeoutSeconds.
BuildRecipe parse_recipe_file(const std::string& text, const std::string& source);
// The arbiter.json at `path`, read as every configuration file is (size limit included).
BuildRecipe read_recipe_file(const std::string& path);

// The build part of the recipe in one canonical line (bench settings and the timeout left out: they
// do not change the binary), and a short hash of it that names the cache entry.
std::string normalised_recipe(const BuildRecipe& recipe);
std::string recipe_hash(const BuildRecipe& recipe);

std::string to_string(RecipeKind kind);

}  // namespace arbiter::build
