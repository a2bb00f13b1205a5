// JSON form of a run's config. Keys mirror the command-line flags so a user can move between the
// two without a dictionary; unknown keys are errors, because a typo silently ignored in a nightly
// config costs a night.
#include <limits>
#include <set>
#include <type_traits>
#include <utility>
#include <nlohmann/json.hpp>

#include "harness/config/choices.h"
#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/json_integer.h"
#include "harness/config/output_settings.h"
#include "harness/config/parse_number.h"
#include "harness/config/plain_text.h"
#include "harness/config/tablebase_settings.h"
#include "harness/config/runner_json.h"
#include "harness/config/tournament_json.h"

namespace arbiter::config {
namespace {

using nlohmann::json;

void reject_unknown_keys(const json& object, const std::set<std::string>& known, const std::string& where) {
    if (!object.is_object()) throw ConfigError(where, "expected an object");
    for (const auto& item : object.items()) {
        if (!known.count(item.key())) throw ConfigError(where + "." + item.key(), "unknown key");
    }
}

template <typename T>
T get_as(const json& object, const char* key, const std::string& where) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        return integer_value<T>(object.at(key), where + "." + key);
    } else {
        try {
            return object.at(key).get<T>();
        } catch (const json::exception&) {
            throw ConfigError(where + "." + key, "wrong type: " + object.at(key).dump());
        }
    }
}

std::string scalar_text(const json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
    return value.dump();
}

}  // namespace

json engine_spec_to_json(const EngineSpec& spec) {
    json out = json::object();
    if (!spec.name.empty()) out["name"] = spec.name;
    if (!spec.cmd.empty()) out["cmd"] = spec.cmd;
    if (!spec.dir.empty()) out["dir"] = spec.dir;
    if (!spec.args.empty()) out["args"] = spec.args;
    out["proto"] = to_string(spec.proto);
    if (!spec.options.empty()) {
        json options = json::object();
        for (const auto& [name, value] : spec.options) options[name] = value;
        out["options"] = options;
    }
    if (!spec.init_strings.empty()) out["initstr"] = spec.init_strings;
    if (spec.tc) out["tc"] = spec.tc->text;  // as given: see TimeControlSetting
    if (spec.st) out["st"] = *spec.st;
    if (spec.nodes) out["nodes"] = *spec.nodes;
    if (spec.depth) out["depth"] = *spec.depth;
    if (spec.timemargin_ms) out["timemargin"] = *spec.timemargin_ms;
    if (spec.restart != RestartPolicy::Auto) out["restart"] = spec.restart == RestartPolicy::On ? "on" : "off";
    if (spec.build) out["build"] = *spec.build;
    if (spec.build_repo) out["repo"] = *spec.build_repo;
    if (spec.catalogue) out["conf"] = *spec.catalogue;
    if (!spec.build_make_vars.empty()) {
        json vars = json::object();
        for (const auto& [name, value] : spec.build_make_vars) vars[name] = value;
        out["make-var"] = vars;
    }
    if (spec.build_net) out["net"] = *spec.build_net;
    if (spec.build_net_var) out["net-var"] = *spec.build_net_var;
    if (!spec.env.empty()) {
        json env = json::object();
        for (const auto& [name, value] : spec.env) env[name] = value;
        out["env"] = env;
    }
    // Written only when set, so that the identities of runs from before these keys stay as they were.
    if (spec.book) out["book"] = *spec.book;
    if (spec.book_depth) out["bookdepth"] = *spec.book_depth;
    if (spec.stderr_file) out["stderr"] = *spec.stderr_file;
    if (spec.timeout_scale) out["tscale"] = *spec.timeout_scale;
    for (const auto& [key, on] : {std::pair{"ponder", spec.ponder}, std::pair{"whitepov", spec.whitepov},
                                  std::pair{"trust", spec.trust}, std::pair{"debug", spec.debug}})
        if (on) out[key] = true;
    if (spec.history_since_irreversible)
        out["history"] = *spec.history_since_irreversible ? "since-irreversible" : "full";
    return out;
}

