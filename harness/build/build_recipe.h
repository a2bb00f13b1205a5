#pragma once
// How a repository's engine is built and benched: from `--recipe` on the command line or from the
// `arbiter.json` at the repository's root, e.g.
//   {"build": {"recipe": "openbench", "dir": "src", "exe": "myengine", "timeout": 1800},
//    "bench": {"args": "bench", "verify": true}}
// `dir` and `exe` must name places inside the commit's checkout (relative, not climbing out with ..).
//
// Variables and a network ("vars": {"NAME": "VALUE"}, "net": FILE, "net_var": NAME; --make-var,
// --net, --net-var) reach the build as its authors pass them: openbench and make get them as make
// command-line variables (NAME=VALUE, EVALFILE=<absolute path of the network>), cmake as -DNAME=VALUE
// at configure time, a command in its environment. A relative "net" in an arbiter.json is taken from
// the repository's top directory: the file must exist before the build, its bytes are in the cache key.

#include <map>
#include <optional>
#include <string>
#include <utility>

namespace arbiter::build {

enum class RecipeKind { openbench, cmake, make, command };

// OpenBench's name for the variable that tells a makefile which network to embed.
inline constexpr const char* kDefaultNetVariable = "EVALFILE";

struct BuildRecipe {
    RecipeKind kind = RecipeKind::openbench;
    std::string dir;      // relative to the repository root; empty = the root
    std::string exe;      // openbench/command: the binary's file name; make: its path in dir;
                          // cmake: its path in the build directory (default: the target)
    std::string target;   // cmake only
    std::string command;  // command only: run by sh -c with {out} and {jobs} replaced
    std::string bench_args = "bench";
    bool verify_bench = true;                   // run the bench after the build and check it against "Bench: N"
    int timeout_seconds = 0;                    // build.timeout: how long the build, and then the bench, may each
                                                // take; 0 = not given (--build-timeout, else the defaults)
    std::map<std::string, std::string> vars;    // build.vars: NAME -> VALUE, sorted, so keys compare
    std::string net;                            // build.net: the network file; empty = whatever the engine's build uses
    std::string net_var = kDefaultNetVariable;  // build.net_var: the variable carrying the net's path
};

// What --make-var, --net and --net-var add to whichever recipe a build uses (--recipe or arbiter.json).
struct RecipeAdditions {
    std::map<std::string, std::string> vars;  // replace the recipe's variables of the same name
    std::string net;                          // absolute path; empty: not given
    std::string net_var;                      // empty: not given
    bool empty() const { return vars.empty() && net.empty() && net_var.empty(); }
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

// `recipe` with `additions` applied and checked as an arbiter.json's vars are (EXE is the openbench
// recipe's own; the net's variable is not also among the vars). Throws BuildInputError naming
// `vars_key` or `net_var_key` ("--make-var", "--net-var").
BuildRecipe with_additions(BuildRecipe recipe, const RecipeAdditions& additions, const std::string& vars_key,
                           const std::string& net_var_key);

// Throws BuildInputError naming `key` unless `name` can name a make variable, an environment
// variable and a cmake cache entry alike: letters, digits and _, not starting with a digit.
void check_variable_name(const std::string& name, const std::string& key);
// NAME=VALUE as --make-var takes it; throws BuildInputError naming `key` for text without '=' or a bad NAME.
std::pair<std::string, std::string> parse_variable(const std::string& text, const std::string& key);
// `path` made absolute (from the current directory) when it is a readable regular file; else throws
// BuildInputError naming `key` and why.
std::string readable_net(const std::string& path, const std::string& key);

// Parses the text of an arbiter.json. `source` names it in errors ("<sha>:arbiter.json" or a path).
// Throws BuildInputError naming `source` and the key for bad JSON, unknown keys, wrong types, a
// cmake recipe without a target, a make recipe without exe, a dir or exe outside the checkout, a
// timeout that is not a whole number of seconds from 1 to kMaxBuildTimeoutSeconds.
BuildRecipe parse_recipe_file(const std::string& text, const std::string& source);
// The arbiter.json at `path`, read as every configuration file is (size limit included).
BuildRecipe read_recipe_file(const std::string& path);

// The build part of the recipe in one canonical line (bench settings and the timeout left out: they
// do not change the binary; the net by its variable only: its bytes, not its path, go into the cache
// key, harness/build/build_key.h).
std::string normalised_recipe(const BuildRecipe& recipe);

std::string to_string(RecipeKind kind);

}  // namespace arbiter::build
