#include "harness/config/fastchess_config.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/output_settings.h"
#include "harness/config/tablebase_settings.h"

namespace arbiter::config {
namespace {

using nlohmann::json;

// Reads the key `key` of `object` where it exists; the file's own paths name what is wrong.
class Reader {
public:
    Reader(const json& object, std::string where) : object_(object), where_(std::move(where)) {
        if (!object_.is_object()) throw ConfigError(where_, "expected an object");
    }

    bool has(const char* key) const { return object_.contains(key); }
    Reader child(const char* key) const { return Reader(object_.at(key), at(key)); }
    const json& raw(const char* key) const { return object_.at(key); }
    std::string at(const char* key) const { return where_ + "." + key; }

    template <typename T>
    T get(const char* key, T otherwise) const {
        if (!has(key)) return otherwise;
        const json& value = object_.at(key);
        try {
            if constexpr (std::is_same_v<T, bool>) {
                if (!value.is_boolean()) throw ConfigError(at(key), "expected true or false, got " + value.dump());
            } else if constexpr (std::is_integral_v<T>) {
                if (!value.is_number_integer()) throw ConfigError(at(key), "expected an integer, got " + value.dump());
            } else if constexpr (std::is_floating_point_v<T>) {
                if (!value.is_number()) throw ConfigError(at(key), "expected a number, got " + value.dump());
            } else {
                if (!value.is_string()) throw ConfigError(at(key), "expected a string, got " + value.dump());
            }
            return value.get<T>();
        } catch (const json::exception&) {
            throw ConfigError(at(key), "out of range: " + value.dump());
        }
    }

private:
    const json& object_;
    std::string where_;
};

// Milliseconds as cutechess/arbiter time text: 60000 -> "60", 1500 -> "1.5".
std::string seconds_text(std::int64_t ms) {
    char text[48];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(ms) / 1000.0);
    return text;
}

void read_limit(EngineSpec& spec, const Reader& limit, const std::string& where) {
    if (limit.has("tc")) {
        const Reader tc = limit.child("tc");
        const auto time = tc.get<std::int64_t>("time", 0);
        const auto increment = tc.get<std::int64_t>("increment", 0);
        const auto moves = tc.get<std::int64_t>("moves", 0);
        if (time > 0 || increment > 0) {
            std::string text = moves > 0 ? std::to_string(moves) + "/" : "";
            text += seconds_text(time);
            if (increment > 0) text += "+" + seconds_text(increment);
            apply_engine_token(spec, "tc=" + text, where);
        }
        if (const auto fixed = tc.get<std::int64_t>("fixed_time", 0); fixed > 0)
            apply_engine_token(spec, "st=" + seconds_text(fixed), where);
        if (const auto margin = tc.get<std::int64_t>("timemargin", 0); margin > 0)
            apply_engine_token(spec, "timemargin=" + std::to_string(margin), where);
    }
    if (const auto nodes = limit.get<std::uint64_t>("nodes", 0); nodes > 0)
        apply_engine_token(spec, "nodes=" + std::to_string(nodes), where);
    if (const auto plies = limit.get<std::int64_t>("plies", 0); plies > 0)
        apply_engine_token(spec, "depth=" + std::to_string(plies), where);
}

EngineSpec read_engine(const Reader& engine, const std::string& where) {
    EngineSpec spec;
    spec.name = engine.get<std::string>("name", "");
    spec.cmd = engine.get<std::string>("cmd", "");
    spec.dir = engine.get<std::string>("dir", "");
    if (const auto args = engine.get<std::string>("args", ""); !args.empty())
        apply_engine_token(spec, "args=" + args, where);
    if (engine.get<bool>("restart", false)) spec.restart = RestartPolicy::On;
    if (engine.has("options")) {
        const json& options = engine.raw("options");
        if (!options.is_array()) throw ConfigError(engine.at("options"), "expected a list of [name, value] pairs");
        for (const auto& option : options) {
            if (!option.is_array() || option.size() != 2 || !option[0].is_string() || !option[1].is_string())
                throw ConfigError(engine.at("options"), "expected [name, value], got " + option.dump());
            apply_engine_token(spec, "option." + option[0].get<std::string>() + "=" + option[1].get<std::string>(),
                               where);
        }
    }
    if (engine.has("limit")) read_limit(spec, engine.child("limit"), where);
    if (spec.cmd.empty()) throw ConfigError(engine.at("cmd"), "missing");
    return spec;
}

void read_opening(MatchConfig& config, const Reader& opening) {
    const std::string file = opening.get<std::string>("file", "");
    if (file.empty()) return;
    OpeningsSpec spec;
    spec.file = file;
    const int format = opening.get<int>("format", 2);
    spec.format = format == 0 ? "epd" : format == 1 ? "pgn" : "";
    spec.order = opening.get<int>("order", 1) == 0 ? "random" : "sequential";
    const int plies = opening.get<int>("plies", -1);
    spec.plies = plies > 0 ? plies : 0;
    spec.start = opening.get<int>("start", 1);
    config.openings = spec;
}

void read_pgn(MatchConfig& config, const Reader& pgn) {
    config.event = pgn.get<std::string>("event_name", config.event);
    const std::string site = pgn.get<std::string>("site", "?");
    config.site = site == "?" ? "" : site;  // the PGN writes "?" for an empty site
    FastchessPgnSpec spec;
    const int notation = pgn.get<int>("notation", 0);
    spec.notation = notation == 1 ? PgnNotation::lan : notation == 2 ? PgnNotation::uci : PgnNotation::san;
    spec.nodes = pgn.get<bool>("track_nodes", false);
    spec.seldepth = pgn.get<bool>("track_seldepth", false);
    spec.nps = pgn.get<bool>("track_nps", false);
    spec.hashfull = pgn.get<bool>("track_hashfull", false);
    spec.tbhits = pgn.get<bool>("track_tbhits", false);
    spec.timeleft = pgn.get<bool>("track_timeleft", false);
    spec.latency = pgn.get<bool>("track_latency", false);
    spec.pv = pgn.get<bool>("track_pv", false);
    if (pgn.has("additional_lines_rgx")) {
        const json& patterns = pgn.raw("additional_lines_rgx");
        if (!patterns.is_array()) throw ConfigError(pgn.at("additional_lines_rgx"), "expected a list");
        for (const auto& pattern : patterns) {
            if (!pattern.is_string()) throw ConfigError(pgn.at("additional_lines_rgx"), "expected a list of strings");
            compile_match_line(pattern.get<std::string>(), pgn.at("additional_lines_rgx"));
            spec.match_lines.push_back(pattern.get<std::string>());
        }
    }
    const std::string file = pgn.get<std::string>("file", "");
    if (file.empty()) return;
    config.pgnout = file;
    config.pgnout_fastchess = spec;
    config.pgnout_min = pgn.get<bool>("min", false);
    config.pgnout_append = pgn.get<bool>("append_file", true);
    config.pgnout_crc32 = pgn.get<bool>("crc", false);
}

void read_rules(MatchConfig& config, const Reader& root) {
    if (root.has("sprt") && root.child("sprt").get<bool>("enabled", false)) {
        const Reader sprt = root.child("sprt");
        SprtSpec spec;
        spec.elo0 = sprt.get<double>("elo0", 0);
        spec.elo1 = sprt.get<double>("elo1", 0);
        spec.alpha = sprt.get<double>("alpha", spec.alpha);
        spec.beta = sprt.get<double>("beta", spec.beta);
        spec.model = sprt.get<std::string>("model", spec.model);
        config.sprt = spec;
    }
    if (root.has("draw") && root.child("draw").get<bool>("enabled", false)) {
        const Reader draw = root.child("draw");
        config.draw =
            DrawRule{draw.get<int>("move_number", 0), draw.get<int>("move_count", 0), draw.get<int>("score", 0)};
    }
    if (root.has("resign") && root.child("resign").get<bool>("enabled", false)) {
        const Reader resign = root.child("resign");
        config.resign = ResignRule{resign.get<int>("move_count", 0), resign.get<int>("score", 0),
                                   resign.get<bool>("twosided", false)};
    }
    if (root.has("maxmoves") && root.child("maxmoves").get<bool>("enabled", false))
        config.maxmoves = root.child("maxmoves").get<int>("move_count", 0);
}

// Settings that decide which games are played and that this reader cannot carry over: refused,
// because dropping them would continue a different run.
void refuse_unfollowed(const Reader& root) {
    for (const char* key : {"noswap", "reverse"})
        if (root.get<bool>(key, false)) throw ConfigError(root.at(key), "is true; arbiter cannot continue such a run");
}

// fastchess saves no -tbadjudicate (its result_type is not in the file): BOTH, its default.
void read_tablebase(MatchConfig& config, const Reader& root) {
    if (!root.has("tb_adjudication") || !root.child("tb_adjudication").get<bool>("enabled", false)) return;
    const Reader tb = root.child("tb_adjudication");
    config.tb_paths = split_tb_paths(tb.get<std::string>("syzygy_dirs", ""), tb.at("syzygy_dirs"));
    config.tb_pieces = check_tb_pieces(tb.get<int>("max_pieces", 0), tb.at("max_pieces"));
    config.tb_ignore50 = tb.get<bool>("ignore_50_move_rule", false);
}

void read_tournament(MatchConfig& config, const Reader& root) {
    refuse_unfollowed(root);
    config.variant = root.get<int>("variant", 0) == 1 ? "fischerandom" : "standard";
    config.tournament = root.get<int>("type", 0) == 1 ? "gauntlet" : "round-robin";
    config.output = root.get<int>("output", 0) == 1 ? OutputFormat::cutechess : OutputFormat::fastchess;
    // fastchess plays `games` games per opening with colours alternating: pairs when there are two.
    config.games = root.get<int>("games", 2);
    config.rounds = root.get<int>("rounds", 2);
    config.repeat = config.games == 2;
    if (config.games < 1 || config.rounds < 1)
        throw ConfigError(root.at("games"), "games and rounds must be 1 or more");
    config.concurrency = std::max(1, root.get<int>("concurrency", 1));
    config.recover = root.get<bool>("recover", false);
    config.ratinginterval = root.get<int>("ratinginterval", 10);
    config.autosaveinterval = root.get<int>("autosaveinterval", 20);
    check_autosaveinterval(config.autosaveinterval, root.at("autosaveinterval"));
    if (root.has("seed")) {
        config.seed = root.get<std::uint64_t>("seed", 0);
        config.seed_given = true;
    }
}

// The first engine's results against the second, from "A vs B" (or "B vs A", mirrored).
std::optional<CarriedResults> read_stats(const Reader& root, const std::vector<EngineSpec>& engines) {
    if (!root.has("stats") || engines.size() != 2) return std::nullopt;
    const Reader stats = root.child("stats");
    const std::string forward = engines[0].name + " vs " + engines[1].name;
    const std::string backward = engines[1].name + " vs " + engines[0].name;
    const bool mirrored = !stats.has(forward.c_str()) && stats.has(backward.c_str());
    if (!stats.has(forward.c_str()) && !mirrored) return std::nullopt;
    const Reader pair = stats.child(mirrored ? backward.c_str() : forward.c_str());
    const auto count = [&pair](const char* key) {
        const auto value = pair.get<std::int64_t>(key, 0);
        if (value < 0) throw ConfigError(pair.at(key), "must not be negative");
        return value;
    };
    CarriedResults results{count("wins"), count("losses"), count("draws"), count("penta_LL"), count("penta_LD"),
                           count("penta_WL"), count("penta_DD"), count("penta_WD"), count("penta_WW")};
    if (mirrored) {
        std::swap(results.wins, results.losses);
        std::swap(results.penta_ll, results.penta_ww);
        std::swap(results.penta_ld, results.penta_wd);
    }
    return results;
}

}  // namespace

MatchConfig read_fastchess_config(const std::string& path) {
    const std::string text = read_config_file(path, "fastchess config file");
    const json document = parse_config_json(text, path);
    const Reader root(document, path);
    MatchConfig config;
    if (!root.has("engines") || !root.raw("engines").is_array())
        throw ConfigError(root.at("engines"), "expected a list");
    const json& engines = root.raw("engines");
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const std::string where = root.at("engines") + "[" + std::to_string(i) + "]";
        config.engines.push_back(read_engine(Reader(engines[i], where), where));
    }
    read_tournament(config, root);
    if (root.has("opening")) read_opening(config, root.child("opening"));
    if (root.has("pgn")) read_pgn(config, root.child("pgn"));
    if (root.has("epd")) {
        const Reader epd = root.child("epd");
        if (const auto file = epd.get<std::string>("file", ""); !file.empty()) config.epdout = file;
        config.epdout_append = epd.get<bool>("append_file", true);
    }
    read_rules(config, root);
    read_tablebase(config, root);
    FastchessStateSpec state;
    state.outname = root.get<std::string>("config_name", state.outname);
    state.carried = read_stats(root, config.engines);
    state.loaded_json = text;
    config.fastchess_state = state;
    return config;
}

}  // namespace arbiter::config