EngineSpec engine_spec_from_json(const json& in, const std::string& where) {
    reject_unknown_keys(
        in, {"name",   "cmd",        "dir",      "args",  "proto", "options", "initstr",  "tc",   "st",        "nodes",
             "depth",  "timemargin", "restart",  "build", "repo",  "conf",    "env",      "book", "bookdepth", "stderr",
             "tscale", "ponder",     "whitepov", "trust", "debug", "history", "make-var", "net",  "net-var"},
        where);
    EngineSpec spec;
    for (const auto& item : in.items()) {
        const std::string& key = item.key();
        const json& value = item.value();
        if (key == "options" || key == "env" || key == "make-var") {
            if (!value.is_object()) throw ConfigError(where + "." + key, "expected an object");
            for (const auto& option : value.items()) {
                const std::string text = scalar_text(option.value());
                require_plain_text(option.key(), where + "." + key);
                require_plain_text(text, where + "." + key + "." + option.key());
                const std::string prefix = key == "options" ? "option." : key + ".";
                apply_engine_token(spec, prefix + option.key() + "=" + text, where);
            }
        } else if (key == "args" || key == "initstr") {
            if (!value.is_array()) throw ConfigError(where + "." + key, "expected a list of strings");
            for (const auto& word : value) {
                if (!word.is_string()) throw ConfigError(where + "." + key, "expected a list of strings");
                require_plain_text(word.get<std::string>(), where + "." + key);
                if (key == "args") spec.args.push_back(word.get<std::string>());
                else spec.init_strings.push_back(word.get<std::string>());
            }
        } else {
            require_plain_text(scalar_text(value), where + "." + key);
            apply_engine_token(spec, key + "=" + scalar_text(value), where);
        }
    }
    return spec;
}

