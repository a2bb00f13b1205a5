#include "harness/scheduler/fastchess_state.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <unistd.h>
#include <nlohmann/json.hpp>

#include "harness/config/tablebase_settings.h"

namespace arbiter::scheduler {
namespace {

using Json = nlohmann::ordered_json;

// Every key fastchess 1.8 reads back (it refuses a config.json that lacks one), in its order, with
// its defaults.
Json default_state() {
    Json root;
    root["resign"] = {{"move_count", 1}, {"score", 0}, {"twosided", false}, {"enabled", false}};
    root["draw"] = {{"move_number", 0}, {"move_count", 1}, {"score", 0}, {"enabled", false}};
    root["maxmoves"] = {{"move_count", 1}, {"enabled", false}};
    root["tb_adjudication"] = {
        {"syzygy_dirs", ""}, {"max_pieces", 0}, {"ignore_50_move_rule", false}, {"enabled", false}};
    root["opening"] = {{"file", ""}, {"format", 2}, {"order", 1}, {"plies", -1}, {"start", 1}};
    root["pgn"] = {{"additional_lines_rgx", Json::array()}, {"event_name", "Fastchess Tournament"}, {"site", "?"},
                   {"file", ""}, {"notation", 0}, {"append_file", true}, {"track_nodes", false},
                   {"track_seldepth", false}, {"track_nps", false}, {"track_hashfull", false},
                   {"track_tbhits", false}, {"track_timeleft", false}, {"track_latency", false},
                   {"track_pv", false}, {"min", false}, {"crc", false}};
    root["epd"] = {{"file", ""}, {"append_file", true}};
    root["sprt"] = {{"alpha", 0.0}, {"beta", 0.0}, {"elo0", 0.0}, {"elo1", 0.0}, {"model", "normalized"},
                    {"enabled", false}};
    root["config_name"] = "config.json";
    root["output"] = 0;
    root["seed"] = 0;
    root["variant"] = 0;
    root["type"] = 0;
    root["gauntlet_seeds"] = 1;
    root["ratinginterval"] = 10;
    root["scoreinterval"] = 1;
    root["wait"] = 0;
    root["autosaveinterval"] = 20;
    root["games"] = 2;
    root["rounds"] = 2;
    root["concurrency"] = 1;
    root["force_concurrency"] = false;
    root["recover"] = false;
    root["noswap"] = false;
    root["reverse"] = false;
    root["report_penta"] = true;
    root["affinity"] = false;
    root["check_mate_pvs"] = false;
    root["show_latency"] = false;
    root["log"] = {{"file", ""},        {"level", 3},         {"append_file", true},
                   {"compress", false}, {"realtime", true}, {"engine_coms", false}};
    return root;
}

// `base` with the values `loaded` has for its keys (objects key by key), other keys of `loaded` after.
void overlay(Json& base, const Json& loaded) {
    for (const auto& item : loaded.items()) {
        if (base.contains(item.key()) && base[item.key()].is_object() && item.value().is_object())
            overlay(base[item.key()], item.value());
        else
            base[item.key()] = item.value();
    }
}

Json engine_json(const PreparedEngine& engine, bool chess960) {
    const config::EngineSpec& spec = engine.spec;
    std::string args;
    for (const auto& arg : spec.args) args += (args.empty() ? "" : " ") + arg;
    Json options = Json::array();
    for (const auto& [name, value] : spec.options) options.push_back(Json::array({name, value}));
    const tc::TimeControl& tc = engine.time_control;
    Json out;
    out["name"] = engine.name;
    out["dir"] = spec.dir;
    out["cmd"] = spec.cmd;
    out["args"] = args;
    out["restart"] = spec.restart == config::RestartPolicy::On;
    out["options"] = options;
    out["limit"] = {{"tc",
                     {{"increment", tc.increment_ms},
                      {"fixed_time", tc.move_time_ms},
                      {"time", tc.base_ms},
                      {"moves", tc.moves_per_tc},
                      {"timemargin", tc.margin_ms}}},
                    {"nodes", tc.nodes},
                    {"plies", tc.depth}};
    out["variant"] = chess960 ? 1 : 0;
    return out;
}

void write_pgn(Json& pgn, const config::MatchConfig& config) {
    pgn["event_name"] = config.event;
    pgn["site"] = config.site.empty() ? "?" : config.site;
    pgn["file"] = config.pgnout.value_or("");
    pgn["append_file"] = config.pgnout_append;
    pgn["min"] = config.pgnout_min;
    pgn["crc"] = config.pgnout_crc32;
    using arbiter::pgn::MoveNotation;  // `pgn` here is the JSON object
    const auto spec = config.pgnout_fastchess.value_or(arbiter::pgn::FastchessPgnOptions{});
    pgn["notation"] = spec.notation == MoveNotation::lan ? 1 : spec.notation == MoveNotation::uci ? 2 : 0;
    pgn["additional_lines_rgx"] = spec.match_lines;
    pgn["track_nodes"] = spec.nodes;
    pgn["track_seldepth"] = spec.seldepth;
    pgn["track_nps"] = spec.nps;
    pgn["track_hashfull"] = spec.hashfull;
    pgn["track_tbhits"] = spec.tbhits;
    pgn["track_timeleft"] = spec.timeleft;
    pgn["track_latency"] = spec.latency;
    pgn["track_pv"] = spec.pv;
}

void write_rules(Json& root, const config::MatchConfig& config) {
    if (config.resign)
        root["resign"] = {{"move_count", config.resign->move_count}, {"score", config.resign->score_cp},
                          {"twosided", config.resign->two_sided}, {"enabled", true}};
    else
        root["resign"]["enabled"] = false;
    if (config.draw)
        root["draw"] = {{"move_number", config.draw->move_number}, {"move_count", config.draw->move_count},
                        {"score", config.draw->score_cp}, {"enabled", true}};
    else
        root["draw"]["enabled"] = false;
    root["tb_adjudication"] = {{"syzygy_dirs", config::join_tb_paths(config.tb_paths)},
                               {"max_pieces", config.tb_pieces},
                               {"ignore_50_move_rule", config.tb_ignore50},
                               {"enabled", !config.tb_paths.empty()}};
    root["maxmoves"]["enabled"] = config.maxmoves > 0;
    if (config.maxmoves > 0) root["maxmoves"]["move_count"] = config.maxmoves;
    if (config.sprt) {
        const stats::SprtParameters& test = config.sprt->parameters;
        root["sprt"] = {{"alpha", test.alpha}, {"beta", test.beta}, {"elo0", test.elo0}, {"elo1", test.elo1},
                        {"model", std::string(stats::model_name(test.model))}, {"enabled", true}};
    } else {
        root["sprt"]["enabled"] = false;
    }
}

void write_openings(Json& opening, const std::optional<openings::BookOptions>& book) {
    if (!book) {
        opening["file"] = "";
        return;
    }
    opening["file"] = book->file;
    opening["format"] = book->format == openings::BookFormat::Epd ? 0 : book->format == openings::BookFormat::Pgn ? 1 : 2;
    opening["order"] = book->order == openings::BookOrder::Random ? 0 : 1;
    opening["plies"] = book->plies > 0 ? book->plies : -1;
    opening["start"] = book->start;
}

// fastchess counts `games` games per opening: colour-reversed pairs are its -games 2.
void write_counts(Json& root, const config::MatchConfig& config) {
    // Under fastchess's own schedule the counts already mean what fastchess's keys mean.
    if (config.schedule == config::ScheduleRules::fastchess) {
        root["games"] = config.games;
        root["rounds"] = config.rounds;
        return;
    }
    // Only pairs are fastchess's -games 2: a reader checks the stats' W/D/L against the pentanomial
    // counts, which -repeat 3's triples do not have.
    const std::int64_t total = static_cast<std::int64_t>(config.games) * config.rounds;
    const bool pairs = config.repeat && config.repeat_count == 2 && total % 2 == 0;
    root["games"] = pairs ? 2 : 1;
    root["rounds"] = pairs ? total / 2 : total;
}

Json stats_json(const config::MatchConfig& config, const std::vector<PreparedEngine>& engines,
                const config::CarriedResults& results) {
    Json stats = Json::object();
    if (engines.size() != 2 || config.tournament == "gauntlet") return stats;
    const auto& [wins, draws, losses] = results.wdl;
    const auto& penta = results.penta;
    stats[engines[0].name + " vs " + engines[1].name] = {
        {"wins", wins},         {"losses", losses},           {"draws", draws},
        {"penta_WW", penta.ww}, {"penta_WD", penta.wd},       {"penta_WL", results.penta_wl},
        {"penta_DD", penta.dd_wl - results.penta_wl},         {"penta_LD", penta.ld},
        {"penta_LL", penta.ll}};
    return stats;
}

}  // namespace

ContiguousResults::ContiguousResults(const Schedule& schedule, const config::CarriedResults& carried)
    : schedule_(schedule),
      results_(carried),
      first_uncarried_(static_cast<std::uint64_t>(carried.games()) + 1),
      next_number_(first_uncarried_) {}

void ContiguousResults::add(const ScheduledGame& game, double first_score) {
    if (game.number < next_number_) return;  // counted already (carried, or given twice)
    waiting_.insert_or_assign(game.number, std::pair{game, first_score});
    advance();
}

void ContiguousResults::advance() {
    for (auto next = waiting_.find(next_number_); next != waiting_.end(); next = waiting_.find(next_number_)) {
        const auto [game, score] = next->second;
        waiting_.erase(next);
        ++next_number_;
        OpenPair& pair = open_pairs_[game.pair_index];
        pair.points += score;
        pair.decisive = pair.decisive || score != 0.5;
        ++pair.games;
        if (score == 1.0) ++pair.wins;
        else if (score == 0.0) ++pair.losses;
        else ++pair.draws;
        // The pair's games still to come here: those after the carried ones.
        const PairTask task = schedule_.pair(game.pair_index);
        std::int64_t expected = 0;
        for (const auto& member : task.games) expected += member.number >= first_uncarried_ ? 1 : 0;
        if (pair.games < expected) continue;
        commit(pair, task.games.size());
        open_pairs_.erase(game.pair_index);
    }
}

void ContiguousResults::commit(const OpenPair& pair, std::size_t pair_size) {
    results_.wdl.wins += pair.wins;
    results_.wdl.losses += pair.losses;
    results_.wdl.draws += pair.draws;
    if (pair_size != 2 || pair.games != 2) return;
    switch (static_cast<int>(std::lround(pair.points * 2))) {
        case 0: ++results_.penta.ll; break;
        case 1: ++results_.penta.ld; break;
        case 2:
            ++results_.penta.dd_wl;
            if (pair.decisive) ++results_.penta_wl;
            break;
        case 3: ++results_.penta.wd; break;
        default: ++results_.penta.ww; break;
    }
}

std::string fastchess_config_text(const config::MatchConfig& config, const std::vector<PreparedEngine>& engines,
                                  const config::CarriedResults& results) {
    Json root = default_state();
    if (config.fastchess_state && !config.fastchess_state->loaded_json.empty())
        overlay(root, Json::parse(config.fastchess_state->loaded_json));
    root.erase("engines");
    root.erase("stats");
    write_rules(root, config);
    write_openings(root["opening"], config.openings);
    write_pgn(root["pgn"], config);
    root["epd"] = {{"file", config.epdout.value_or("")}, {"append_file", config.epdout_append}};
    root["config_name"] = config.fastchess_state ? config.fastchess_state->outname : std::string("config.json");
    root["output"] = config.output == config::OutputFormat::cutechess ? 1 : 0;
    root["seed"] = config.seed;
    root["variant"] = config.variant == "fischerandom" ? 1 : 0;
    root["type"] = config.tournament == "gauntlet" ? 1 : 0;
    root["ratinginterval"] = config.ratinginterval;
    root["autosaveinterval"] = config.autosaveinterval;
    write_counts(root, config);
    root["concurrency"] = std::max(1, config.concurrency);
    root["recover"] = config.recover;
    Json engine_list = Json::array();
    for (const auto& engine : engines) engine_list.push_back(engine_json(engine, config.variant == "fischerandom"));
    root["engines"] = engine_list;
    root["stats"] = stats_json(config, engines, results);
    return root.dump(4) + "\n";
}

void write_state_file(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            throw std::runtime_error("fastchess config " + path + ": cannot write " + temporary);
        }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        throw std::runtime_error("fastchess config " + path + ": cannot replace it: " + error.message());
    }
}

}  // namespace arbiter::scheduler
