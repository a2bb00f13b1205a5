#include "harness/build/build_recipe.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "harness/build/revision_build.h"
#include "harness/config/json_file.h"
#include "harness/config/match_config.h"

namespace arbiter::build {
namespace {

using nlohmann::json;

[[noreturn]] void refuse(const std::string& source, const std::string& key, const std::string& why) {
    throw BuildInputError(source + ": " + key + ": " + why);
}

void reject_unknown_keys(const json& object, std::initializer_list<const char*> known, const std::string& source,
                         const std::string& prefix) {
    for (const auto& item : object.items()) {
        bool listed = false;
        for (const char* key : known) listed |= item.key() == key;
        if (!listed) refuse(source, prefix + item.key(), "unknown key");
    }
}

std::string string_field(const json& object, const char* key, const std::string& source, const std::string& prefix) {
    if (!object.contains(key)) return {};
    if (!object[key].is_string()) refuse(source, prefix + key, "expected a string");
    return object[key].get<std::string>();
}

const json& object_field(const json& parent, const char* key, const std::string& source) {
    static const json empty = json::object();
    if (!parent.contains(key)) return empty;
    if (!parent[key].is_object()) refuse(source, key, "expected an object");
    return parent[key];
}

// A dir or exe names a place inside the checkout: relative, and not climbing out of it with "..".
// (Links in the commit that lead out are refused at build time, harness/build/recipe_steps.h.)
bool stays_inside(const std::string& path) {
    const std::filesystem::path given(path);
    if (given.has_root_name() || given.has_root_directory()) return false;
    const std::filesystem::path normal = given.lexically_normal();
    return normal.empty() || *normal.begin() != "..";
}

// The checks an arbiter.json, the flags and the engine keys share; `where` comes before each key's
// name in the errors ("<source>: build.", "--", "recipe.").
void check_shape(const BuildRecipe& recipe, const std::string& where) {
    if (recipe.kind == RecipeKind::cmake && recipe.target.empty())
        throw BuildInputError(where + "target: the cmake recipe needs one");
    if (recipe.kind == RecipeKind::make && recipe.exe.empty())
        throw BuildInputError(where + "exe: the make recipe needs one");
    if (recipe.kind != RecipeKind::cmake && !recipe.target.empty())
        throw BuildInputError(where + "target: only the cmake recipe takes one");
    for (const auto& [key, path] : {std::pair{"dir", &recipe.dir}, std::pair{"exe", &recipe.exe}}) {
        if (!stays_inside(*path))
            throw BuildInputError(where + key + ": '" + *path +
                                  "' is outside the checkout: give a path relative to the repository, without ..");
    }
}

// The variables each recipe sets itself: a value given for one would be overridden, or override it.
void check_variables(const BuildRecipe& recipe, const std::string& vars_key, const std::string& net_var_key) {
    for (const auto& [name, value] : recipe.vars) {
        check_variable_name(name, vars_key);
        if (recipe.kind == RecipeKind::openbench && name == "EXE")
            throw BuildInputError(
                vars_key + ": EXE is the openbench recipe's own (it names the binary): use the make recipe and exe");
        if (!recipe.net.empty() && name == recipe.net_var)
            throw BuildInputError(vars_key + ": " + name +
                                  " is the variable the network goes to: give the network only as net");
    }
    check_variable_name(recipe.net_var, net_var_key);
}

std::map<std::string, std::string> vars_field(const json& section, const std::string& source) {
    const json& vars = section["vars"];
    if (!vars.is_object()) refuse(source, "build.vars", "expected an object of NAME: \"VALUE\"");
    std::map<std::string, std::string> read;
    for (const auto& item : vars.items()) {
        if (!item.value().is_string()) refuse(source, "build.vars." + item.key(), "expected a string");
        read[item.key()] = item.value().get<std::string>();
    }
    return read;
}

int timeout_field(const json& section, const std::string& source) {
    const json& value = section["timeout"];
    const bool in_range = value.is_number_integer() && value.get<std::int64_t>() >= 1 &&
                          value.get<std::int64_t>() <= kMaxBuildTimeoutSeconds;
    if (!in_range)
        refuse(source, "build.timeout",
               "expected whole seconds from 1 to " + std::to_string(kMaxBuildTimeoutSeconds) + " (the longest limit)");
    return value.get<int>();
}

void read_build_section(BuildRecipe& recipe, const json& section, const std::string& source) {
    reject_unknown_keys(section, {"recipe", "dir", "exe", "target", "timeout", "vars", "net", "net_var"}, source,
                        "build.");
    if (!section.contains("recipe")) refuse(source, "build.recipe", "missing (openbench, cmake, make or a command)");
    const std::string name = string_field(section, "recipe", source, "build.");
    if (name.empty()) refuse(source, "build.recipe", "is empty");
    const BuildRecipe base = recipe_from_flag(name);
    recipe.kind = base.kind;
    recipe.command = base.command;
    recipe.dir = string_field(section, "dir", source, "build.");
    recipe.exe = string_field(section, "exe", source, "build.");
    recipe.target = string_field(section, "target", source, "build.");
    if (section.contains("timeout")) recipe.timeout_seconds = timeout_field(section, source);
    if (section.contains("vars")) recipe.vars = vars_field(section, source);
    recipe.net = string_field(section, "net", source, "build.");
    if (section.contains("net") && recipe.net.empty()) refuse(source, "build.net", "is empty");
    if (section.contains("net_var")) recipe.net_var = string_field(section, "net_var", source, "build.");
    check_shape(recipe, source + ": build.");
    check_variables(recipe, source + ": build.vars", source + ": build.net_var");
}

void read_bench_section(BuildRecipe& recipe, const json& section, const std::string& source) {
    reject_unknown_keys(section, {"args", "verify"}, source, "bench.");
    if (section.contains("args")) recipe.bench_args = string_field(section, "args", source, "bench.");
    if (section.contains("verify")) {
        if (!section["verify"].is_boolean()) refuse(source, "bench.verify", "expected true or false");
        recipe.verify_bench = section["verify"].get<bool>();
    }
}

}  // namespace

std::string to_string(RecipeKind kind) {
    switch (kind) {
        case RecipeKind::openbench: return "openbench";
        case RecipeKind::cmake: return "cmake";
        case RecipeKind::make: return "make";
        case RecipeKind::command: return "command";
    }
    return "command";
}

BuildRecipe recipe_from_flag(const std::string& recipe) {
    BuildRecipe parsed;
    if (recipe == "openbench") parsed.kind = RecipeKind::openbench;
    else if (recipe == "cmake") parsed.kind = RecipeKind::cmake;
    else if (recipe == "make") parsed.kind = RecipeKind::make;
    else {
        parsed.kind = RecipeKind::command;
        parsed.command = recipe;
    }
    return parsed;
}

BuildRecipe shaped_recipe(const std::string& recipe, const std::string& dir, const std::string& exe,
                          const std::string& target, const std::string& where) {
    BuildRecipe shaped = recipe_from_flag(recipe);
    shaped.dir = dir;
    shaped.exe = exe;
    shaped.target = target;
    check_shape(shaped, where);
    return shaped;
}

BuildRecipe with_additions(BuildRecipe recipe, const RecipeAdditions& additions, const std::string& vars_key,
                           const std::string& net_var_key) {
    for (const auto& [name, value] : additions.vars) recipe.vars[name] = value;
    if (!additions.net.empty()) recipe.net = additions.net;
    if (!additions.net_var.empty()) recipe.net_var = additions.net_var;
    check_variables(recipe, vars_key, net_var_key);
    return recipe;
}

void check_variable_name(const std::string& name, const std::string& key) {
    const auto word_character = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    const bool valid = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                       std::all_of(name.begin(), name.end(), word_character);
    if (!valid)
        throw BuildInputError(key + ": '" + name +
                              "' is not a variable name (letters, digits and _, not starting with a digit)");
}

std::pair<std::string, std::string> parse_variable(const std::string& text, const std::string& key) {
    const auto equals = text.find('=');
    if (equals == std::string::npos) throw BuildInputError(key + ": expected NAME=VALUE, got '" + text + "'");
    std::pair<std::string, std::string> variable{text.substr(0, equals), text.substr(equals + 1)};
    check_variable_name(variable.first, key);
    return variable;
}

std::string readable_net(const std::string& path, const std::string& key) {
    if (path.empty()) throw BuildInputError(key + ": is empty");
    const std::filesystem::path absolute = std::filesystem::absolute(path);
    std::error_code error;
    if (!std::filesystem::exists(absolute, error)) throw BuildInputError(key + ": no such file " + absolute.string());
    if (!std::filesystem::is_regular_file(absolute, error))
        throw BuildInputError(key + ": " + absolute.string() + " is not a regular file");
    if (::access(absolute.c_str(), R_OK) != 0) throw BuildInputError(key + ": cannot read " + absolute.string());
    return absolute.lexically_normal().string();
}

BuildRecipe parse_recipe_file(const std::string& text, const std::string& source) {
    json document;
    try {  // the reader of every configuration file: its nesting limit, repeated keys, line numbers
        document = config::parse_config_json(text, source);
    } catch (const config::ConfigError& error) {
        throw BuildInputError(error.what());
    }
    if (!document.is_object()) throw BuildInputError(source + ": expected a JSON object");
    reject_unknown_keys(document, {"build", "bench"}, source, "");
    if (!document.contains("build")) refuse(source, "build", "missing");
    BuildRecipe recipe;
    read_build_section(recipe, object_field(document, "build", source), source);
    read_bench_section(recipe, object_field(document, "bench", source), source);
    return recipe;
}

BuildRecipe read_recipe_file(const std::string& path) {
    try {
        return parse_recipe_file(config::read_config_file(path, "build recipe"), path);
    } catch (const config::ConfigError& error) {
        throw BuildInputError(error.what());
    }
}

std::string normalised_recipe(const BuildRecipe& recipe) {
    json line = {{"recipe", to_string(recipe.kind)},
                 {"dir", recipe.dir},
                 {"exe", recipe.exe},
                 {"target", recipe.target},
                 {"command", recipe.command}};
    if (!recipe.vars.empty()) line["vars"] = recipe.vars;
    if (!recipe.net.empty()) line["net_var"] = recipe.net_var;
    return line.dump();  // keys sorted: the same recipe always gives the same text
}

}  // namespace arbiter::build
