#include "harness/build/build_recipe.h"

#include <cstdint>
#include <cstdio>
#include <initializer_list>

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

void read_build_section(BuildRecipe& recipe, const json& section, const std::string& source) {
    reject_unknown_keys(section, {"recipe", "dir", "exe", "target"}, source, "build.");
    if (!section.contains("recipe")) refuse(source, "build.recipe", "missing (openbench, cmake, make or a command)");
    const std::string name = string_field(section, "recipe", source, "build.");
    if (name.empty()) refuse(source, "build.recipe", "is empty");
    const BuildRecipe base = recipe_from_flag(name);
    recipe.kind = base.kind;
    recipe.command = base.command;
    recipe.dir = string_field(section, "dir", source, "build.");
    recipe.exe = string_field(section, "exe", source, "build.");
    recipe.target = string_field(section, "target", source, "build.");
    if (recipe.kind == RecipeKind::cmake && recipe.target.empty()) refuse(source, "build.target", "the cmake recipe needs one");
    if (recipe.kind == RecipeKind::make && recipe.exe.empty()) refuse(source, "build.exe", "the make recipe needs one");
    if (recipe.kind != RecipeKind::cmake && !recipe.target.empty()) refuse(source, "build.target", "only the cmake recipe takes one");
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
    if (shaped.kind == RecipeKind::cmake && target.empty()) throw BuildInputError(where + "target: the cmake recipe needs one");
    if (shaped.kind == RecipeKind::make && exe.empty()) throw BuildInputError(where + "exe: the make recipe needs one");
    if (shaped.kind != RecipeKind::cmake && !target.empty())
        throw BuildInputError(where + "target: only the cmake recipe takes one");
    return shaped;
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
    json line = {{"recipe", to_string(recipe.kind)}, {"dir", recipe.dir},       {"exe", recipe.exe},
                 {"target", recipe.target},          {"command", recipe.command}};
    return line.dump();  // keys sorted: the same recipe always gives the same text
}

std::string recipe_hash(const BuildRecipe& recipe) {
    std::uint64_t hash = 14695981039346656037ull;  // FNV-1a: stable across runs and machines
    for (unsigned char c : normalised_recipe(recipe)) hash = (hash ^ c) * 1099511628211ull;
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return std::string(text, 8);
}

}  // namespace arbiter::build
