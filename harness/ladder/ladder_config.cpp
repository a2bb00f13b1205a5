#include "harness/ladder/ladder_config.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "harness/catalogue/catalogue.h"
#include "harness/config/engine_limits.h"
#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/plain_text.h"

namespace arbiter::ladder {
namespace {

using nlohmann::json;

// Carries the file name so every check can name it.
struct Reader {
    std::string source;
    std::string base_dir;

    [[noreturn]] void fail(const std::string& where, const std::string& what) const {
        throw LadderConfigError(source + ": " + where + ": " + what);
    }

    void only_keys(const json& object, const std::set<std::string>& known, const std::string& where) const {
        if (!object.is_object()) fail(where, "expected an object");
        for (const auto& item : object.items())
            if (!known.count(item.key())) fail(where + "." + item.key(), "unknown key");
    }

    const json& required(const json& object, const char* key, const std::string& where) const {
        if (!object.contains(key)) fail(where, std::string("missing \"") + key + "\"");
        return object.at(key);
    }

    // Every string of a ladder ends up in an engine's input, a PGN tag or a report line.
    std::string text(const json& value, const std::string& where) const {
        if (!value.is_string()) fail(where, "expected a string, got " + value.dump());
        if (auto problem = config::control_character_problem(value.get<std::string>())) fail(where, *problem);
        return value.get<std::string>();
    }

    std::int64_t integer(const json& value, const std::string& where, std::int64_t min) const {
        if (!value.is_number_integer() || value.get<std::int64_t>() < min)
            fail(where, "expected an integer >= " + std::to_string(min) + ", got " + value.dump());
        return value.get<std::int64_t>();
    }

    std::int64_t bounded(const json& value, const std::string& where, std::int64_t min, std::int64_t max) const {
        if (!value.is_number_integer() || value.get<std::int64_t>() < min || value.get<std::int64_t>() > max)
            fail(where, "expected an integer from " + std::to_string(min) + " to " + std::to_string(max) + ", got " +
                            value.dump());
        return value.get<std::int64_t>();
    }

