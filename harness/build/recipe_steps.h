#pragma once
// The commands each build recipe runs in a commit's sources, and where its binary ends up.

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "harness/build/build_recipe.h"
#include "harness/build/subprocess.h"

namespace arbiter::build {

struct RecipePaths {
    std::filesystem::path sources;  // the commit's checkout
    std::filesystem::path entry;    // the cache entry: what is left after the checkout is removed
    std::filesystem::path log;
    std::string default_exe;  // the binary's name when the recipe gives none
};

// The binary's absolute path in the cache entry: cmake's build directory holds it; the other
// recipes write (or get it copied) to <entry>/bin/<name>.
std::filesystem::path recipe_binary(const BuildRecipe& recipe, const RecipePaths& paths);

// Runs the recipe's commands with output appended to the log, each killed with everything it
// started at `limit`. Returns an empty string on success, else the step that failed and how (for
// the error message). Throws BuildInputError, naming `source` ("--recipe", "<sha>:arbiter.json")
// and the key, for a dir that is missing from the checkout or leads out of it (a link), before
// anything runs, and for a made binary that leads out of it.
std::string run_recipe(const BuildRecipe& recipe, const RecipePaths& paths, int jobs, const TimeLimit& limit,
                       const std::string& source);

// `command` with each placeholder replaced by its value quoted for sh where it stands (outside
// quotes, or inside '...' or "..."), so that the value is one word and nothing in it runs.
std::string with_shell_values(const std::string& command,
                              const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace arbiter::build
