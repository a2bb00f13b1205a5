#include "harness/config/fastchess_config.h"

#include <cstdio>
#include <initializer_list>
#include <nlohmann/json.hpp>

#include "harness/config/choices.h"
#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/json_integer.h"
#include "harness/config/output_settings.h"
#include "harness/config/plain_text.h"
#include "harness/config/tablebase_settings.h"

namespace arbiter::config {
namespace {

using nlohmann::json;

// Reads the key `key` of `object` where it exists, with the checks the command line's flag for it
// makes; the file's own paths name what is wrong.
class Reader {
public:
    Reader(const json& object, std::string where) : object_(object), where_(std::move(where)) {
        if (!object_.is_object()) throw ConfigError(where_, "expected an object");
    }

    bool has(const char* key) const { return object_.contains(key); }
    Reader child(const char* key) const { return Reader(object_.at(key), at(key)); }
    const json& raw(const char* key) const { return object_.at(key); }
    const std::string& where() const { return where_; }
    std::string at(const char* key) const { return where_ + "." + key; }

    template <typename T>
    T get(const char* key, T otherwise) const {
        if (!has(key)) return otherwise;
        const json& value = object_.at(key);
        if constexpr (std::is_same_v<T, bool>) {
            if (!value.is_boolean()) throw ConfigError(at(key), "expected true or false, got " + value.dump());
        } else if constexpr (std::is_integral_v<T>) {
            return integer_value<T>(value, at(key));  // 4294967297 is no int, not 1
        } else if constexpr (std::is_floating_point_v<T>) {
            if (!value.is_number()) throw ConfigError(at(key), "expected a number, got " + value.dump());
        } else {
            if (!value.is_string()) throw ConfigError(at(key), "expected a string, got " + value.dump());
        }
        return value.get<T>();
    }

    // A count with the lower bound its flag has (-rounds 1, -ratinginterval 0, ...).
    template <typename Int>
    Int at_least(const char* key, Int otherwise, Int least) const {
        const Int value = get<Int>(key, otherwise);
        if (has(key)) check_at_least(value, least, at(key));
        return value;
    }

    // Text that ends up inside a line (a PGN tag, an engine's name): one line, as the flags demand.
    std::string plain_text(const char* key, const std::string& otherwise) const {
        std::string value = get<std::string>(key, otherwise);
        require_plain_text(value, at(key));
        return value;
    }

