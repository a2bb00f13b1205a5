#include "harness/output/fastchess_state.h"

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>

#include "harness/config/choices.h"
#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/json_integer.h"
#include "harness/config/output_settings.h"
#include "harness/config/plain_text.h"
#include "harness/config/tablebase_settings.h"
#include "harness/output/fastchess_state_keys.h"
#include "harness/tc/time_control.h"

namespace arbiter::output {
namespace {

using namespace config;  // the reader fills a MatchConfig with the checks of config's flags
using nlohmann::json;
namespace keys = fastchess_keys;

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
    std::string choice(const char* key, int otherwise, keys::Words words) const {
        const int number = get<int>(key, otherwise);
        if (number >= 0 && static_cast<std::size_t>(number) < words.size()) return std::string(words[number]);
        std::string known;
        for (std::size_t index = 0; index < words.size(); ++index)
            known += (index > 0 ? ", " : "") + std::to_string(index) + " (" + std::string(words[index]) + ")";
        throw ConfigError(at(key), "must be one of " + known + ", got " + std::to_string(number));
    }

private:
    const json& object_;
    std::string where_;
};

// A time of fastchess's limit object, in milliseconds: 0 is what it writes when not set, and more
// than the flags accept is refused as they refuse it.
std::int64_t milliseconds(const Reader& clock, const char* key) {
    const auto ms = clock.at_least<std::int64_t>(key, 0, 0);
    const auto most = static_cast<std::int64_t>(tc::kMaxSeconds * 1000);
    if (ms > most) throw ConfigError(clock.at(key), "must be at most " + std::to_string(most) + " (milliseconds)");
    return ms;
}

void read_clock(EngineSpec& spec, const Reader& clock) {
    tc::TimeControl control;
    control.base_ms = milliseconds(clock, keys::time);
    control.increment_ms = milliseconds(clock, keys::increment);
    control.moves_per_tc = clock.at_least<int>(keys::moves, 0, 0);
    if (control.base_ms > 0 || control.increment_ms > 0) {
        if (control.base_ms == 0) throw ConfigError(clock.at(keys::time), "must be positive when an increment is set");
        spec.tc = TimeControlSetting{control, tc::to_pgn_string(control)};
    }
    if (const auto fixed = milliseconds(clock, keys::fixed_time); fixed > 0)
        spec.st = static_cast<double>(fixed) / 1000.0;
    if (const auto margin = clock.at_least<int>(keys::timemargin, 0, 0); margin > 0) spec.timemargin_ms = margin;
}

void read_limit(EngineSpec& spec, const Reader& limit) {
    if (limit.has(keys::tc)) read_clock(spec, limit.child(keys::tc));
    if (const auto nodes = limit.get<std::uint64_t>(keys::nodes, 0); nodes > 0) {
        // More would wrap to "no limit" in tc::TimeControl, as the nodes= key says.
        if (nodes > static_cast<std::uint64_t>(INT64_MAX))
            throw ConfigError(limit.at(keys::nodes), "must be at most " + std::to_string(INT64_MAX));
        spec.nodes = nodes;
    }
    if (const auto plies = limit.at_least<int>(keys::plies, 0, 0); plies > 0) spec.depth = plies;
}

EngineSpec read_engine(const Reader& engine, const std::string& where) {
    EngineSpec spec;
    spec.name = engine.plain_text(keys::name, "");
    spec.cmd = engine.plain_text(keys::cmd, "");
    spec.dir = engine.plain_text(keys::dir, "");
    if (const auto args = engine.get<std::string>(keys::args, ""); !args.empty())
        apply_engine_token(spec, "args=" + args, where);
    if (engine.get<bool>(keys::restart, false)) spec.restart = RestartPolicy::On;
    if (engine.has(keys::options)) {
        const json& options = engine.raw(keys::options);
        if (!options.is_array()) throw ConfigError(engine.at(keys::options), "expected a list of [name, value] pairs");
        for (const auto& option : options) {
            if (!option.is_array() || option.size() != 2 || !option[0].is_string() || !option[1].is_string())
                throw ConfigError(engine.at(keys::options), "expected [name, value], got " + option.dump());
            apply_engine_token(spec, "option." + option[0].get<std::string>() + "=" + option[1].get<std::string>(),
                               where);
        }
    }
    if (engine.has(keys::limit)) read_limit(spec, engine.child(keys::limit));
    if (spec.cmd.empty()) throw ConfigError(engine.at(keys::cmd), "missing");
    return spec;
}

// The enums are checked whether or not a file is given: the state is written back as read.
void read_opening(MatchConfig& config, const Reader& opening) {
    openings::BookOptions book;
    book.file = opening.get<std::string>(keys::file, "");
    const std::string format = opening.choice(keys::format, 2, keys::opening_formats);
    book.format = format == "none" ? openings::BookFormat::Auto : book_format(format, opening.at(keys::format));
    book.order = book_order(opening.choice(keys::order, 1, keys::opening_orders), opening.at(keys::order));
    const int plies = opening.get<int>(keys::plies, -1);
    book.plies = plies > 0 ? plies : 0;
    book.start = static_cast<std::size_t>(opening.at_least<int>(keys::start, 1, 1));
    if (!book.file.empty()) config.openings = book;
}

void read_pgn(MatchConfig& config, const Reader& pgn) {
    config.event = pgn.plain_text(keys::event_name, config.event);
    const std::string site = pgn.plain_text(keys::site, "?");
    config.site = site == "?" ? "" : site;  // the PGN writes "?" for an empty site
    pgn::FastchessPgnOptions spec;
    pgn::parse_move_notation(pgn.choice(keys::notation, 0, keys::notations), spec.notation);
    spec.nodes = pgn.get<bool>(keys::track_nodes, false);
    spec.seldepth = pgn.get<bool>(keys::track_seldepth, false);
    spec.nps = pgn.get<bool>(keys::track_nps, false);
    spec.hashfull = pgn.get<bool>(keys::track_hashfull, false);
    spec.tbhits = pgn.get<bool>(keys::track_tbhits, false);
    spec.timeleft = pgn.get<bool>(keys::track_timeleft, false);
    spec.latency = pgn.get<bool>(keys::track_latency, false);
    spec.pv = pgn.get<bool>(keys::track_pv, false);
    if (pgn.has(keys::additional_lines_rgx)) {
        const json& patterns = pgn.raw(keys::additional_lines_rgx);
        if (!patterns.is_array()) throw ConfigError(pgn.at(keys::additional_lines_rgx), "expected a list");
        for (const auto& pattern : patterns) {
            if (!pattern.is_string())
                throw ConfigError(pgn.at(keys::additional_lines_rgx), "expected a list of strings");
            compile_match_line(pattern.get<std::string>(), pgn.at(keys::additional_lines_rgx));
            spec.match_lines.push_back(pattern.get<std::string>());
        }
    }
    const std::string file = pgn.get<std::string>(keys::file, "");
    if (file.empty()) return;
    config.pgnout = file;
    config.pgnout_fastchess = spec;
    config.pgnout_min = pgn.get<bool>(keys::min, false);
    config.pgnout_append = pgn.get<bool>(keys::append_file, true);
    config.pgnout_crc32 = pgn.get<bool>(keys::crc, false);
}

// Checked as -sprt checks it, so that a test that cannot run is refused before the first game.
void read_sprt(MatchConfig& config, const Reader& sprt) {
    if (!sprt.get<bool>(keys::enabled, false)) return;
    SprtSpec spec;
    stats::SprtParameters& test = spec.parameters;
    test.elo0 = sprt.get<double>(keys::elo0, 0);
    test.elo1 = sprt.get<double>(keys::elo1, 0);
    test.alpha = sprt.get<double>(keys::alpha, test.alpha);
    test.beta = sprt.get<double>(keys::beta, test.beta);
    test.model = sprt_model(sprt.get<std::string>(keys::model, "normalized"), sprt.where());
    check_sprt(test, sprt.where());
    config.sprt = spec;
}

void read_rules(MatchConfig& config, const Reader& root) {
    if (root.has(keys::sprt)) read_sprt(config, root.child(keys::sprt));
    if (root.has(keys::draw) && root.child(keys::draw).get<bool>(keys::enabled, false)) {
        const Reader draw = root.child(keys::draw);
        config.draw = adjudication::DrawRule{draw.get<int>(keys::move_number, 0), draw.get<int>(keys::move_count, 0),
                                             draw.get<int>(keys::score, 0)};
    }
    if (root.has(keys::resign) && root.child(keys::resign).get<bool>(keys::enabled, false)) {
        const Reader resign = root.child(keys::resign);
        config.resign = adjudication::ResignRule{resign.get<int>(keys::move_count, 0), resign.get<int>(keys::score, 0),
                                                 resign.get<bool>(keys::twosided, false)};
    }
    if (root.has(keys::maxmoves) && root.child(keys::maxmoves).get<bool>(keys::enabled, false))
        config.maxmoves = root.child(keys::maxmoves).at_least<int>(keys::move_count, 0, 0);
}

// Settings that decide which games are played and that this reader cannot carry over: refused,
// because dropping them would continue a different run.
void refuse_unfollowed(const Reader& root) {
    for (const char* key : {keys::noswap, keys::reverse})
        if (root.get<bool>(key, false)) throw ConfigError(root.at(key), "is true; arbiter cannot continue such a run");
}

// Keys arbiter does not model but writes back as read, for fastchess to read again: checked as
// their flags are (-seeds, -scoreinterval, -wait, -log level=), so that no broken value is passed on.
void check_kept_keys(const Reader& root) {
    for (const char* key : {keys::gauntlet_seeds, keys::scoreinterval, keys::wait}) root.at_least<int>(key, 0, 0);
    for (const char* key :
         {keys::force_concurrency, keys::report_penta, keys::affinity, keys::check_mate_pvs, keys::show_latency})
        root.get<bool>(key, false);
    if (!root.has(keys::log)) return;
    const Reader log = root.child(keys::log);
    log.get<std::string>(keys::file, "");
    log.choice(keys::level, 3, keys::log_levels);  // fastchess's Logger::Level
    for (const char* key : {keys::append_file, keys::compress, keys::realtime, keys::engine_coms})
        log.get<bool>(key, false);
}

// fastchess saves no -tbadjudicate (its result_type is not in the file): BOTH, its default.
void read_tablebase(MatchConfig& config, const Reader& root) {
    if (!root.has(keys::tb_adjudication) || !root.child(keys::tb_adjudication).get<bool>(keys::enabled, false)) return;
    const Reader tb = root.child(keys::tb_adjudication);
    config.tb_paths = split_tb_paths(tb.get<std::string>(keys::syzygy_dirs, ""), tb.at(keys::syzygy_dirs));
    config.tb_pieces = check_tb_pieces(tb.get<int>(keys::max_pieces, 0), tb.at(keys::max_pieces));
    config.tb_ignore50 = tb.get<bool>(keys::ignore_50_move_rule, false);
}

void read_tournament(MatchConfig& config, const Reader& root) {
    refuse_unfollowed(root);
    check_kept_keys(root);
    config.variant = root.choice(keys::variant, 0, keys::variants);
    config.tournament = root.choice(keys::type, 0, keys::tournament_types);
    parse_output_format(root.choice(keys::output, 0, keys::output_formats), config.output);
    // fastchess plays `games` games per opening with colours alternating: pairs when there are two.
    config.games = root.at_least<int>(keys::games, 2, 1);
    config.rounds = root.at_least<int>(keys::rounds, 2, 1);
    config.repeat = config.games == 2;
    config.concurrency = root.at_least<int>(keys::concurrency, 1, 1);
    config.recover = root.get<bool>(keys::recover, false);
    config.ratinginterval = root.at_least<int>(keys::ratinginterval, 10, 0);
    config.autosaveinterval = root.get<int>(keys::autosaveinterval, 20);
    check_autosaveinterval(config.autosaveinterval, root.at(keys::autosaveinterval));
    if (root.has(keys::seed)) {
        config.seed = root.get<std::uint64_t>(keys::seed, 0);
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
            throw ConfigError(entry.at(key),
                              std::to_string(value) + " is more than the " + std::to_string(most) + what + schedule);
        return value;
    };
    const auto games = [&](const char* key) { return count(key, scheduled, " games"); };
    const auto pair_count = [&](const char* key) { return count(key, pairs ? config.rounds : 0, " pairs"); };
    const std::int64_t wins = games(keys::wins), losses = games(keys::losses), draws = games(keys::draws);
    const std::int64_t ll = pair_count(keys::penta_LL), ld = pair_count(keys::penta_LD);
    const std::int64_t wl = pair_count(keys::penta_WL), dd = pair_count(keys::penta_DD);
    const std::int64_t wd = pair_count(keys::penta_WD), ww = pair_count(keys::penta_WW);
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
    match(keys::wins, wins, 2 * ww + wd + wl, "2 x penta_WW + penta_WD + penta_WL");
    match(keys::losses, losses, 2 * ll + ld + wl, "2 x penta_LL + penta_LD + penta_WL");
    match(keys::draws, draws, 2 * dd + wd + ld, "2 x penta_DD + penta_WD + penta_LD");
    return results;
}

// The first engine's results against the second, from "A vs B" (or "B vs A", mirrored).
std::optional<CarriedResults> read_stats(const Reader& root, const MatchConfig& config) {
    if (!root.has(keys::stats) || config.engines.size() != 2) return std::nullopt;
    const Reader stats = root.child(keys::stats);
    const std::string forward = keys::stats_entry(config.engines[0].name, config.engines[1].name);
    const std::string backward = keys::stats_entry(config.engines[1].name, config.engines[0].name);
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
    if (!root.has(keys::engines) || !root.raw(keys::engines).is_array())
        throw ConfigError(root.at(keys::engines), "expected a list");
    const json& engines = root.raw(keys::engines);
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const std::string where = root.at(keys::engines) + "[" + std::to_string(i) + "]";
        config.engines.push_back(read_engine(Reader(engines[i], where), where));
    }
    read_tournament(config, root);
    if (root.has(keys::opening)) read_opening(config, root.child(keys::opening));
    if (root.has(keys::pgn)) read_pgn(config, root.child(keys::pgn));
    if (root.has(keys::epd)) {
        const Reader epd = root.child(keys::epd);
        if (const auto file = epd.get<std::string>(keys::file, ""); !file.empty()) config.epdout = file;
        config.epdout_append = epd.get<bool>(keys::append_file, true);
    }
    read_rules(config, root);
    read_tablebase(config, root);
    FastchessStateSpec state;
    state.outname = root.get<std::string>(keys::config_name, state.outname);
    state.carried = read_stats(root, config);
    state.loaded_json = text;
    config.fastchess_state = state;
    return config;
}

}  // namespace arbiter::output
