#include "harness/config/engine_spec.h"

#include <cstdint>
#include <filesystem>

#include "harness/config/engine_limits.h"
#include "harness/config/parse_number.h"
#include "harness/config/plain_text.h"

namespace arbiter::config {

double parse_real(const std::string& text, const std::string& where) {
    try {
        size_t used = 0;
        double value = std::stod(text, &used);
        if (used == text.size()) return value;
    } catch (const std::exception&) {}
    throw ConfigError(where, "expected a number, got '" + text + "'");
}

bool parse_flag_bool(const std::string& text, const std::string& where) {
    if (text == "true" || text == "on" || text == "1" || text == "yes") return true;
    if (text == "false" || text == "off" || text == "0" || text == "no") return false;
    throw ConfigError(where, "expected true or false, got '" + text + "'");
}

std::vector<std::string> split_words(const std::string& text, const std::string& where) {
    std::vector<std::string> words;
    std::string current;
    bool in_word = false;
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (quote) {
            if (c == quote) {
                quote = 0;
            } else if (c == '\\' && quote == '"' && i + 1 < text.size()) {
                current += text[++i];
            } else {
                current += c;
            }
        } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
        } else if (c == '\\' && i + 1 < text.size()) {
            current += text[++i];
            in_word = true;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word) words.push_back(std::move(current));
            current.clear();
            in_word = false;
        } else {
            current += c;
            in_word = true;
        }
    }
    if (quote) throw ConfigError(where, "unterminated quote in '" + text + "'");
    if (in_word) words.push_back(std::move(current));
    return words;
}

namespace {

void set_option(std::vector<std::pair<std::string, std::string>>& options, const std::string& name,
                const std::string& value) {
    for (auto& [existing, old_value] : options) {
        if (existing == name) {
            old_value = value;
            return;
        }
    }
    options.emplace_back(name, value);
}

protocol::Protocol parse_protocol(const std::string& value, const std::string& where) {
    if (value == "uci") return protocol::Protocol::Uci;
    if (value == "xboard" || value == "cecp") return protocol::Protocol::Xboard;
    throw ConfigError(where, "proto must be uci or xboard, got '" + value + "'");
}

RestartPolicy parse_restart(const std::string& value, const std::string& where) {
    if (value == "auto") return RestartPolicy::Auto;
    if (value == "on") return RestartPolicy::On;
    if (value == "off") return RestartPolicy::Off;
    throw ConfigError(where, "restart must be auto, on or off, got '" + value + "'");
}

// cutechess-cli's switches, which take no value (`ponder`); `ponder=true` is accepted too, as
// config files write them.
bool* switch_key(EngineSpec& spec, const std::string& key) {
    if (key == "ponder") return &spec.ponder;
    if (key == "whitepov") return &spec.whitepov;
    if (key == "trust") return &spec.trust;
    if (key == "debug") return &spec.debug;
    return nullptr;
}

// The keys cutechess-cli gives an engine beyond the common ones; false when `key` is none of them.
bool apply_cutechess_key(EngineSpec& spec, const std::string& key, const std::string& value, const std::string& at) {
    if (bool* flag = switch_key(spec, key)) {
        *flag = parse_flag_bool(value, at);
    } else if (key == "book") {
        if (value.empty()) throw ConfigError(at, "expects a Polyglot book file");
        spec.book = value;
    } else if (key == "bookdepth") {
        spec.book_depth = parse_integer<int>(value, at);
        if (*spec.book_depth < 1) throw ConfigError(at, "must be 1 or more (full moves), got " + value);
    } else if (key == "stderr") {
        if (value.empty()) throw ConfigError(at, "expects a file name");
        spec.stderr_file = value;
    } else if (key == "tscale") {
        spec.timeout_scale = parse_real(value, at);
        if (!(*spec.timeout_scale >= kMinTimeoutScale && *spec.timeout_scale <= kMaxTimeoutScale))
            throw ConfigError(at, "must be between 0.2 and 120 (cutechess-cli's bounds), got " + value);
    } else {
        return false;
    }
    return true;
}

}  // namespace