    // fastchess saves an enum as the number of its value; `words` names the values in order. Any
    // other number is refused rather than read as the default.
    std::string choice(const char* key, int otherwise, std::initializer_list<const char*> words) const {
        const int number = get<int>(key, otherwise);
        if (number >= 0 && static_cast<std::size_t>(number) < words.size()) return words.begin()[number];
        std::string known;
        for (std::size_t index = 0; index < words.size(); ++index)
            known += (index > 0 ? ", " : "") + std::to_string(index) + " (" + words.begin()[index] + ")";
        throw ConfigError(at(key), "must be one of " + known + ", got " + std::to_string(number));
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
        // fastchess writes 0 for what is not set; below 0 is no time of any tool's.
        const auto ms = [&tc](const char* key) { return tc.at_least<std::int64_t>(key, 0, 0); };
        const auto time = ms("time");
        const auto increment = ms("increment");
        const auto moves = ms("moves");
        if (time > 0 || increment > 0) {
            std::string text = moves > 0 ? std::to_string(moves) + "/" : "";
            text += seconds_text(time);
            if (increment > 0) text += "+" + seconds_text(increment);
            apply_engine_token(spec, "tc=" + text, where);
        }
        if (const auto fixed = ms("fixed_time"); fixed > 0) apply_engine_token(spec, "st=" + seconds_text(fixed), where);
        if (const auto margin = ms("timemargin"); margin > 0)
            apply_engine_token(spec, "timemargin=" + std::to_string(margin), where);
    }
    if (const auto nodes = limit.get<std::uint64_t>("nodes", 0); nodes > 0)
        apply_engine_token(spec, "nodes=" + std::to_string(nodes), where);
    if (const auto plies = limit.at_least<int>("plies", 0, 0); plies > 0)
        apply_engine_token(spec, "depth=" + std::to_string(plies), where);
}

EngineSpec read_engine(const Reader& engine, const std::string& where) {
    EngineSpec spec;
    spec.name = engine.plain_text("name", "");
    spec.cmd = engine.plain_text("cmd", "");
    spec.dir = engine.plain_text("dir", "");
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

// The enums are checked whether or not a file is given: the state is written back as read.
void read_opening(MatchConfig& config, const Reader& opening) {
    openings::BookOptions book;
    book.file = opening.get<std::string>("file", "");
    const std::string format = opening.choice("format", 2, {"epd", "pgn", "none"});
    book.format = format == "none" ? openings::BookFormat::Auto : book_format(format, opening.at("format"));
    book.order = book_order(opening.choice("order", 1, {"random", "sequential"}), opening.at("order"));
    const int plies = opening.get<int>("plies", -1);
    book.plies = plies > 0 ? plies : 0;
    book.start = static_cast<std::size_t>(opening.at_least<int>("start", 1, 1));
    if (!book.file.empty()) config.openings = book;
}

void read_pgn(MatchConfig& config, const Reader& pgn) {
    config.event = pgn.plain_text("event_name", config.event);
    const std::string site = pgn.plain_text("site", "?");
    config.site = site == "?" ? "" : site;  // the PGN writes "?" for an empty site
    arbiter::pgn::FastchessPgnOptions spec;  // `pgn` here is the reader
    arbiter::pgn::parse_move_notation(pgn.choice("notation", 0, {"san", "lan", "uci"}), spec.notation);
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

// Checked as -sprt checks it, so that a test that cannot run is refused before the first game.
void read_sprt(MatchConfig& config, const Reader& sprt) {
    if (!sprt.get<bool>("enabled", false)) return;
    SprtSpec spec;
    stats::SprtParameters& test = spec.parameters;
    test.elo0 = sprt.get<double>("elo0", 0);
    test.elo1 = sprt.get<double>("elo1", 0);
    test.alpha = sprt.get<double>("alpha", test.alpha);
    test.beta = sprt.get<double>("beta", test.beta);
    test.model = sprt_model(sprt.get<std::string>("model", "normalized"), sprt.where());
    check_sprt(test, sprt.where());
    config.sprt = spec;
}

void read_rules(MatchConfig& config, const Reader& root) {
    if (root.has("sprt")) read_sprt(config, root.child("sprt"));
    if (root.has("draw") && root.child("draw").get<bool>("enabled", false)) {
        const Reader draw = root.child("draw");
        config.draw = adjudication::DrawRule{draw.get<int>("move_number", 0), draw.get<int>("move_count", 0),
                                             draw.get<int>("score", 0)};
    }
    if (root.has("resign") && root.child("resign").get<bool>("enabled", false)) {
        const Reader resign = root.child("resign");
        config.resign = adjudication::ResignRule{resign.get<int>("move_count", 0), resign.get<int>("score", 0),
                                                 resign.get<bool>("twosided", false)};
    }
    if (root.has("maxmoves") && root.child("maxmoves").get<bool>("enabled", false))
        config.maxmoves = root.child("maxmoves").at_least<int>("move_count", 0, 0);
}

// Settings that decide which games are played and that this reader cannot carry over: refused,
// because dropping them would continue a different run.
void refuse_unfollowed(const Reader& root) {
    for (const char* key : {"noswap", "reverse"})
        if (root.get<bool>(key, false)) throw ConfigError(root.at(key), "is true; arbiter cannot continue such a run");
}

// Keys arbiter does not model but writes back as read, for fastchess to read again: checked as
// their flags are (-seeds, -scoreinterval, -wait, -log level=), so that no broken value is passed on.
void check_kept_keys(const Reader& root) {
    for (const char* key : {"gauntlet_seeds", "scoreinterval", "wait"}) root.at_least<int>(key, 0, 0);
    for (const char* key : {"force_concurrency", "report_penta", "affinity", "check_mate_pvs", "show_latency"})
        root.get<bool>(key, false);
    if (!root.has("log")) return;
    const Reader log = root.child("log");
    log.get<std::string>("file", "");
    log.choice("level", 3, {"all", "trace", "info", "warn", "err", "fatal"});  // fastchess's Logger::Level
    for (const char* key : {"append_file", "compress", "realtime", "engine_coms"}) log.get<bool>(key, false);
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
    check_kept_keys(root);
    config.variant = root.choice("variant", 0, {"standard", "fischerandom"});
    config.tournament = root.choice("type", 0, {"round-robin", "gauntlet"});
    parse_output_format(root.choice("output", 0, {"fastchess", "cutechess"}), config.output);
    // fastchess plays `games` games per opening with colours alternating: pairs when there are two.
    config.games = root.at_least<int>("games", 2, 1);
    config.rounds = root.at_least<int>("rounds", 2, 1);
    config.repeat = config.games == 2;
    config.concurrency = root.at_least<int>("concurrency", 1, 1);
    config.recover = root.get<bool>("recover", false);
    config.ratinginterval = root.at_least<int>("ratinginterval", 10, 0);
    config.autosaveinterval = root.get<int>("autosaveinterval", 20);
    check_autosaveinterval(config.autosaveinterval, root.at("autosaveinterval"));
    if (root.has("seed")) {
        config.seed = root.get<std::uint64_t>("seed", 0);
        config.seed_given = true;
    }
}

// One "A vs B" entry of the stats, A's side as the file has it. A run of `games` x `rounds` games
// cannot have played more; with games 2 fastchess counts whole pairs only, so each pair's category
// gives its two results (WW two wins, WD a win and a draw, WL a win and a loss, ...), and with
// games 1 it counts no pairs at all.
CarriedResults read_stats_entry(const Reader& entry, const MatchConfig& config) {
    const std::int64_t scheduled = std::int64_t{config.games} * config.rounds;
    const bool pairs = config.games == 2;
    const std::string schedule = " the file schedules (games " + std::to_string(config.games) + ", rounds " +
                                 std::to_string(config.rounds) + ")";
    const auto count = [&](const char* key, std::int64_t most, const char* what) {
        const auto value = entry.at_least<std::int64_t>(key, 0, 0);
        if (value > most)
            throw ConfigError(entry.at(key), std::to_string(value) + " is more than the " + std::to_string(most) +
                                                 what + schedule);
        return value;
    };
    const auto games = [&](const char* key) { return count(key, scheduled, " games"); };
    const auto pair_count = [&](const char* key) { return count(key, pairs ? config.rounds : 0, " pairs"); };
    const std::int64_t wins = games("wins"), losses = games("losses"), draws = games("draws");
    const std::int64_t ll = pair_count("penta_LL"), ld = pair_count("penta_LD"), wl = pair_count("penta_WL");
    const std::int64_t dd = pair_count("penta_DD"), wd = pair_count("penta_WD"), ww = pair_count("penta_WW");
    const CarriedResults results{{wins, draws, losses}, {ll, ld, dd + wl, wd, ww}, wl};
    if (results.games() > scheduled)
        throw ConfigError(entry.where(), "wins + losses + draws = " + std::to_string(results.games()) +
                                             " is more than the " + std::to_string(scheduled) + " games" + schedule);
    if (!pairs) return results;
    const auto match = [&entry](const char* key, std::int64_t value, std::int64_t from_pairs, const char* sum) {
        if (value != from_pairs)
            throw ConfigError(entry.at(key), std::to_string(value) + ", but the pentanomial counts give " +
                                                 std::to_string(from_pairs) + " (" + sum +
                                                 "); fastchess counts whole pairs");
    };
    match("wins", wins, 2 * ww + wd + wl, "2 x penta_WW + penta_WD + penta_WL");
    match("losses", losses, 2 * ll + ld + wl, "2 x penta_LL + penta_LD + penta_WL");
    match("draws", draws, 2 * dd + wd + ld, "2 x penta_DD + penta_WD + penta_LD");
    return results;
}

// The first engine's results against the second, from "A vs B" (or "B vs A", mirrored).
std::optional<CarriedResults> read_stats(const Reader& root, const MatchConfig& config) {
    if (!root.has("stats") || config.engines.size() != 2) return std::nullopt;
    const Reader stats = root.child("stats");
    const std::string forward = config.engines[0].name + " vs " + config.engines[1].name;
    const std::string backward = config.engines[1].name + " vs " + config.engines[0].name;
    const bool mirrored = !stats.has(forward.c_str()) && stats.has(backward.c_str());
    if (!stats.has(forward.c_str()) && !mirrored) return std::nullopt;
    CarriedResults results = read_stats_entry(stats.child(mirrored ? backward.c_str() : forward.c_str()), config);
    if (mirrored) {
        std::swap(results.wdl.wins, results.wdl.losses);
        std::swap(results.penta.ll, results.penta.ww);
        std::swap(results.penta.ld, results.penta.wd);
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
    state.carried = read_stats(root, config);
    state.loaded_json = text;
    config.fastchess_state = state;
    return config;
}

}  // namespace arbiter::config
