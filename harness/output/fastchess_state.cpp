#include "harness/output/fastchess_state.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <unistd.h>
#include <nlohmann/json.hpp>

#include "harness/config/output_settings.h"
#include "harness/config/tablebase_settings.h"
#include "harness/openings/book_words.h"
#include "harness/output/fastchess_state_keys.h"

namespace arbiter::output {

using schedule::PairTask;
using schedule::Schedule;
using schedule::ScheduledGame;

namespace {

using Json = nlohmann::ordered_json;
namespace keys = fastchess_keys;

// Every key fastchess 1.8 reads back (it refuses a config.json that lacks one), in its order, with
// its defaults.
Json default_state() {
    Json root;
    root[keys::resign] = {{keys::move_count, 1}, {keys::score, 0}, {keys::twosided, false}, {keys::enabled, false}};
    root[keys::draw] = {{keys::move_number, 0}, {keys::move_count, 1}, {keys::score, 0}, {keys::enabled, false}};
    root[keys::maxmoves] = {{keys::move_count, 1}, {keys::enabled, false}};
    root[keys::tb_adjudication] = {
        {keys::syzygy_dirs, ""}, {keys::max_pieces, 0}, {keys::ignore_50_move_rule, false}, {keys::enabled, false}};
    root[keys::opening] = {{keys::file, ""}, {keys::format, 2}, {keys::order, 1}, {keys::plies, -1}, {keys::start, 1}};
    root[keys::pgn] = {{keys::additional_lines_rgx, Json::array()},
                       {keys::event_name, "Fastchess Tournament"},
                       {keys::site, "?"},
                       {keys::file, ""},
                       {keys::notation, 0},
                       {keys::append_file, true},
                       {keys::track_nodes, false},
                       {keys::track_seldepth, false},
                       {keys::track_nps, false},
                       {keys::track_hashfull, false},
                       {keys::track_tbhits, false},
                       {keys::track_timeleft, false},
                       {keys::track_latency, false},
                       {keys::track_pv, false},
                       {keys::min, false},
                       {keys::crc, false}};
    root[keys::epd] = {{keys::file, ""}, {keys::append_file, true}};
    root[keys::sprt] = {{keys::alpha, 0.0}, {keys::beta, 0.0},           {keys::elo0, 0.0},
                        {keys::elo1, 0.0},  {keys::model, "normalized"}, {keys::enabled, false}};
    root[keys::config_name] = "config.json";
    root[keys::output] = 0;
    root[keys::seed] = 0;
    root[keys::variant] = 0;
    root[keys::type] = 0;
    root[keys::gauntlet_seeds] = 1;
    root[keys::ratinginterval] = 10;
    root[keys::scoreinterval] = 1;
    root[keys::wait] = 0;
    root[keys::autosaveinterval] = 20;
    root[keys::games] = 2;
    root[keys::rounds] = 2;
    root[keys::concurrency] = 1;
    root[keys::force_concurrency] = false;
    root[keys::recover] = false;
    root[keys::noswap] = false;
    root[keys::reverse] = false;
    root[keys::report_penta] = true;
    root[keys::affinity] = false;
    root[keys::check_mate_pvs] = false;
    root[keys::show_latency] = false;
    root[keys::log] = {{keys::file, ""},        {keys::level, 3},       {keys::append_file, true},
                       {keys::compress, false}, {keys::realtime, true}, {keys::engine_coms, false}};
    return root;
}

// `base` with the values `loaded` has for its keys (objects key by key), other keys of `loaded` after.
void overlay(Json& base, const Json& loaded) {
    for (const auto& item : loaded.items()) {
        if (base.contains(item.key()) && base[item.key()].is_object() && item.value().is_object())
            overlay(base[item.key()], item.value());
        else base[item.key()] = item.value();
    }
}

Json engine_json(const RunEngine& engine, bool chess960) {
    const config::EngineSpec& spec = engine.spec;
    std::string args;
    for (const auto& arg : spec.args) args += (args.empty() ? "" : " ") + arg;
    Json options = Json::array();
    for (const auto& [name, value] : spec.options) options.push_back(Json::array({name, value}));
    const tc::TimeControl& tc = engine.time_control;
    Json out;
    out[keys::name] = engine.name;
    out[keys::dir] = spec.dir;
    out[keys::cmd] = spec.cmd;
    out[keys::args] = args;
    out[keys::restart] = spec.restart == config::RestartPolicy::On;
    out[keys::options] = options;
    out[keys::limit] = {{keys::tc,
                         {{keys::increment, tc.increment_ms},
                          {keys::fixed_time, tc.move_time_ms},
                          {keys::time, tc.base_ms},
                          {keys::moves, tc.moves_per_tc},
                          {keys::timemargin, tc.margin_ms}}},
                        {keys::nodes, tc.nodes},
                        {keys::plies, tc.depth}};
    out[keys::variant] = chess960 ? 1 : 0;
    return out;
}

void write_pgn(Json& pgn, const config::MatchConfig& config) {
    pgn[keys::event_name] = config.event;
    pgn[keys::site] = config.site.empty() ? "?" : config.site;
    pgn[keys::file] = config.pgnout.value_or("");
    pgn[keys::append_file] = config.pgnout_append;
    pgn[keys::min] = config.pgnout_min;
    pgn[keys::crc] = config.pgnout_crc32;
    const auto spec = config.pgnout_fastchess.value_or(pgn::FastchessPgnOptions{});
    pgn[keys::notation] = keys::number_of(keys::notations, to_string(spec.notation), 0);
    pgn[keys::additional_lines_rgx] = spec.match_lines;
    pgn[keys::track_nodes] = spec.nodes;
    pgn[keys::track_seldepth] = spec.seldepth;
    pgn[keys::track_nps] = spec.nps;
    pgn[keys::track_hashfull] = spec.hashfull;
    pgn[keys::track_tbhits] = spec.tbhits;
    pgn[keys::track_timeleft] = spec.timeleft;
    pgn[keys::track_latency] = spec.latency;
    pgn[keys::track_pv] = spec.pv;
}

void write_rules(Json& root, const config::MatchConfig& config) {
    if (config.resign)
        root[keys::resign] = {{keys::move_count, config.resign->move_count},
                              {keys::score, config.resign->score_cp},
                              {keys::twosided, config.resign->two_sided},
                              {keys::enabled, true}};
    else root[keys::resign][keys::enabled] = false;
    if (config.draw)
        root[keys::draw] = {{keys::move_number, config.draw->move_number},
                            {keys::move_count, config.draw->move_count},
                            {keys::score, config.draw->score_cp},
                            {keys::enabled, true}};
    else root[keys::draw][keys::enabled] = false;
    root[keys::tb_adjudication] = {{keys::syzygy_dirs, config::join_tb_paths(config.tb_paths)},
                                   {keys::max_pieces, config.tb_pieces},
                                   {keys::ignore_50_move_rule, config.tb_ignore50},
                                   {keys::enabled, !config.tb_paths.empty()}};
    root[keys::maxmoves][keys::enabled] = config.maxmoves > 0;
    if (config.maxmoves > 0) root[keys::maxmoves][keys::move_count] = config.maxmoves;
    if (config.sprt) {
        const stats::SprtParameters& test = config.sprt->parameters;
        root[keys::sprt] = {{keys::alpha, test.alpha},
                            {keys::beta, test.beta},
                            {keys::elo0, test.elo0},
                            {keys::elo1, test.elo1},
                            {keys::model, std::string(stats::model_name(test.model))},
                            {keys::enabled, true}};
    } else {
        root[keys::sprt][keys::enabled] = false;
    }
}

void write_openings(Json& opening, const std::optional<openings::BookOptions>& book) {
    if (!book) {
        opening[keys::file] = "";
        return;
    }
    opening[keys::file] = book->file;
    opening[keys::format] = keys::number_of(keys::opening_formats, to_string(book->format), 2);
    opening[keys::order] = keys::number_of(keys::opening_orders, to_string(book->order), 1);
    opening[keys::plies] = book->plies > 0 ? book->plies : -1;
    opening[keys::start] = book->start;
}

// fastchess counts `games` games per opening: colour-reversed pairs are its -games 2.
void write_counts(Json& root, const config::MatchConfig& config) {
    // Under fastchess's own schedule the counts already mean what fastchess's keys mean.
    if (config.schedule == config::ScheduleRules::fastchess) {
        root[keys::games] = config.games;
        root[keys::rounds] = config.rounds;
        return;
    }
    // Only pairs are fastchess's -games 2: a reader checks the stats' W/D/L against the pentanomial
    // counts, which -repeat 3's triples do not have.
    const std::int64_t total = static_cast<std::int64_t>(config.games) * config.rounds;
    const bool pairs = config.repeat && config.repeat_count == 2 && total % 2 == 0;
    root[keys::games] = pairs ? 2 : 1;
    root[keys::rounds] = pairs ? total / 2 : total;
}

Json stats_json(const config::MatchConfig& config, const std::vector<RunEngine>& engines,
                const config::CarriedResults& results) {
    Json stats = Json::object();
    if (engines.size() != 2 || config.tournament == "gauntlet") return stats;
    stats[keys::stats_entry(engines[0].name, engines[1].name)] = {
        {keys::wins, results.wdl.wins},
        {keys::losses, results.wdl.losses},
        {keys::draws, results.wdl.draws},
        {keys::penta_WW, results.penta.ww},
        {keys::penta_WD, results.penta.wd},
        {keys::penta_WL, results.penta_wl},
        {keys::penta_DD, results.penta.dd_wl - results.penta_wl},
        {keys::penta_LD, results.penta.ld},
        {keys::penta_LL, results.penta.ll}};
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
    results_.penta.add_pair(pair.points);
    // fastchess's file keeps WL apart from DD (both one point out of two).
    if (pair.decisive && std::lround(pair.points * 2) == 2) ++results_.penta_wl;
}

std::string fastchess_config_text(const config::MatchConfig& config, const std::vector<RunEngine>& engines,
                                  const config::CarriedResults& results) {
    Json root = default_state();
    if (config.fastchess_state && !config.fastchess_state->loaded_json.empty())
        overlay(root, Json::parse(config.fastchess_state->loaded_json));
    root.erase(keys::engines);
    root.erase(keys::stats);
    write_rules(root, config);
    write_openings(root[keys::opening], config.openings);
    write_pgn(root[keys::pgn], config);
    root[keys::epd] = {{keys::file, config.epdout.value_or("")}, {keys::append_file, config.epdout_append}};
    root[keys::config_name] = config.fastchess_state ? config.fastchess_state->outname : std::string("config.json");
    root[keys::output] = keys::number_of(keys::output_formats, config::to_string(config.output), 0);
    root[keys::seed] = config.seed;
    root[keys::variant] = keys::number_of(keys::variants, config.variant, 0);
    root[keys::type] = keys::number_of(keys::tournament_types, config.tournament, 0);
    root[keys::ratinginterval] = config.ratinginterval;
    root[keys::autosaveinterval] = config.autosaveinterval;
    write_counts(root, config);
    root[keys::concurrency] = std::max(1, config.concurrency);
    root[keys::recover] = config.recover;
    Json engine_list = Json::array();
    for (const auto& engine : engines) engine_list.push_back(engine_json(engine, config.variant == "fischerandom"));
    root[keys::engines] = engine_list;
    root[keys::stats] = stats_json(config, engines, results);
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

}  // namespace arbiter::output
