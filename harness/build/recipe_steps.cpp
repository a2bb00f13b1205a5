#include "harness/build/recipe_steps.h"

#include <cstdlib>
#include <unistd.h>
#include <vector>

#include "harness/build/subprocess.h"

namespace arbiter::build {
namespace {

namespace fs = std::filesystem;

fs::path cmake_build_dir(const RecipePaths& paths) { return paths.entry / "build"; }

std::string exe_name(const BuildRecipe& recipe, const RecipePaths& paths) {
    return recipe.exe.empty() ? paths.default_exe : fs::path(recipe.exe).filename().string();
}

// OpenBench's convention: the compilers come from the environment, and the makefile is told so only
// when the environment names them (its own defaults stay otherwise).
std::vector<std::string> make_command(int jobs) {
    std::vector<std::string> argv{"make", "-j" + std::to_string(jobs)};
    for (const char* variable : {"CC", "CXX"}) {
        if (const char* value = std::getenv(variable)) argv.push_back(std::string(variable) + "=" + value);
    }
    return argv;
}

std::string replaced(std::string text, const std::string& placeholder, const std::string& value) {
    for (auto at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size()))
        text.replace(at, placeholder.size(), value);
    return text;
}

std::string build_cmake(const BuildRecipe& recipe, const RecipePaths& paths, int jobs) {
    const fs::path build_dir = cmake_build_dir(paths);
    if (!run_logged({"cmake", "-S", (paths.sources / recipe.dir).string(), "-B", build_dir.string(),
                     "-DCMAKE_BUILD_TYPE=Release"},
                    paths.log)
             .ok())
        return "cmake configure";
    if (!run_logged({"cmake", "--build", build_dir.string(), "--target", recipe.target, "-j", std::to_string(jobs)},
                    paths.log)
             .ok())
        return "cmake --build";
    return {};
}

// OpenBench's client names the output relative to the makefile's directory (EXE=<name>) and moves
// it afterwards: makefiles that run the fresh binary (a PGO step's `./$(EXE) bench`) expect that.
// A plain makefile leaves the binary at <dir>/<exe>. Either way it is copied out of the sources,
// which are removed after the build.
std::string build_make(const BuildRecipe& recipe, const RecipePaths& paths, int jobs, const fs::path& binary) {
    const fs::path directory = paths.sources / recipe.dir;
    std::vector<std::string> argv = make_command(jobs);
    const bool openbench = recipe.kind == RecipeKind::openbench;
    if (openbench) argv.push_back("EXE=" + binary.filename().string());
    if (!run_logged(argv, paths.log, directory).ok()) return "make";
    const fs::path made = directory / (openbench ? binary.filename() : fs::path(recipe.exe));
    std::error_code error;
    fs::copy_file(made, binary, fs::copy_options::overwrite_existing, error);
    if (error) return "copying " + made.string() + ": " + error.message();
    return {};
}

std::string build_command(const BuildRecipe& recipe, const RecipePaths& paths, int jobs, const fs::path& binary) {
    const std::string command = replaced(replaced(recipe.command, "{out}", binary.string()), "{jobs}", std::to_string(jobs));
    if (!run_logged({"sh", "-c", command}, paths.log, paths.sources / recipe.dir).ok()) return "build command";
    return {};
}

}  // namespace

fs::path recipe_binary(const BuildRecipe& recipe, const RecipePaths& paths) {
    if (recipe.kind == RecipeKind::cmake)
        return cmake_build_dir(paths) / (recipe.exe.empty() ? recipe.target : recipe.exe);
    return paths.entry / "bin" / exe_name(recipe, paths);
}

std::string run_recipe(const BuildRecipe& recipe, const RecipePaths& paths, int jobs) {
    const fs::path binary = recipe_binary(recipe, paths);
    std::error_code error;
    fs::remove_all(cmake_build_dir(paths), error);  // a half-finished build may hold a cache from other sources
    fs::remove_all(paths.entry / "bin", error);
    if (recipe.kind != RecipeKind::cmake) fs::create_directories(paths.entry / "bin", error);
    if (error) return "creating " + (paths.entry / "bin").string() + ": " + error.message();
    std::string failed_step;
    switch (recipe.kind) {
    case RecipeKind::cmake: failed_step = build_cmake(recipe, paths, jobs); break;
    case RecipeKind::openbench:
    case RecipeKind::make: failed_step = build_make(recipe, paths, jobs, binary); break;
    case RecipeKind::command: failed_step = build_command(recipe, paths, jobs, binary); break;
    }
    if (!failed_step.empty()) return failed_step;
    if (::access(binary.c_str(), X_OK) != 0) return "no binary at " + binary.string();
    return {};
}

}  // namespace arbiter::build