namespace {

void read_openings(MatchConfig& config, const json& in, const std::string& where) {
    reject_unknown_keys(in, {"file", "format", "order", "plies", "start", "policy"}, where);
    openings::BookOptions book;
    book.order = openings::BookOrder::Random;
    if (in.contains("file")) book.file = get_as<std::string>(in, "file", where);
    if (in.contains("format")) book.format = book_format(get_as<std::string>(in, "format", where), where + ".format");
    if (in.contains("order")) book.order = book_order(get_as<std::string>(in, "order", where), where + ".order");
    if (in.contains("plies")) book.plies = get_as<int>(in, "plies", where);
    if (in.contains("start")) {
        const int start = get_as<int>(in, "start", where);
        check_at_least(start, 1, where + ".start");
        book.start = static_cast<std::size_t>(start);
    }
    if (in.contains("policy"))
        book.policy = opening_policy(get_as<std::string>(in, "policy", where), where + ".policy");
    if (book.file.empty()) throw ConfigError(where + ".file", "missing");
    config.openings = book;
}

void read_sprt(MatchConfig& config, const json& in, const std::string& where) {
    reject_unknown_keys(in, {"elo0", "elo1", "alpha", "beta", "model", "trinomial"}, where);
    SprtSpec sprt;
    stats::SprtParameters& test = sprt.parameters;
    test.elo0 = get_as<double>(in, "elo0", where);
    test.elo1 = get_as<double>(in, "elo1", where);
    if (in.contains("alpha")) test.alpha = get_as<double>(in, "alpha", where);
    if (in.contains("beta")) test.beta = get_as<double>(in, "beta", where);
    if (in.contains("model")) test.model = sprt_model(get_as<std::string>(in, "model", where), where);
    if (in.contains("trinomial")) sprt.trinomial = get_as<bool>(in, "trinomial", where);
    check_sprt(test, where);
    config.sprt = sprt;
}

void read_rules(MatchConfig& config, const json& in, const std::string& key, const std::string& where) {
    if (key == "draw") {
        reject_unknown_keys(in, {"movenumber", "movecount", "score"}, where);
        adjudication::DrawRule rule;
        if (in.contains("movenumber")) rule.move_number = get_as<int>(in, "movenumber", where);
        if (in.contains("movecount")) rule.move_count = get_as<int>(in, "movecount", where);
        if (in.contains("score")) rule.score_cp = get_as<int>(in, "score", where);
        config.draw = rule;
    } else {
        reject_unknown_keys(in, {"movecount", "score", "twosided"}, where);
        adjudication::ResignRule rule;
        if (in.contains("movecount")) rule.move_count = get_as<int>(in, "movecount", where);
        if (in.contains("score")) rule.score_cp = get_as<int>(in, "score", where);
        if (in.contains("twosided")) rule.two_sided = get_as<bool>(in, "twosided", where);
        config.resign = rule;
    }
}

void read_engines(MatchConfig& config, const json& in, const json* each, const std::string& source) {
    const std::string where = source + ".engines";
    if (!in.is_array()) throw ConfigError(where, "expected a list of engines");
    EngineSpec each_spec = each ? engine_spec_from_json(*each, source + ".each") : EngineSpec{};
    for (size_t i = 0; i < in.size(); ++i) {
        EngineSpec spec = engine_spec_from_json(in[i], where + "[" + std::to_string(i) + "]");
        apply_each(spec, each_spec);
        config.engines.push_back(std::move(spec));
    }
}

void read_shard(MatchConfig& config, const json& in, const std::string& where);

// The keys of -tb, -tbpieces, -tbignore50 and -tbadjudicate, spelt as the flags.
void read_tablebase(MatchConfig& config, const json& in, const std::string& source) {
    if (in.contains("tb")) config.tb_paths = split_tb_paths(get_as<std::string>(in, "tb", source), source + ".tb");
    if (in.contains("tbpieces"))
        config.tb_pieces = check_tb_pieces(get_as<int>(in, "tbpieces", source), source + ".tbpieces");
    if (in.contains("tbignore50")) config.tb_ignore50 = get_as<bool>(in, "tbignore50", source);
    if (in.contains("tbadjudicate")) {
        const std::string verdicts = get_as<std::string>(in, "tbadjudicate", source);
        config.tb_adjudicate = parse_tb_adjudicate(verdicts, source + ".tbadjudicate");
    }
}

void write_tablebase(const MatchConfig& config, json& out) {
    if (config.tb_paths.empty()) return;  // off: configs and identities stay as they were before -tb
    out["tb"] = join_tb_paths(config.tb_paths);
    out["tbpieces"] = config.tb_pieces;
    out["tbignore50"] = config.tb_ignore50;
    out["tbadjudicate"] = to_string(config.tb_adjudicate);
}

// The keys of cli/engine_flags.cpp, checked as the flags check them.
void read_engine_facing(MatchConfig& config, const json& in, const std::string& source) {
    if (in.contains("bookmode")) {
        config.bookmode = get_as<std::string>(in, "bookmode", source);
        check_bookmode(config.bookmode, source + ".bookmode");
    }
    if (in.contains("engines_file")) config.engines_file = get_as<std::string>(in, "engines_file", source);
    if (in.contains("strict")) config.strict = get_as<bool>(in, "strict", source);
    if (in.contains("check_mate_pvs")) config.check_mate_pvs = get_as<bool>(in, "check_mate_pvs", source);
    if (in.contains("show_latency")) config.show_latency = get_as<bool>(in, "show_latency", source);
    for (auto [key, field] :
         {std::pair{"startup_ms", &config.startup_ms}, std::pair{"ucinewgame_ms", &config.ucinewgame_ms}}) {
        if (!in.contains(key)) continue;
        *field = get_as<std::int64_t>(in, key, source);
        check_timeout_ms(**field, source + "." + key);
    }
}

void write_engine_facing(const MatchConfig& config, json& out) {
    if (config.bookmode != "ram") out["bookmode"] = config.bookmode;
    if (config.engines_file) out["engines_file"] = *config.engines_file;
    if (config.strict) out["strict"] = true;
    if (config.check_mate_pvs) out["check_mate_pvs"] = true;
    if (config.show_latency) out["show_latency"] = true;
    if (config.startup_ms) out["startup_ms"] = *config.startup_ms;
    if (config.ucinewgame_ms) out["ucinewgame_ms"] = *config.ucinewgame_ms;
}

}  // namespace