    std::string path(const json& value, const std::string& where) const {
        const std::string given = text(value, where);
        if (given.empty() || std::filesystem::path(given).is_absolute()) return given;
        return (std::filesystem::path(base_dir) / given).lexically_normal().string();
    }
};

std::string scalar_text(const json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
    return value.dump();
}

// A day of the Gregorian calendar: the report sorts and prints it, so 2024-13-45 is a typo to catch.
bool is_calendar_date(const std::string& date) {
    if (!std::regex_match(date, std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}"))) return false;
    const auto field = [&](std::size_t at, std::size_t size) { return std::stoi(date.substr(at, size)); };
    const std::chrono::year_month_day day{std::chrono::year{field(0, 4)},
                                          std::chrono::month{static_cast<unsigned>(field(5, 2))},
                                          std::chrono::day{static_cast<unsigned>(field(8, 2))}};
    return day.ok();
}

std::string read_date(const Reader& r, const json& value, const std::string& where) {
    const std::string date = r.text(value, where);
    if (!is_calendar_date(date)) r.fail(where, "expected YYYY-MM-DD, a day of the calendar, got '" + date + "'");
    return date;
}

double number(const Reader& r, const json& value, const std::string& where) {
    if (!value.is_number()) r.fail(where, "expected a number, got " + value.dump());
    return value.get<double>();
}

std::string rating_range_text() {
    return std::to_string(static_cast<int>(kMinLadderRating)) + " to " +
           std::to_string(static_cast<int>(kMaxLadderRating));
}

// Anchors and the seed's ratings; a value outside the range would fix the whole fit to nonsense.
double rating(const Reader& r, const json& value, const std::string& where) {
    const double given = number(r, value, where);
    if (!(given >= kMinLadderRating && given <= kMaxLadderRating))
        r.fail(where, "expected a rating from " + rating_range_text() + " Elo, got " + value.dump());
    return given;
}

// A difference of two ratings, so at most the width of the rating range either way.
double rating_difference(const Reader& r, const json& value, const std::string& where) {
    const double given = number(r, value, where);
    if (!(std::fabs(given) <= kMaxLadderRating - kMinLadderRating))
        r.fail(where,
               "expected an Elo difference between two ratings of " + rating_range_text() + ", got " + value.dump());
    return given;
}

// `wdl`: [wins, draws, losses] of the seed's gauntlet for this step, at least one game.
stats::WdlCounts read_record(const Reader& r, const json& value, const std::string& where) {
    const auto count = [&](std::size_t i) { return value[i].is_number_integer() ? value[i].get<std::int64_t>() : -1; };
    const bool counts = value.is_array() && value.size() == 3 && count(0) >= 0 && count(1) >= 0 && count(2) >= 0 &&
                        count(0) <= kMaxSeedGames && count(1) <= kMaxSeedGames && count(2) <= kMaxSeedGames;
    if (!counts || count(0) + count(1) + count(2) == 0)
        r.fail(where, "expected [wins, draws, losses], three integers from 0 to " + std::to_string(kMaxSeedGames) +
                          " with at least one game, got " + value.dump());
    return stats::WdlCounts{count(0), count(1), count(2)};
}

double read_error95(const Reader& r, const json& value, const std::string& where) {
    const double given = number(r, value, where);
    if (!(given > 0 && given <= kMaxLadderError95))
        r.fail(where, "expected a 95% error in Elo above 0 and at most " +
                          std::to_string(static_cast<int>(kMaxLadderError95)) + ", got " + value.dump());
    return given;
}

SeedFigures read_seed(const Reader& r, const json& in, const std::string& where) {
    r.only_keys(in, {"date", "rev", "wac", "elo", "improvement", "wdl", "improvement_error95", "note"}, where);
    if (in.empty())
        r.fail(where, "give at least one of date, rev, wac, elo, improvement, wdl, improvement_error95, note");
    SeedFigures seed;
    if (in.contains("date")) seed.date = read_date(r, in.at("date"), where + ".date");
    if (in.contains("rev")) seed.rev = r.text(in.at("rev"), where + ".rev");
    if (in.contains("wac")) seed.wac = r.integer(in.at("wac"), where + ".wac", 0);
    if (in.contains("elo")) seed.elo = rating(r, in.at("elo"), where + ".elo");
    if (in.contains("improvement"))
        seed.improvement = rating_difference(r, in.at("improvement"), where + ".improvement");
    if (in.contains("wdl")) seed.record = read_record(r, in.at("wdl"), where + ".wdl");
    if (in.contains("improvement_error95"))
        seed.improvement_error95 = read_error95(r, in.at("improvement_error95"), where + ".improvement_error95");
    if (in.contains("note")) {
        seed.note = r.text(in.at("note"), where + ".note");
        if (seed.note.empty()) r.fail(where + ".note", "expected a non-empty string");
    }
    return seed;
}

LadderStep read_step(const Reader& r, const json& in, const std::string& where) {
    r.only_keys(in, {"id", "feature", "category", "date", "options", "rev", "seed"}, where);
    LadderStep step;
    step.id = r.text(r.required(in, "id", where), where + ".id");
    if (!std::regex_match(step.id, std::regex("[A-Za-z0-9_-]{1,32}")))
        r.fail(where + ".id", "use 1 to 32 letters, digits, '-' or '_' (it is part of the engine name)");
    step.feature = r.text(r.required(in, "feature", where), where + ".feature");
    step.category = r.text(r.required(in, "category", where), where + ".category");
    static const std::set<std::string> categories{"Baseline", "Search", "Evaluation"};
    if (!categories.count(step.category)) r.fail(where + ".category", "expected Baseline, Search or Evaluation");
    if (in.contains("date")) step.date = read_date(r, in.at("date"), where + ".date");
    if (in.contains("rev")) step.rev = r.text(in.at("rev"), where + ".rev");
    if (in.contains("seed")) step.seed = read_seed(r, in.at("seed"), where + ".seed");
    if (in.contains("options")) {
        const json& options = in.at("options");
        if (!options.is_object()) r.fail(where + ".options", "expected an object of UCI options");
        for (const auto& item : options.items()) {
            const std::string at = where + ".options." + item.key();
            for (const std::string& part : {item.key(), scalar_text(item.value())})
                if (auto problem = config::control_character_problem(part)) r.fail(at, *problem);
            step.options.emplace_back(item.key(), scalar_text(item.value()));
        }
    }
    if (step.rev.empty() == step.options.empty())
        r.fail(where, "give exactly one of \"options\" (an option set) or \"rev\" (a historical build)");
    return step;
}

config::EngineSpec read_engine_spec(const Reader& r, const json& in, const std::string& where) {
    try {
        return config::engine_spec_from_json(in, where);
    } catch (const config::ConfigError& error) {
        r.fail(error.where(), std::string(error.what()).substr(error.where().size() + 2));
    }
}

LadderOpponent read_opponent(const Reader& r, const json& in, const std::string& where, bool in_pool) {
    if (!in.is_object()) r.fail(where, "expected an object such as {\"conf\": \"phalanx\"}");
    json spec_json = in;
    spec_json.erase("anchor");
    spec_json.erase("prior");
    LadderOpponent opponent;
    opponent.spec = read_engine_spec(r, spec_json, where);
    const catalogue::Catalogue catalogue = catalogue::Catalogue::builtin();
    const catalogue::ReferenceEngine* entry = nullptr;
    if (opponent.spec.catalogue) {
        entry = catalogue.find(*opponent.spec.catalogue);
        if (!entry) r.fail(where + ".conf", "'" + *opponent.spec.catalogue + "' is not in the catalogue");
    }
    opponent.name = !opponent.spec.name.empty() ? opponent.spec.name : opponent.spec.catalogue.value_or("");
    if (opponent.name.empty()) r.fail(where, "give \"conf\" (a catalogue engine) or \"name\"");
    opponent.spec.name = opponent.name;
    if (entry && entry->anchor) {
        opponent.anchor = entry->anchor;
        opponent.anchor_source = entry->anchor_source;
    }
    // "anchor": null lets a catalogue-anchored engine float; a number overrides the catalogue.
    if (in.contains("anchor")) {
        const json& anchor = in.at("anchor");
        if (anchor.is_null()) {
            opponent.anchor.reset();
        } else if (anchor.is_number()) {
            opponent.anchor = rating(r, anchor, where + ".anchor");
            opponent.anchor_source = r.source;
        } else {
            r.fail(where + ".anchor", "expected a rating or null");
        }
    }
    if (in.contains("prior")) {
        if (!in_pool) r.fail(where + ".prior", "only opponents of gauntlet.pool have a prior");
        opponent.prior = rating(r, in.at("prior"), where + ".prior");
    }
    return opponent;
}

std::vector<LadderOpponent> read_opponents(const Reader& r, const json& in, const std::string& where,
                                           bool in_pool = false) {
    if (!in.is_array() || in.empty()) r.fail(where, "expected a non-empty list of opponents");
    std::vector<LadderOpponent> opponents;
    std::set<std::string> names;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string at = where + "[" + std::to_string(i) + "]";
        opponents.push_back(read_opponent(r, in[i], at, in_pool));
        if (!names.insert(opponents.back().name).second) r.fail(at, "opponent '" + opponents.back().name + "' twice");
    }
    return opponents;
}

int even_games(const Reader& r, const json& value, const std::string& where) {
    const auto games = r.integer(value, where, 2);
    if (games % 2 != 0) r.fail(where, "must be even: every opening is played with both colours");
    return static_cast<int>(games);
}

tc::TimeControl read_time_control(const Reader& r, const json& value, const std::string& where) {
    try {
        return tc::parse_time_control(r.text(value, where), where);
    } catch (const tc::TimeControlError& error) {
        throw LadderConfigError(r.source + ": " + error.what());
    }
}

// Engine keys that set a search limit, "tc=2+0.02 timemargin=100"; other keys have no place here.
config::EngineSpec read_limit_keys(const Reader& r, const json& value, const std::string& where) {
    config::EngineSpec limits;
    try {
        for (const auto& token : config::split_words(r.text(value, where), where)) {
            const auto eq = token.find('=');
            const std::string key = token.substr(0, eq);
            if (eq == std::string::npos ||
                !config::apply_limit_key(limits, key, token.substr(eq + 1), where + " " + key))
                r.fail(where, "expected tc=, st=, nodes=, depth= or timemargin=, got '" + token + "'");
        }
    } catch (const config::ConfigError& error) {
        throw LadderConfigError(r.source + ": " + error.what());
    }
    return limits;
}

// `pool`, `opponents_per_step` and `first_step_prior`: every pool opponent needs a rating to be chosen
// by before it has games (its prior, else its anchor).
PoolSettings read_pool(const Reader& r, const json& in, const std::string& where) {
    PoolSettings pool;
    pool.opponents = read_opponents(r, in.at("pool"), where + ".pool", true);
    for (std::size_t i = 0; i < pool.opponents.size(); ++i) {
        LadderOpponent& opponent = pool.opponents[i];
        if (!opponent.prior) opponent.prior = opponent.anchor;
        if (!opponent.prior)
            r.fail(where + ".pool[" + std::to_string(i) + "]",
                   "give \"prior\", the rating '" + opponent.name +
                       "' is expected at on the ladder's scale, or an anchor: the ladder chooses opponents by it");
    }
    const std::string k_where = where + ".opponents_per_step";
    const std::int64_t k = r.integer(r.required(in, "opponents_per_step", where), k_where, 1);
    if (k > static_cast<std::int64_t>(pool.opponents.size()))
        r.fail(k_where, "expected at most the pool's " + std::to_string(pool.opponents.size()) + " opponents, got " +
                            std::to_string(k));
    pool.opponents_per_step = static_cast<int>(k);
    if (in.contains("first_step_prior"))
        pool.first_step_prior = rating(r, in.at("first_step_prior"), where + ".first_step_prior");
    return pool;
}

void read_opponent_lists(const Reader& r, const json& in, LadderConfig& config, const std::string& where) {
    const bool pooled = in.contains("pool");
    if (in.contains("opponents") == pooled)
        r.fail(where,
               "give exactly one of \"opponents\" (a fixed gauntlet every step plays) or \"pool\" (opponents "
               "chosen per step)");
    for (const char* key : {"opponents_per_step", "first_step_prior"})
        if (!pooled && in.contains(key)) r.fail(where + "." + key, "only with \"pool\"");
    if (!pooled) {
        config.opponents = read_opponents(r, in.at("opponents"), where + ".opponents");
        return;
    }
    // A pool's games are one run per step and opponent; head-to-head games would need another kind.
    if (in.contains("head_to_head") && in.at("head_to_head") == true)
        r.fail(where + ".head_to_head", "not with a pool: its steps play only pool opponents");
    config.pool = read_pool(r, in, where);
}

double read_target_margin(const Reader& r, const json& value, const std::string& where) {
    const double given = number(r, value, where);
    if (!(given >= kMinTargetMargin && given <= 1.0))
        r.fail(where, "expected a factor from 0.5 to 1, got " + value.dump());
    return given;
}

void read_gauntlet(const Reader& r, const json& in, LadderConfig& config) {
    const std::string where = "gauntlet";
    r.only_keys(in,
                {"opponents", "pool", "opponents_per_step", "first_step_prior", "target_margin", "games_per_opponent",
                 "tc", "timemargin", "head_to_head", "openings", "draw", "resign", "maxmoves", "seed"},
                where);
    read_opponent_lists(r, in, config, where);
    if (in.contains("target_margin"))
        config.target_margin = read_target_margin(r, in.at("target_margin"), where + ".target_margin");
    if (in.contains("games_per_opponent"))
        config.games_per_opponent = even_games(r, in.at("games_per_opponent"), where + ".games_per_opponent");
    if (in.contains("tc")) config.tc = read_time_control(r, in.at("tc"), where + ".tc");
    if (in.contains("timemargin"))
        config.timemargin_ms = static_cast<int>(r.integer(in.at("timemargin"), where + ".timemargin", 0));
    if (in.contains("head_to_head")) {
        if (!in.at("head_to_head").is_boolean()) r.fail(where + ".head_to_head", "expected true or false");
        config.head_to_head = in.at("head_to_head").get<bool>();
    }
    if (in.contains("maxmoves"))
        config.maxmoves = static_cast<int>(r.integer(in.at("maxmoves"), where + ".maxmoves", 0));
    if (in.contains("seed")) config.seed = static_cast<std::uint64_t>(r.integer(in.at("seed"), where + ".seed", 0));
    // Openings, draw and resign rules read exactly as in a match config file.
    json match = json::object();
    match["engines"] = json::array({json{{"cmd", "x"}}, json{{"cmd", "y"}}});
    for (const char* key : {"openings", "draw", "resign"})
        if (in.contains(key)) match[key] = in.at(key);
    if (match.contains("openings") && match["openings"].contains("file"))
        match["openings"]["file"] = r.path(match["openings"]["file"], where + ".openings.file");
    try {
        const config::MatchConfig parsed = config::match_config_from_json(match, r.source);
        config.openings = parsed.openings;
        config.draw = parsed.draw;
        config.resign = parsed.resign;
    } catch (const config::ConfigError& error) {
        r.fail(where, error.what());
    }
}

void read_wac(const Reader& r, const json& in, WacSettings& wac) {
    r.only_keys(in, {"suite", "movetime_ms", "nodes", "runs", "positions"}, "wac");
    if (in.contains("suite")) wac.suite = r.path(in.at("suite"), "wac.suite");
    if (in.contains("movetime_ms")) wac.movetime_ms = r.integer(in.at("movetime_ms"), "wac.movetime_ms", 1);
    if (in.contains("positions"))
        wac.positions = static_cast<std::size_t>(r.integer(in.at("positions"), "wac.positions", 1));
    if (in.contains("nodes")) {
        if (in.contains("movetime_ms")) r.fail("wac", "give movetime_ms or nodes, not both");
        wac.nodes = static_cast<std::uint64_t>(r.bounded(in.at("nodes"), "wac.nodes", 1, kMaxMeasureNodes));
    }
    if (in.contains("runs")) {
        wac.runs = static_cast<int>(r.bounded(in.at("runs"), "wac.runs", 1, kMaxWacRuns));
        // The same nodes give the same answers: a second run would only repeat the first.
        if (wac.nodes && wac.runs > 1) r.fail("wac.runs", "a node-limited WAC repeats exactly; runs needs movetime_ms");
    }
}

// A measurement's `positions`: a file relative to the ladder file, or "" (left out) for bench.epd.
std::string read_positions(const Reader& r, const json& in, const std::string& where) {
    if (!in.contains("positions")) return "";
    std::string positions = r.path(in.at("positions"), where + ".positions");
    if (positions.empty()) r.fail(where + ".positions", "expected a file (leave it out for bench.epd)");
    return positions;
}

TimeToDepthSettings read_time_to_depth(const Reader& r, const json& in, const std::string& where) {
    r.only_keys(in, {"depth", "positions"}, where);
    TimeToDepthSettings settings;
    settings.depth = static_cast<int>(r.bounded(r.required(in, "depth", where), where + ".depth", 1, kMaxMeasureDepth));
    settings.positions = read_positions(r, in, where);
    return settings;
}

FixedNodeSettings read_fixed_nodes(const Reader& r, const json& in, const std::string& where) {
    r.only_keys(in, {"nodes", "pairs"}, where);
    FixedNodeSettings settings;
    settings.nodes =
        static_cast<std::uint64_t>(r.bounded(r.required(in, "nodes", where), where + ".nodes", 1, kMaxMeasureNodes));
    settings.pairs = static_cast<int>(r.bounded(r.required(in, "pairs", where), where + ".pairs", 1, kMaxMeasurePairs));
    return settings;
}

SpeedSettings read_speed(const Reader& r, const json& in, const std::string& where) {
    r.only_keys(in, {"nodes", "positions"}, where);
    SpeedSettings settings;
    settings.nodes =
        static_cast<std::uint64_t>(r.bounded(r.required(in, "nodes", where), where + ".nodes", 1, kMaxMeasureNodes));
    settings.positions = read_positions(r, in, where);
    return settings;
}

void read_measure(const Reader& r, const json& in, LadderConfig& config) {
    r.only_keys(in, {"time_to_depth", "fixed_nodes", "speed"}, "measure");
    if (in.empty()) r.fail("measure", "give time_to_depth, fixed_nodes, speed or several of them");
    MeasureSettings measure;
    if (in.contains("time_to_depth"))
        measure.time_to_depth = read_time_to_depth(r, in.at("time_to_depth"), "measure.time_to_depth");
    // The stepped engine searches at a node limit, which the xboard protocol cannot express.
    for (const char* key : {"fixed_nodes", "speed"})
        if (in.contains(key) && config.engine.proto == protocol::Protocol::Xboard)
            r.fail(std::string("measure.") + key,
                   "the ladder's engine speaks xboard, which cannot be given a node limit");
    if (in.contains("fixed_nodes"))
        measure.fixed_nodes = read_fixed_nodes(r, in.at("fixed_nodes"), "measure.fixed_nodes");
    if (in.contains("speed")) measure.speed = read_speed(r, in.at("speed"), "measure.speed");
    config.measure = measure;
}

void read_smoke(const Reader& r, const json& in, SmokeSettings& smoke) {
    r.only_keys(in,
                {"nodes", "games_per_opponent", "opponents", "xboard_tc", "wac_positions", "wac_movetime_ms",
                 "measure_depth", "measure_pairs", "measure_speed_nodes"},
                "smoke");
    if (in.contains("nodes")) smoke.nodes = static_cast<std::uint64_t>(r.integer(in.at("nodes"), "smoke.nodes", 1));
    if (in.contains("games_per_opponent"))
        smoke.games_per_opponent = even_games(r, in.at("games_per_opponent"), "smoke.games_per_opponent");
    if (in.contains("opponents")) smoke.opponents = read_opponents(r, in.at("opponents"), "smoke.opponents");
    if (in.contains("xboard_tc")) smoke.xboard_limits = read_limit_keys(r, in.at("xboard_tc"), "smoke.xboard_tc");
    if (in.contains("wac_positions"))
        smoke.wac_positions = static_cast<std::size_t>(r.integer(in.at("wac_positions"), "smoke.wac_positions", 1));
    if (in.contains("wac_movetime_ms"))
        smoke.wac_movetime_ms = r.integer(in.at("wac_movetime_ms"), "smoke.wac_movetime_ms", 1);
    if (in.contains("measure_depth"))
        smoke.measure_depth =
            static_cast<int>(r.bounded(in.at("measure_depth"), "smoke.measure_depth", 1, kMaxMeasureDepth));
    if (in.contains("measure_pairs"))
        smoke.measure_pairs =
            static_cast<int>(r.bounded(in.at("measure_pairs"), "smoke.measure_pairs", 1, kMaxMeasurePairs));
    if (in.contains("measure_speed_nodes"))
        smoke.measure_speed_nodes = static_cast<std::uint64_t>(
            r.bounded(in.at("measure_speed_nodes"), "smoke.measure_speed_nodes", 1, kMaxMeasureNodes));
}

void read_steps(const Reader& r, const json& in, LadderConfig& config) {
    if (!in.is_array() || in.empty()) r.fail("steps", "expected a non-empty list of steps");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string where = "steps[" + std::to_string(i) + "]";
        config.steps.push_back(read_step(r, in[i], where));
        if (!ids.insert(config.steps.back().id).second)
            r.fail(where + ".id", "'" + config.steps.back().id + "' used twice");
    }
}

LadderConfig read_config(const Reader& r, const json& in) {
    r.only_keys(in, {"name", "description", "seed_source", "engine", "steps", "gauntlet", "wac", "measure", "smoke"},
                "(top level)");
    LadderConfig config;
    config.source = r.source;
    config.name = r.text(r.required(in, "name", "(top level)"), "name");
    if (!std::regex_match(config.name, std::regex("[A-Za-z0-9._-]{1,64}")))
        r.fail("name", "use 1 to 64 letters, digits, '.', '-' or '_'");
    if (in.contains("description")) config.description = r.text(in.at("description"), "description");
    if (in.contains("seed_source")) config.seed_source = r.text(in.at("seed_source"), "seed_source");
    if (in.contains("engine")) {
        config.engine = read_engine_spec(r, in.at("engine"), "engine");
        if (!config.engine.cmd.empty() && config.engine.cmd.find('/') != std::string::npos)
            config.engine.cmd = r.path(json(config.engine.cmd), "engine.cmd");
        if (!config.engine.name.empty()) config.engine_name = config.engine.name;
    }
    read_steps(r, r.required(in, "steps", "(top level)"), config);
    read_gauntlet(r, r.required(in, "gauntlet", "(top level)"), config);
    if (in.contains("wac")) read_wac(r, in.at("wac"), config.wac);
    if (in.contains("measure")) read_measure(r, in.at("measure"), config);
    if (in.contains("smoke")) read_smoke(r, in.at("smoke"), config.smoke);
    return config;
}

}  // namespace

config::EngineSpec default_smoke_xboard_limits() {
    config::EngineSpec limits;
    const tc::TimeControl clock{.base_ms = 2'000, .increment_ms = 20};
    limits.tc = config::TimeControlSetting{clock, tc::to_pgn_string(clock)};
    limits.timemargin_ms = 100;
    return limits;
}

LadderConfig ladder_config_from_text(const std::string& text, const std::string& source, const std::string& base_dir) {
    json parsed;
    try {
        parsed = config::parse_config_json(text, source);
    } catch (const config::ConfigError& error) {
        throw LadderConfigError(error.what());
    }
    return read_config(Reader{source, base_dir}, parsed);
}

LadderConfig load_ladder_config(const std::string& path) {
    std::string text;
    try {
        text = config::read_config_file(path, "ladder file");
    } catch (const config::ConfigError& error) {
        throw LadderConfigError(error.what());
    }
    const std::string dir = std::filesystem::path(path).parent_path().string();
    return ladder_config_from_text(text, path, dir.empty() ? "." : dir);
}

}  // namespace arbiter::ladder
