#pragma once
// The commands each build recipe runs in a commit's sources, and where its binary ends up.

#include <filesystem>
#include <string>

#include "harness/build/build_recipe.h"

namespace arbiter::build {

struct RecipePaths {
    std::filesystem::path sources;    // the commit's checkout
    std::filesystem::path entry;      // the cache entry: what is left after the checkout is removed
    std::filesystem::path log;
    std::string default_exe;          // the binary's name when the recipe gives none
};

// The binary's absolute path in the cache entry: cmake's build directory holds it; the other
// recipes write (or get it copied) to <entry>/bin/<name>.
std::filesystem::path recipe_binary(const BuildRecipe& recipe, const RecipePaths& paths);

// Runs the recipe's commands with output appended to the log. Returns an empty string on success,
// else the step that failed (for the error message).
std::string run_recipe(const BuildRecipe& recipe, const RecipePaths& paths, int jobs);

}  // namespace arbiter::build
