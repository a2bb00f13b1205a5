#include "harness/engines/engine_setup.h"

#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "harness/build/commit_info.h"
#include "harness/build/revision_build.h"
#include "harness/catalogue/catalogue.h"
#include "harness/config/engine_spec.h"

namespace arbiter::engine_setup {
namespace {

// A word without '=' cannot be a key=value spec, so it is taken as a catalogue name.
bool is_catalogue_name(const std::string& text) {
    return text.find('=') == std::string::npos && text.find_first_of(" \t") == std::string::npos;
}

// Stored command lines are read back by people and shells: arguments with spaces stay one word.
std::string quote_if_needed(const std::string& word) {
    if (word.find_first_of(" \t\"'") == std::string::npos && !word.empty()) return word;
    std::string quoted = "\"";
    for (char c : word) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    return quoted + "\"";
}

// make-var.NAME=, net= and net-var=, checked as arbiter build checks --make-var, --net and --net-var.
build::RecipeAdditions build_additions(const config::EngineSpec& spec, const std::string& where) {
    build::RecipeAdditions additions;
    for (const auto& [name, value] : spec.build_make_vars) {
        build::check_variable_name(name, where + " make-var." + name);
        additions.vars[name] = value;
    }
    if (spec.build_net) additions.net = build::readable_net(*spec.build_net, where + " net");
    if (spec.build_net_var) {
        if (!spec.build_net)
            throw build::BuildInputError(where + " net-var: names the variable net= sets: give net=FILE too");
        build::check_variable_name(*spec.build_net_var, where + " net-var");
        additions.net_var = *spec.build_net_var;
    }
    return additions;
}

}  // namespace

void resolve_build(config::EngineSpec& spec, const std::string& where, std::ostream& progress) {
    if (!spec.build) return;
    if (!spec.cmd.empty())
        throw config::ConfigError(where + " build", "give either cmd= or build=, not both (build= makes the command)");
    build::BuildRequest request;
    request.revision = *spec.build;
    if (spec.build_repo) request.repo = *spec.build_repo;
    request.verify_bench = spec.build_verify_bench;
    request.skip_check_hint = "add bench=no to the engine's keys to skip the check";
    try {
        request.additions = build_additions(spec, where);
        if (spec.build_recipe) {
            request.recipe = build::shaped_recipe(*spec.build_recipe, spec.build_recipe_dir.value_or(""),
                                                  spec.build_recipe_exe.value_or(""),
                                                  spec.build_recipe_target.value_or(""), "recipe.");
        } else if (spec.build_recipe_dir || spec.build_recipe_exe || spec.build_recipe_target) {
            throw build::BuildInputError("recipe.dir, recipe.exe and recipe.target only shape a recipe=");
        }
        const build::BuiltEngine built = build::build_revision(request, progress);
        progress << built.label << ": " << (built.reused ? "cached build " : "built ") << built.binary.string()
                 << std::endl;
        spec.cmd = built.binary.string();
        spec.build = built.commit;
        // Named by the commit it is, not by the revision typed: "HEAD" means another build tomorrow.
        const std::string engine =
            spec.build_repo ? build::repository_top(*spec.build_repo).filename().string() : "tempo";
        if (spec.name.empty()) spec.name = engine + "@" + built.commit.substr(0, 12);
    } catch (const build::BuildInputError& error) {
        throw config::ConfigError(where + " build", error.what());
    }
}

config::EngineSpec resolve_engine_text(const std::string& text, const std::string& where, std::ostream& progress) {
    config::EngineSpec spec;
    if (is_catalogue_name(text)) {
        spec.catalogue = text;
    } else {
        spec = config::parse_engine_spec(text, where);
    }
    if (spec.catalogue) catalogue::resolve_catalogue_reference(spec, catalogue::Catalogue::builtin(), where);
    resolve_build(spec, where, progress);
    if (spec.cmd.empty()) throw config::ConfigError(where, "no cmd= given in '" + text + "'");
    return spec;
}

std::optional<std::filesystem::path> resolve_executable(const config::EngineSpec& spec) {
    namespace fs = std::filesystem;
    auto runnable = [](const fs::path& path) { return !fs::is_directory(path) && access(path.c_str(), X_OK) == 0; };
    if (spec.cmd.find('/') != std::string::npos) {
        const fs::path path(spec.cmd);
        if (runnable(path)) return path;
        if (!spec.dir.empty() && path.is_relative() && runnable(fs::path(spec.dir) / path))
            return fs::path(spec.dir) / path;
        return std::nullopt;
    }
    const char* search = std::getenv("PATH");
    std::string_view rest = search ? search : "/usr/bin:/bin";
    while (!rest.empty()) {
        const auto colon = rest.find(':');
        const std::string_view dir = rest.substr(0, colon);
        const fs::path candidate = fs::path(dir.empty() ? "." : std::string(dir)) / spec.cmd;
        if (runnable(candidate)) return candidate;
        rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
    return std::nullopt;
}

bool executable_found(const config::EngineSpec& spec) { return resolve_executable(spec).has_value(); }

protocol::EngineConfig to_engine_config(const config::EngineSpec& spec, const std::string& name,
                                        protocol::SanConverter to_san) {
    protocol::EngineConfig config;
    config.name = name;
    config.protocol = spec.proto;
    config.process.executable = spec.cmd;
    config.process.arguments = spec.args;
    config.process.working_directory = spec.dir;
    config.process.environment = spec.env;
    config.init_commands = spec.init_strings;
    config.options = spec.options;
    config.to_san = std::move(to_san);
    return config;
}

db::EngineRecord to_engine_record(const config::EngineSpec& spec, const std::string& name,
                                  const std::string& git_commit) {
    db::EngineRecord record;
    record.name = name;
    record.command = quote_if_needed(spec.cmd);
    for (const auto& arg : spec.args) record.command.append(" ").append(quote_if_needed(arg));
    record.protocol = config::to_string(spec.proto);
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [option, value] : spec.options) options[option] = value;
    record.options_json = options.dump();  // nlohmann keeps keys sorted: same options, same text
    record.git_commit = !git_commit.empty() ? git_commit : spec.build.value_or("");
    if (spec.build && record.git_commit == *spec.build) {
        if (const auto info = build::commit_info(spec.build_repo.value_or(""), *spec.build)) {
            record.commit_subject = info->subject;
            record.committed_at = info->committed_at;
        }
    }
    return record;
}

std::string options_text(const config::EngineSpec& spec) {
    std::string text;
    for (const auto& [option, value] : spec.options) {
        text += (text.empty() ? "" : " ") + option + "=" + value;
    }
    return text;
}

}  // namespace arbiter::engine_setup