MatchConfig match_config_from_json(const json& in, const std::string& source) {
    std::set<std::string> known_keys{"engines",
                                     "each",
                                     "openings",
                                     "tournament",
                                     "games",
                                     "rounds",
                                     "repeat",
                                     "concurrency",
                                     "draw",
                                     "resign",
                                     "maxmoves",
                                     "pgnout",
                                     "pgnout_min",
                                     "epdout",
                                     "logdir",
                                     "recover",
                                     "seed",
                                     "sprt",
                                     "ratinginterval",
                                     "db",
                                     "shard",
                                     "pairs",
                                     "event",
                                     "site",
                                     "variant",
                                     "catalogue",
                                     "ping_ms",
                                     "output",
                                     "tb",
                                     "tbpieces",
                                     "tbignore50",
                                     "tbadjudicate",
                                     "bookmode",
                                     "engines_file",
                                     "strict",
                                     "check_mate_pvs",
                                     "show_latency",
                                     "startup_ms",
                                     "ucinewgame_ms",
                                     "debug",
                                     "log",
                                     "use_affinity",
                                     "force_concurrency",
                                     "thread_affinity",
                                     "test_env",
                                     "pgnout_fastchess",
                                     "pgnout_append",
                                     "epdout_append",
                                     "crc32_pgn",
                                     "autosaveinterval",
                                     "fastchess_config"};
    known_keys.insert(std::begin(kTournamentJsonKeys), std::end(kTournamentJsonKeys));
    reject_unknown_keys(in, known_keys, source);
    MatchConfig config;
    if (in.contains("engines"))
        read_engines(config, in.at("engines"), in.contains("each") ? &in.at("each") : nullptr, source);
    if (in.contains("openings")) read_openings(config, in.at("openings"), source + ".openings");
    if (in.contains("sprt")) read_sprt(config, in.at("sprt"), source + ".sprt");
    if (in.contains("draw")) read_rules(config, in.at("draw"), "draw", source + ".draw");
    if (in.contains("resign")) read_rules(config, in.at("resign"), "resign", source + ".resign");
    if (in.contains("shard") || in.contains("pairs")) read_shard(config, in, source);
    read_tablebase(config, in, source);
    auto read = [&](const char* key, auto& field) {
        if (in.contains(key)) field = get_as<std::decay_t<decltype(field)>>(in, key, source);
    };
    // The same lower bounds as the flags; concurrency 0 would be "all cores" only by accident.
    auto read_at_least = [&](const char* key, auto& field, auto least) {
        read(key, field);
        if (in.contains(key)) check_at_least(field, least, source + "." + key);
    };
    read("tournament", config.tournament);
    if (in.contains("tournament")) config.tournament = normalize_tournament(config.tournament, source + ".tournament");
    read_at_least("games", config.games, 1);
    read_at_least("rounds", config.rounds, 1);
    read("repeat", config.repeat);
    read_at_least("concurrency", config.concurrency, 1);
    read("maxmoves", config.maxmoves);
    read("pgnout_min", config.pgnout_min);
    read("recover", config.recover);
    read("ratinginterval", config.ratinginterval);
    read("db", config.db);
    read("event", config.event);
    require_plain_text(config.event, source + ".event");
    read("site", config.site);
    require_plain_text(config.site, source + ".site");
    read("variant", config.variant);
    if (in.contains("variant")) check_variant(config.variant, source + ".variant");
    if (in.contains("ping_ms")) {
        config.ping_ms = get_as<std::int64_t>(in, "ping_ms", source);
        check_ping_ms(*config.ping_ms, source + ".ping_ms");
    }
    if (in.contains("output") && !parse_output_format(get_as<std::string>(in, "output", source), config.output))
        throw ConfigError(source + ".output", "must be \"cutechess\" or \"fastchess\"");
    read_runner_json(config, in, source);
    if (in.contains("pgnout")) config.pgnout = get_as<std::string>(in, "pgnout", source);
    if (in.contains("epdout")) config.epdout = get_as<std::string>(in, "epdout", source);
    if (in.contains("logdir")) config.logdir = get_as<std::string>(in, "logdir", source);
    if (in.contains("catalogue")) config.catalogue_file = get_as<std::string>(in, "catalogue", source);
    if (in.contains("seed")) {
        config.seed = get_as<uint64_t>(in, "seed", source);
        config.seed_given = true;
    }
    read_tournament_json(config, in, source);
    read_engine_facing(config, in, source);
    read_output_settings(config, in, source);
    return config;
}

namespace {

void read_shard(MatchConfig& config, const json& in, const std::string& where) {
    if (in.contains("shard")) {
        const std::string text = get_as<std::string>(in, "shard", where);
        auto slash = text.find('/');
        if (slash == std::string::npos) throw ConfigError(where + ".shard", "expected K/N, got '" + text + "'");
        config.shard = ShardSpec{parse_integer<int>(text.substr(0, slash), where + ".shard"),
                                 parse_integer<int>(text.substr(slash + 1), where + ".shard")};
    }
    if (in.contains("pairs")) {
        const std::string text = get_as<std::string>(in, "pairs", where);
        auto colon = text.find(':');
        if (colon == std::string::npos) throw ConfigError(where + ".pairs", "expected START:COUNT, got '" + text + "'");
        config.pairs = PairRange::from_start_count(parse_integer<uint64_t>(text.substr(0, colon), where + ".pairs"),
                                                   parse_integer<uint64_t>(text.substr(colon + 1), where + ".pairs"));
    }
}

}  // namespace

