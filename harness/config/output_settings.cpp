#include "harness/config/output_settings.h"

#include <algorithm>
#include <utility>
#include <nlohmann/json.hpp>

namespace arbiter::config {
namespace {

using nlohmann::json;

constexpr const char* kFlagKeys[] = {"nodes", "seldepth", "nps", "hashfull", "tbhits", "pv", "timeleft", "latency"};

// bool& or const bool&, as the spec is.
template <typename Spec>
auto& flag_of(Spec& spec, const std::string& key) {
    if (key == "nodes") return spec.nodes;
    if (key == "seldepth") return spec.seldepth;
    if (key == "nps") return spec.nps;
    if (key == "hashfull") return spec.hashfull;
    if (key == "tbhits") return spec.tbhits;
    if (key == "pv") return spec.pv;
    if (key == "timeleft") return spec.timeleft;
    return spec.latency;
}

bool boolean(const json& value, const std::string& where) {
    if (!value.is_boolean()) throw ConfigError(where, "wrong type: expected true or false, got " + value.dump());
    return value.get<bool>();
}

pgn::FastchessPgnOptions read_pgn_spec(const json& in, const std::string& where) {
    if (!in.is_object()) throw ConfigError(where, "expected an object");
    pgn::FastchessPgnOptions spec;
    for (const auto& item : in.items()) {
        const std::string at = where + "." + item.key();
        if (item.key() == "notation") {
            if (!item.value().is_string() || !pgn::parse_move_notation(item.value().get<std::string>(), spec.notation))
                throw ConfigError(at, "must be \"san\", \"lan\" or \"uci\"");
        } else if (item.key() == "match_line") {
            if (!item.value().is_array()) throw ConfigError(at, "expected a list of regular expressions");
            for (const auto& pattern : item.value()) {
                if (!pattern.is_string()) throw ConfigError(at, "expected a list of regular expressions");
                compile_match_line(pattern.get<std::string>(), at);
                spec.match_lines.push_back(pattern.get<std::string>());
            }
        } else if (std::find(std::begin(kFlagKeys), std::end(kFlagKeys), item.key()) != std::end(kFlagKeys)) {
            flag_of(spec, item.key()) = boolean(item.value(), at);
        } else {
            throw ConfigError(at, "unknown key");
        }
    }
    return spec;
}

json write_pgn_spec(const pgn::FastchessPgnOptions& spec) {
    json out = json::object();
    out["notation"] = to_string(spec.notation);
    for (const char* key : kFlagKeys)
        if (flag_of(spec, key)) out[key] = true;
    if (!spec.match_lines.empty()) out["match_line"] = spec.match_lines;
    return out;
}

}  // namespace

protocol::LinePattern compile_match_line(const std::string& pattern, const std::string& where) {
    try {
        return protocol::LinePattern(pattern);
    } catch (const std::invalid_argument& error) {
        throw ConfigError(where, "'" + pattern + "' is not a regular expression arbiter can match: " + error.what());
    }
}

void check_autosaveinterval(int value, const std::string& where) {
    if (value < 0) throw ConfigError(where, "must be 0 (only at the end) or more, got " + std::to_string(value));
}

const std::set<std::string>& output_setting_keys() {
    static const std::set<std::string> keys{"pgnout_fastchess", "pgnout_append",    "epdout_append",
                                            "crc32_pgn",        "autosaveinterval", "fastchess_config"};
    return keys;
}

void read_output_settings(MatchConfig& config, const json& in, const std::string& source) {
    if (in.contains("pgnout_fastchess"))
        config.pgnout_fastchess = read_pgn_spec(in.at("pgnout_fastchess"), source + ".pgnout_fastchess");
    if (in.contains("pgnout_append")) config.pgnout_append = boolean(in.at("pgnout_append"), source + ".pgnout_append");
    if (in.contains("epdout_append")) config.epdout_append = boolean(in.at("epdout_append"), source + ".epdout_append");
    if (in.contains("crc32_pgn")) config.pgnout_crc32 = boolean(in.at("crc32_pgn"), source + ".crc32_pgn");
    if (in.contains("autosaveinterval")) {
        const json& value = in.at("autosaveinterval");
        const std::string where = source + ".autosaveinterval";
        if (!value.is_number_integer() || !std::in_range<int>(value.get<std::int64_t>()))
            throw ConfigError(where, "expected an integer, got " + value.dump());
        config.autosaveinterval = value.get<int>();
        check_autosaveinterval(config.autosaveinterval, where);
    }
    if (in.contains("fastchess_config")) {
        const json& state = in.at("fastchess_config");
        const std::string where = source + ".fastchess_config";
        if (!state.is_object()) throw ConfigError(where, "expected an object");
        FastchessStateSpec spec;
        for (const auto& item : state.items()) {
            if (item.key() != "outname") throw ConfigError(where + "." + item.key(), "unknown key");
            if (!item.value().is_string() || item.value().get<std::string>().empty())
                throw ConfigError(where + ".outname", "expected a file name");
            spec.outname = item.value().get<std::string>();
        }
        config.fastchess_state = spec;
    }
}

void write_output_settings(const MatchConfig& config, json& out) {
    if (config.pgnout_fastchess) out["pgnout_fastchess"] = write_pgn_spec(*config.pgnout_fastchess);
    if (!config.pgnout_append) out["pgnout_append"] = false;
    if (!config.epdout_append) out["epdout_append"] = false;
    if (config.pgnout_crc32) out["crc32_pgn"] = true;
    if (config.autosaveinterval != MatchConfig{}.autosaveinterval) out["autosaveinterval"] = config.autosaveinterval;
    if (config.fastchess_state) out["fastchess_config"] = {{"outname", config.fastchess_state->outname}};
}

}  // namespace arbiter::config
