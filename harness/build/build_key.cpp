#include "harness/build/build_key.h"

#include <cstdlib>
#include <stdexcept>

#include "harness/build/revision_build.h"
#include "harness/build/sha256.h"
#include "harness/build/subprocess.h"

namespace arbiter::build {
namespace {

// The compiler make would run for `variable`: the recipe's variable, else the environment's, else
// GNU make's built-in default.
std::string compiler_command(const BuildRecipe& recipe, const std::string& variable, const char* make_default) {
    if (const auto given = recipe.vars.find(variable); given != recipe.vars.end()) return given->second;
    if (const char* value = std::getenv(variable.c_str()); value && *value) return value;
    return make_default;
}

// What `<command> --version` prints, run by sh as make runs it (CC may be "ccache gcc"). A compiler
// that cannot run still gets a line: the build will fail and say so, the key only has to differ.
std::string compiler_identity(const std::string& command) {
    const ToolResult version = run_captured({"sh", "-c", command + " --version"});
    if (!version.ok()) return "'" + command + " --version' failed (" + version.ending() + ")";
    return version.output;
}

std::string environment_flag(const char* name) {
    const char* value = std::getenv(name);
    return std::string(name) + (value ? "=" + std::string(value) : " unset");
}

}  // namespace

BuildKey build_key(const std::string& commit, const BuildRecipe& recipe) {
    std::string inputs = "commit " + commit + "\nrecipe " + normalised_recipe(recipe) + "\n";
    try {
        inputs += "net " + (recipe.net.empty() ? std::string("none") : sha256_file_hex(recipe.net)) + "\n";
    } catch (const std::runtime_error& error) {
        throw BuildInputError(std::string("net: ") + error.what());
    }
    for (const auto& [variable, make_default] : {std::pair{"CC", "cc"}, std::pair{"CXX", "g++"}}) {
        const std::string command = compiler_command(recipe, variable, make_default);
        inputs += std::string(variable) + " " + command + ": " + compiler_identity(command);
        if (inputs.back() != '\n') inputs += '\n';
    }
    for (const char* flag : {"CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS"}) inputs += environment_flag(flag) + "\n";
    return BuildKey{inputs, commit + "-" + sha256_hex(inputs).substr(0, 16)};
}

}  // namespace arbiter::build