void apply_engine_token(EngineSpec& spec, const std::string& token, const std::string& where) {
    if (switch_key(spec, token)) {
        apply_engine_token(spec, token + "=true", where);
        return;
    }
    auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0) {
        throw ConfigError(where, "expected key=value, got '" + token + "'");
    }
    const std::string key = token.substr(0, eq);
    const std::string value = token.substr(eq + 1);
    const std::string at = where + " " + key;
    // Every engine setting reaches the engine's command line, its input or a PGN tag: one line each.
    require_plain_text(key, where);
    require_plain_text(value, at);
    if (key.rfind("option.", 0) == 0) {
        if (key.size() == 7) throw ConfigError(at, "option name is empty");
        set_option(spec.options, key.substr(7), value);
    } else if (key.rfind("env.", 0) == 0) {
        set_option(spec.env, key.substr(4), value);
    } else if (key == "name") {
        spec.name = value;
    } else if (key == "cmd") {
        spec.cmd = value;
    } else if (key == "dir") {
        spec.dir = value;
    } else if (key == "arg") {
        spec.args.push_back(value);
    } else if (key == "args") {
        for (auto& word : split_words(value, at)) spec.args.push_back(std::move(word));
    } else if (key == "proto") {
        spec.proto = parse_protocol(value, at);
    } else if (key == "initstr") {
        // cutechess-cli reads the two characters "\n" in TEXT as a line break: one line each.
        std::size_t start = 0;
        for (std::size_t at_break; (at_break = value.find("\\n", start)) != std::string::npos; start = at_break + 2)
            spec.init_strings.push_back(value.substr(start, at_break - start));
        spec.init_strings.push_back(value.substr(start));
    } else if (key == "restart") {
        spec.restart = parse_restart(value, at);
    } else if (key == "build") {
        spec.build = value;
    } else if (key == "repo") {
        if (value.empty()) throw ConfigError(at, "expects a directory in a git repository");
        spec.build_repo = value;
    } else if (key == "recipe" || key == "recipe.dir" || key == "recipe.exe" || key == "recipe.target") {
        if (value.empty())
            throw ConfigError(at, "expects a value, as arbiter build's --" + key.substr(key.rfind('.') + 1));
        auto& field = key == "recipe"       ? spec.build_recipe
                      : key == "recipe.dir" ? spec.build_recipe_dir
                      : key == "recipe.exe" ? spec.build_recipe_exe
                                            : spec.build_recipe_target;
        field = value;
    } else if (key.rfind("make-var.", 0) == 0) {
        if (key.size() == 9) throw ConfigError(at, "expects make-var.NAME=VALUE, as arbiter build's --make-var");
        spec.build_make_vars.emplace_back(key.substr(9), value);
    } else if (key == "net" || key == "net-var") {
        if (value.empty()) throw ConfigError(at, "expects a value, as arbiter build's --" + key);
        (key == "net" ? spec.build_net : spec.build_net_var) = value;
    } else if (key == "bench") {
        if (value != "yes" && value != "no") throw ConfigError(at, "expects yes or no, got '" + value + "'");
        spec.build_verify_bench = value == "yes";
    } else if (key == "history") {
        if (value != "full" && value != "since-irreversible")
            throw ConfigError(at, "expects full or since-irreversible, got '" + value + "'");
        spec.history_since_irreversible = value == "since-irreversible";
    } else if (key == "conf" || key == "ref") {
        spec.catalogue = value;
    } else if (!apply_limit_key(spec, key, value, at) && !apply_cutechess_key(spec, key, value, at)) {
        throw ConfigError(at, "unknown engine setting '" + key + "'");
    }
}

EngineSpec parse_engine_spec(const std::string& text, const std::string& where) {
    EngineSpec spec;
    for (const auto& word : split_words(text, where)) apply_engine_token(spec, word, where);
    return spec;
}

void apply_each(EngineSpec& engine, const EngineSpec& each) {
    if (engine.cmd.empty()) engine.cmd = each.cmd;
    if (engine.dir.empty()) engine.dir = each.dir;
    if (engine.args.empty()) engine.args = each.args;
    if (each.proto != protocol::Protocol::Uci && engine.proto == protocol::Protocol::Uci) engine.proto = each.proto;
    for (const auto& [name, value] : each.options) {
        bool engine_has_it = false;
        for (const auto& own : engine.options) engine_has_it |= own.first == name;
        if (!engine_has_it) engine.options.emplace_back(name, value);
    }
    for (const auto& line : each.init_strings) engine.init_strings.push_back(line);
    if (!engine.tc) engine.tc = each.tc;
    if (!engine.st) engine.st = each.st;
    if (!engine.nodes) engine.nodes = each.nodes;
    if (!engine.depth) engine.depth = each.depth;
    if (!engine.timemargin_ms) engine.timemargin_ms = each.timemargin_ms;
    if (engine.restart == RestartPolicy::Auto) engine.restart = each.restart;
    if (!engine.build) engine.build = each.build;
    if (!engine.build_repo) engine.build_repo = each.build_repo;
    if (!engine.build_recipe) {
        engine.build_recipe = each.build_recipe;
        engine.build_recipe_dir = each.build_recipe_dir;
        engine.build_recipe_exe = each.build_recipe_exe;
        engine.build_recipe_target = each.build_recipe_target;
    }
    engine.build_verify_bench = engine.build_verify_bench && each.build_verify_bench;
    if (engine.build_make_vars.empty()) engine.build_make_vars = each.build_make_vars;
    if (!engine.build_net) engine.build_net = each.build_net;
    if (!engine.build_net_var) engine.build_net_var = each.build_net_var;
    for (const auto& kv : each.env) engine.env.push_back(kv);
    if (!engine.book) engine.book = each.book;
    if (!engine.book_depth) engine.book_depth = each.book_depth;
    if (!engine.stderr_file) engine.stderr_file = each.stderr_file;
    if (!engine.timeout_scale) engine.timeout_scale = each.timeout_scale;
    // A switch -each turns on is on for every engine: cutechess-cli has no way to turn one off.
    engine.ponder |= each.ponder;
    engine.whitepov |= each.whitepov;
    engine.trust |= each.trust;
    engine.debug |= each.debug;
    if (!engine.history_since_irreversible) engine.history_since_irreversible = each.history_since_irreversible;
}

std::string default_engine_name(const EngineSpec& spec) {
    if (!spec.name.empty()) return spec.name;
    if (spec.catalogue) return *spec.catalogue;
    if (spec.build && spec.build_repo) {
        const auto repo = std::filesystem::absolute(*spec.build_repo).lexically_normal();
        return (repo.has_filename() ? repo.filename() : repo.parent_path().filename()).string() + "@" + *spec.build;
    }
    if (spec.build) return "tempo@" + *spec.build;
    return std::filesystem::path(spec.cmd).filename().string();
}

std::string to_string(protocol::Protocol proto) { return proto == protocol::Protocol::Uci ? "uci" : "xboard"; }

}  // namespace arbiter::config