MatchConfig load_match_config_file(const std::string& path) {
    return match_config_from_json(parse_config_json(read_config_file(path, "config file"), path), path);
}

json match_config_to_json(const MatchConfig& config) {
    json out = json::object();
    json engines = json::array();
    for (const auto& engine : config.engines) engines.push_back(engine_spec_to_json(engine));
    out["engines"] = engines;
    if (config.openings) {
        const auto& o = *config.openings;
        out["openings"] = {
            {"file", o.file},   {"format", to_string(o.format)}, {"order", to_string(o.order)}, {"plies", o.plies},
            {"start", o.start}, {"policy", to_string(o.policy)}};
    }
    out["tournament"] = config.tournament;
    out["games"] = config.games;
    out["rounds"] = config.rounds;
    out["repeat"] = config.repeat;
    if (config.concurrency > 0) out["concurrency"] = config.concurrency;  // unset: the number of cores
    if (config.draw)
        out["draw"] = {{"movenumber", config.draw->move_number},
                       {"movecount", config.draw->move_count},
                       {"score", config.draw->score_cp}};
    if (config.resign)
        out["resign"] = {{"movecount", config.resign->move_count},
                         {"score", config.resign->score_cp},
                         {"twosided", config.resign->two_sided}};
    out["maxmoves"] = config.maxmoves;
    if (config.pgnout) out["pgnout"] = *config.pgnout;
    if (config.pgnout_min) out["pgnout_min"] = true;
    if (config.epdout) out["epdout"] = *config.epdout;
    if (config.logdir) out["logdir"] = *config.logdir;
    out["recover"] = config.recover;
    if (config.seed_given) out["seed"] = config.seed;
    if (config.sprt) {
        const stats::SprtParameters& s = config.sprt->parameters;
        out["sprt"] = {{"elo0", s.elo0},
                       {"elo1", s.elo1},
                       {"alpha", s.alpha},
                       {"beta", s.beta},
                       {"model", std::string(stats::model_name(s.model))},
                       {"trinomial", config.sprt->trinomial}};
    }
    out["ratinginterval"] = config.ratinginterval;
    out["db"] = config.db;
    if (config.shard) out["shard"] = std::to_string(config.shard->index) + "/" + std::to_string(config.shard->count);
    if (config.pairs) out["pairs"] = std::to_string(config.pairs->begin) + ":" + std::to_string(config.pairs->count());
    out["event"] = config.event;
    out["site"] = config.site;
    out["variant"] = config.variant;
    if (config.catalogue_file) out["catalogue"] = *config.catalogue_file;
    if (config.ping_ms) out["ping_ms"] = *config.ping_ms;
    // Written only when chosen, so that configs and run identities from before the key stay as they were.
    if (config.output != OutputFormat::cutechess) out["output"] = to_string(config.output);
    write_tournament_json(config, out);
    write_tablebase(config, out);
    write_engine_facing(config, out);
    write_runner_json(config, out);
    write_output_settings(config, out);
    return out;
}

std::string to_string(OutputFormat format) { return format == OutputFormat::fastchess ? "fastchess" : "cutechess"; }

bool parse_output_format(const std::string& text, OutputFormat& format) {
    if (text == "cutechess") format = OutputFormat::cutechess;
    else if (text == "fastchess") format = OutputFormat::fastchess;
    else return false;
    return true;
}

std::string run_identity(const MatchConfig& config) {
    json identity = match_config_to_json(config);
    // ping_ms only decides how long a silent engine is waited for, as concurrency decides how many at once.
    for (const char* key : {"concurrency", "pgnout", "pgnout_min", "epdout", "logdir", "ratinginterval", "db", "shard",
                            "pairs", "recover", "ping_ms", "output", "bookmode", "engines_file", "strict",
                            "check_mate_pvs", "show_latency", "startup_ms", "ucinewgame_ms"}) {
        identity.erase(key);
    }
    for (const char* key : kTournamentPresentationKeys) identity.erase(key);
    // Where an engine's stderr goes, how patient arbiter is with it and whether it prints debug
    // output do not change its games.
    for (auto& engine : identity["engines"])
        for (const char* key : {"stderr", "tscale", "debug"}) engine.erase(key);
    for (const auto& key : runner_json_keys()) identity.erase(key);
    for (const std::string& key : output_setting_keys()) identity.erase(key);
    return identity.dump();
}

}  // namespace arbiter::config
