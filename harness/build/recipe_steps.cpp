#include "harness/build/recipe_steps.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <unistd.h>
#include <vector>

#include "harness/build/revision_build.h"

namespace arbiter::build {
namespace {

namespace fs = std::filesystem;

fs::path cmake_build_dir(const RecipePaths& paths) { return paths.entry / "build"; }

std::string exe_name(const BuildRecipe& recipe, const RecipePaths& paths) {
    return recipe.exe.empty() ? paths.default_exe : fs::path(recipe.exe).filename().string();
}

// The recipe's variables with the network's, as NAME=VALUE words: what make takes on its command
// line and `env` puts into a command's environment.
std::vector<std::string> variable_words(const BuildRecipe& recipe) {
    std::vector<std::string> words;
    for (const auto& [name, value] : recipe.vars) words.push_back(name + "=" + value);
    if (!recipe.net.empty()) words.push_back(recipe.net_var + "=" + recipe.net);
    return words;
}

// OpenBench's convention: the compilers come from the environment, and the makefile is told so only
// when the environment names them (its own defaults stay otherwise) and the recipe's variables do not.
std::vector<std::string> make_command(const BuildRecipe& recipe, int jobs) {
    std::vector<std::string> argv{"make", "-j" + std::to_string(jobs)};
    for (const char* variable : {"CC", "CXX"}) {
        const char* value = std::getenv(variable);
        if (value && !recipe.vars.contains(variable)) argv.push_back(std::string(variable) + "=" + value);
    }
    for (std::string& word : variable_words(recipe)) argv.push_back(std::move(word));
    return argv;
}

// `path` with every link resolved, when it exists and lies inside `root` (resolved too); else nullopt.
std::optional<fs::path> resolved_inside(const fs::path& root, const fs::path& path) {
    std::error_code error;
    const fs::path real_root = fs::canonical(root, error);
    if (error) return std::nullopt;
    const fs::path real = fs::canonical(path, error);
    if (error) return std::nullopt;
    const auto first_difference = std::mismatch(real_root.begin(), real_root.end(), real.begin(), real.end());
    if (first_difference.first != real_root.end()) return std::nullopt;
    return real;
}

// The refusal for a recipe path that a link in the commit leads out of the checkout.
[[noreturn]] void refuse_outside(const std::string& source, const std::string& key, const std::string& given,
                                 const fs::path& path) {
    std::error_code ignored;
    throw BuildInputError(source + ": " + key + " '" + given + "' leads outside the checkout, to " +
                          fs::canonical(path, ignored).string() + ": only the commit's own files are built");
}

// The recipe's directory in the checkout, checked before anything runs in it.
fs::path recipe_directory(const BuildRecipe& recipe, const RecipePaths& paths, const std::string& source) {
    const fs::path directory = paths.sources / recipe.dir;
    if (!fs::is_directory(directory))
        throw BuildInputError(source + ": dir '" + recipe.dir + "': no such directory in the commit");
    if (!resolved_inside(paths.sources, directory)) refuse_outside(source, "dir", recipe.dir, directory);
    return directory;
}

// Why a step failed, for the error message: its name and how it ended.
std::string failure(const std::string& step, const ToolResult& result) {
    const std::string hint = result.timed_out ? "; --build-timeout or build.timeout sets the limit" : "";
    return step + ": " + result.ending() + hint;
}

struct StepContext {
    const RecipePaths& paths;
    const fs::path& directory;
    int jobs;
    const TimeLimit& limit;
    const std::string& source;
};

std::string build_cmake(const BuildRecipe& recipe, const StepContext& step) {
    const fs::path build_dir = cmake_build_dir(step.paths);
    std::vector<std::string> configure{
        "cmake", "-S", step.directory.string(), "-B", build_dir.string(), "-DCMAKE_BUILD_TYPE=Release"};
    for (const std::string& word : variable_words(recipe)) configure.push_back("-D" + word);
    const ToolResult configured = run_logged(configure, step.paths.log, {}, step.limit);
    if (!configured.ok()) return failure("cmake configure", configured);
    const ToolResult built =
        run_logged({"cmake", "--build", build_dir.string(), "--target", recipe.target, "-j", std::to_string(step.jobs)},
                   step.paths.log, {}, step.limit);
    if (!built.ok()) return failure("cmake --build", built);
    const fs::path binary = recipe_binary(recipe, step.paths);
    if (fs::exists(binary) && !resolved_inside(build_dir, binary))
        refuse_outside(step.source, "exe", recipe.exe, binary);
    return {};
}

// OpenBench's client names the output relative to the makefile's directory (EXE=<name>) and moves
// it afterwards: makefiles that run the fresh binary (a PGO step's `./$(EXE) bench`) expect that.
// A plain makefile leaves the binary at <dir>/<exe>. Either way it is copied out of the sources,
// which are removed after the build.
std::string build_make(const BuildRecipe& recipe, const StepContext& step, const fs::path& binary) {
    std::vector<std::string> argv = make_command(recipe, step.jobs);
    const bool openbench = recipe.kind == RecipeKind::openbench;
    if (openbench) argv.push_back("EXE=" + binary.filename().string());
    const ToolResult made_it = run_logged(argv, step.paths.log, step.directory, step.limit);
    if (!made_it.ok()) return failure("make", made_it);
    const fs::path made = step.directory / (openbench ? binary.filename() : fs::path(recipe.exe));
    if (fs::exists(made) && !resolved_inside(step.paths.sources, made))
        refuse_outside(step.source, "exe", openbench ? binary.filename().string() : recipe.exe, made);
    std::error_code error;
    fs::copy_file(made, binary, fs::copy_options::overwrite_existing, error);
    if (error) return "copying " + made.string() + ": " + error.message();
    return {};
}

std::string build_command(const BuildRecipe& recipe, const StepContext& step, const fs::path& binary) {
    const std::string command =
        with_shell_values(recipe.command, {{"{out}", binary.string()}, {"{jobs}", std::to_string(step.jobs)}});
    std::vector<std::string> argv{"env"};  // the variables in the command's environment
    for (std::string& word : variable_words(recipe)) argv.push_back(std::move(word));
    argv.insert(argv.end(), {"sh", "-c", command});
    const ToolResult ran = run_logged(argv, step.paths.log, step.directory, step.limit);
    if (!ran.ok()) return failure("build command", ran);
    return {};
}

enum class Quoting { none, single, double_quotes };

// `value` as sh reads it back literally at a place quoted as `quoting`.
std::string quoted(const std::string& value, Quoting quoting) {
    std::string text;
    for (char c : value) {
        if (quoting == Quoting::double_quotes && (c == '$' || c == '`' || c == '"' || c == '\\')) text += '\\';
        if (quoting != Quoting::double_quotes && c == '\'') text += "'\\'";  // close, an escaped quote, reopen
        text += c;
    }
    return quoting == Quoting::none ? "'" + text + "'" : text;
}

}  // namespace

std::string with_shell_values(const std::string& command,
                              const std::vector<std::pair<std::string, std::string>>& values) {
    std::string text;
    Quoting quoting = Quoting::none;
    for (std::size_t at = 0; at < command.size();) {
        const auto placeholder = std::find_if(values.begin(), values.end(), [&](const auto& value) {
            return command.compare(at, value.first.size(), value.first) == 0;
        });
        if (placeholder != values.end()) {
            text += quoted(placeholder->second, quoting);
            at += placeholder->first.size();
            continue;
        }
        const char c = command[at];
        const bool escapes = c == '\\' && quoting != Quoting::single && at + 1 < command.size();
        if (c == '\'' && quoting != Quoting::double_quotes)
            quoting = quoting == Quoting::single ? Quoting::none : Quoting::single;
        else if (c == '"' && quoting != Quoting::single)
            quoting = quoting == Quoting::double_quotes ? Quoting::none : Quoting::double_quotes;
        text.append(command, at, escapes ? 2 : 1);  // an escaped character neither quotes nor starts a placeholder
        at += escapes ? 2 : 1;
    }
    return text;
}

fs::path recipe_binary(const BuildRecipe& recipe, const RecipePaths& paths) {
    if (recipe.kind == RecipeKind::cmake)
        return cmake_build_dir(paths) / (recipe.exe.empty() ? recipe.target : recipe.exe);
    return paths.entry / "bin" / exe_name(recipe, paths);
}

std::string run_recipe(const BuildRecipe& recipe, const RecipePaths& paths, int jobs, const TimeLimit& limit,
                       const std::string& source) {
    const fs::path directory = recipe_directory(recipe, paths, source);
    const fs::path binary = recipe_binary(recipe, paths);
    std::error_code error;
    fs::remove_all(cmake_build_dir(paths), error);  // a half-finished build may hold a cache from other sources
    fs::remove_all(paths.entry / "bin", error);
    if (recipe.kind != RecipeKind::cmake) fs::create_directories(paths.entry / "bin", error);
    if (error) return "creating " + (paths.entry / "bin").string() + ": " + error.message();
    const StepContext step{paths, directory, jobs, limit, source};
    std::string failed_step;
    switch (recipe.kind) {
        case RecipeKind::cmake: failed_step = build_cmake(recipe, step); break;
        case RecipeKind::openbench:
        case RecipeKind::make: failed_step = build_make(recipe, step, binary); break;
        case RecipeKind::command: failed_step = build_command(recipe, step, binary); break;
    }
    if (!failed_step.empty()) return failed_step;
    if (::access(binary.c_str(), X_OK) != 0) return "no binary at " + binary.string();
    return {};
}

}  // namespace arbiter::build
