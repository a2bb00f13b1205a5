#include "cli/output_flags.h"

#include <algorithm>
#include <ctime>

#include "harness/config/output_settings.h"
#include "harness/config/parse_number.h"
#include "harness/output/fastchess_state.h"

namespace arbiter::cli {

using namespace config;

namespace {

constexpr const char* kPgnoutKeys[] = {"file",   "notation", "append",   "nodes",   "seldepth", "nps",       "hashfull",
                                       "tbhits", "pv",       "timeleft", "latency", "min",      "match_line"};
constexpr const char* kEpdoutKeys[] = {"file", "append"};
constexpr const char* kConfigKeys[] = {"file", "outname", "discard", "stats"};

template <std::size_t N>
bool starts_with_key(const std::vector<std::string>& values, const char* const (&keys)[N]) {
    if (values.empty()) return false;
    const auto eq = values.front().find('=');
    if (eq == std::string::npos) return false;
    const std::string key = values.front().substr(0, eq);
    return std::find_if(std::begin(keys), std::end(keys), [&](const char* k) { return key == k; }) != std::end(keys);
}

// Whether the words are fastchess's key=value form, or refused as such (FlagReading says whose
// reading applies). fastchess 1.0 to 1.6 also read cutechess's lone FILE (1.7 refuses it), and
// scripts written then still pass it: arbiter as fastchess takes it too.
template <std::size_t N>
bool fastchess_form(const FlagGroup& group, const FlagReading& reading, const char* const (&keys)[N]) {
    const bool keyed = starts_with_key(group.values, keys);
    if (keyed && reading.keyed_output_refused)
        throw ConfigError(group.flag, "'" + group.values[0] + "' is fastchess's key=value form; cutechess-cli takes " +
                                          "a file name (use -dialect fastchess or arbiter for fastchess's form)");
    return keyed || (group.values.empty() && reading.bare_output_names_its_file);
}

bool boolean(const std::string& value, const std::string& where) {
    if (value == "true") return true;
    if (value == "false") return false;
    throw ConfigError(where, "must be true or false, got '" + value + "'");
}

// fastchess's default file name: fastchess_YYYYMMDD_HHMMSS.pgn (local time).
std::string dated_name(const char* extension) {
    const std::time_t now = std::time(nullptr);
    std::tm parts{};
    localtime_r(&now, &parts);
    char text[64];
    std::strftime(text, sizeof text, "fastchess_%Y%m%d_%H%M%S", &parts);
    return std::string(text) + extension;
}

void apply_cutechess_pgnout(MatchConfig& c, const FlagGroup& group) {
    const auto& values = group.values;
    if (values.empty() || values.size() > 3) throw ConfigError(group.flag, "expects FILE [min] [fi]");
    c.pgnout = values[0];
    c.pgnout_fastchess.reset();
    for (size_t i = 1; i < values.size(); ++i) {
        if (values[i] == "min") c.pgnout_min = true;
        else if (values[i] != "fi") throw ConfigError(group.flag, "unknown pgnout mode '" + values[i] + "'");
    }
}

void apply_fastchess_pgnout(MatchConfig& c, const FlagGroup& group) {
    pgn::FastchessPgnOptions spec;
    std::string file = dated_name(".pgn");
    for (const auto& token : group.values) {
        auto [key, value] = split_key_value(token, group.flag);
        const std::string at = group.flag + " " + key;
        if (key == "file") {
            if (value.empty()) throw ConfigError(at, "needs a file name");
            file = value;
        } else if (key == "notation") {
            if (!pgn::parse_move_notation(value, spec.notation))
                throw ConfigError(at, "must be san, lan or uci, got '" + value + "'");
        } else if (key == "append") {
            c.pgnout_append = boolean(value, at);
        } else if (key == "min") {
            c.pgnout_min = boolean(value, at);
        } else if (key == "match_line") {
            compile_match_line(value, at);
            spec.match_lines.push_back(value);
        } else if (key == "nodes") spec.nodes = boolean(value, at);
        else if (key == "seldepth") spec.seldepth = boolean(value, at);
        else if (key == "nps") spec.nps = boolean(value, at);
        else if (key == "hashfull") spec.hashfull = boolean(value, at);
        else if (key == "tbhits") spec.tbhits = boolean(value, at);
        else if (key == "pv") spec.pv = boolean(value, at);
        else if (key == "timeleft") spec.timeleft = boolean(value, at);
        else if (key == "latency") spec.latency = boolean(value, at);
        else throw ConfigError(at, "unknown pgnout setting");
    }
    c.pgnout = file;
    c.pgnout_fastchess = spec;
}

void apply_epdout(MatchConfig& c, const FlagGroup& group, const FlagReading& reading) {
    if (!fastchess_form(group, reading, kEpdoutKeys)) {
        c.epdout = single_value(group.flag, group.values);
        return;
    }
    std::string file = dated_name(".epd");
    for (const auto& token : group.values) {
        auto [key, value] = split_key_value(token, group.flag);
        const std::string at = group.flag + " " + key;
        if (key == "file") {
            if (value.empty()) throw ConfigError(at, "needs a file name");
            file = value;
        } else if (key == "append") {
            c.epdout_append = boolean(value, at);
        } else {
            throw ConfigError(at, "unknown epdout setting");
        }
    }
    c.epdout = file;
}

void apply_crc32(MatchConfig& c, const FlagGroup& group) {
    if (group.values.empty()) throw ConfigError(group.flag, "expects pgn=true or pgn=false");
    for (const auto& token : group.values) {
        auto [key, value] = split_key_value(token, group.flag);
        if (key != "pgn") throw ConfigError(group.flag + " " + key, "unknown crc32 setting (only pgn=)");
        c.pgnout_crc32 = boolean(value, group.flag + " pgn");
    }
}

// fastchess's -config, key by key in order as fastchess reads it: file= loads the saved state (its
// settings replace what came before), discard=true drops what file= loaded, stats=false keeps the
// settings but plays from the first game, outname= says where the state is saved.
void apply_fastchess_config(MatchConfig& config, const FlagGroup& group) {
    std::optional<MatchConfig> before_load;
    bool drop_stats = false;
    for (const auto& token : group.values) {
        auto [key, value] = split_key_value(token, group.flag);
        const std::string at = group.flag + " " + key;
        if (key == "file") {
            if (value.empty()) throw ConfigError(at, "needs a file name");
            before_load = config;
            config = output::read_fastchess_config(value);
        } else if (key == "outname") {
            if (value.empty()) throw ConfigError(at, "needs a file name");
            if (!config.fastchess_state) config.fastchess_state = FastchessStateSpec{};
            config.fastchess_state->outname = value;
        } else if (key == "discard") {
            if (boolean(value, at) && before_load) config = *before_load;
        } else if (key == "stats") {
            drop_stats = !boolean(value, at);
        } else {
            throw ConfigError(at, "unknown config setting");
        }
    }
    if (!config.fastchess_state) config.fastchess_state = FastchessStateSpec{};
    if (drop_stats) config.fastchess_state->carried.reset();
}

}  // namespace

bool apply_output_flag(FlagContext& ctx, const FlagGroup& group) {
    MatchConfig& c = ctx.config;
    if (group.name == "pgnout") {
        if (fastchess_form(group, ctx.reading, kPgnoutKeys)) {
            apply_fastchess_pgnout(c, group);
        } else {
            apply_cutechess_pgnout(c, group);
            if (ctx.reading.lone_pgnout_in_fastchess_layout) c.pgnout_fastchess = pgn::FastchessPgnOptions{};
        }
    } else if (group.name == "epdout") {
        apply_epdout(c, group, ctx.reading);
    } else if (group.name == "crc32") {
        apply_crc32(c, group);
    } else if (group.name == "autosaveinterval") {
        c.autosaveinterval = parse_integer<int>(single_value(group.flag, group.values), group.flag);
        check_autosaveinterval(c.autosaveinterval, group.flag);
    } else {
        return false;
    }
    return true;
}

void apply_config_flag(MatchConfig& config, const FlagGroup& group, const FlagReading& reading) {
    if (starts_with_key(group.values, kConfigKeys)) {
        if (!reading.fastchess_config_accepted)
            throw ConfigError(group.flag, "'" + group.values[0] +
                                              "' is fastchess's form; in the cutechess dialect "
                                              "-config takes arbiter's JSON config FILE.json");
        apply_fastchess_config(config, group);
        // fastchess's -games 2 are the colour-reversed pairs, as the command line's -repeat sets them
        // (games = 2, repeat unset): a run continued from config.json keeps the identity of the run
        // that wrote it. arbiter's schedule needs repeat for those pairs.
        if (reading.repeat_sets_games) config.repeat = false;
        return;
    }
    if (!reading.json_config_accepted)
        throw ConfigError(group.flag,
                          "fastchess's form is -config file=NAME [outname=NAME] [discard=true|false] "
                          "[stats=true|false]; arbiter's JSON config needs -dialect arbiter");
    config = load_match_config_file(single_value(group.flag, group.values));
}

}  // namespace arbiter::cli
