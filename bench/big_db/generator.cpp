#include "bench/big_db/generator.h"

#include <algorithm>

namespace arbiter::bench {
namespace {

constexpr std::size_t kBatchGames = 5000;  // games per transaction
constexpr std::int64_t kMsPerGame = 1300;  // the run clock's average step (synth.cpp: 16 games at once)
constexpr int kEpdPositions = 300;
constexpr int kLadderSteps = 8;
const std::vector<std::string> kLadderOpponents = {"stash-19", "stash-21", "stash-23", "stash-25"};
const std::vector<std::string> kGauntletOpponents = {"stockfish-1800", "stockfish-2000", "stash-28", "weiss-1.0",
                                                     "berserk-4"};

std::string fake_sha(std::uint64_t n) {
    static const char* const kHex = "0123456789abcdef";
    std::string sha;
    std::uint64_t x = n * 0x9E3779B97F4A7C15ULL + 0x1234567;
    for (int i = 0; i < 40; ++i) {
        sha += kHex[x & 15];
        x = (x >> 4) | (x << 60);
        if (i % 15 == 14) x = x * 0xBF58476D1CE4E5B9ULL + 1;
    }
    return sha;
}

nlohmann::json engine_json(const std::string& name) {
    return {{"name", name}, {"cmd", "./engines/" + name}, {"proto", "uci"}, {"tc", "10+0.1"}, {"options", {}}};
}

}  // namespace

nlohmann::json match_config(const std::vector<std::string>& engines, const std::string& tournament, std::int64_t rounds,
                            bool with_sprt) {
    nlohmann::json list = nlohmann::json::array();
    for (const std::string& name : engines) list.push_back(engine_json(name));
    nlohmann::json config = {{"engines", list},
                             {"tournament", tournament},
                             {"games", 2},
                             {"rounds", rounds},
                             {"repeat", true},
                             {"maxmoves", 0},
                             {"event", "?"},
                             {"site", "?"},
                             {"variant", "standard"},
                             {"seed", 42},
                             {"openings",
                              {{"file", "books/UHO_4060_v3.epd"},
                               {"format", "epd"},
                               {"order", "random"},
                               {"plies", 0},
                               {"start", 1},
                               {"policy", "default"}}},
                             {"draw", {{"movenumber", 34}, {"movecount", 8}, {"score", 20}}},
                             {"resign", {{"movecount", 3}, {"score", 600}, {"twosided", true}}}};
    if (tournament == "gauntlet") config["seeds"] = 1;
    if (with_sprt)
        config["sprt"] = {{"elo0", 0.0},  {"elo1", 5.0},           {"alpha", 0.05},
                          {"beta", 0.05}, {"model", "normalized"}, {"trinomial", false}};
    return config;
}

std::int64_t Generator::engine(const std::string& name, const std::string& commit) {
    const std::string key = name + "@" + commit;
    if (const auto found = engines_.find(key); found != engines_.end()) return found->second;
    db::EngineRecord record;
    record.name = name;
    record.command = "./engines/" + name;
    record.git_commit = commit;
    if (!commit.empty()) {
        record.commit_subject = "Tune " + name + " at " + commit.substr(0, 7);
        record.committed_at = iso_time(synth_.clock_ms - 86400000LL);
    }
    return engines_[key] = database_.upsert_engine(record);
}

db::RunRecord Generator::run(db::RunKind kind, const nlohmann::json& config, const std::string& time_control,
                             std::int64_t planned_games, const std::optional<std::string>& ladder) {
    db::RunRecord record;
    record.kind = kind;
    record.config_json = config.dump();
    record.time_control = time_control;
    record.host = "bench-host";
    record.ladder = ladder;
    record.started_at = iso_time(synth_.clock_ms);
    record.finished_at = iso_time(synth_.clock_ms + planned_games * kMsPerGame);
    record.status = db::RunStatus::finished;
    ++tally_.runs;
    return database_.find_or_create_run(record);
}

void Generator::add(db::GameRecord game) {
    game.white_engine_id = engines_.at(game.white + "@");
    game.black_engine_id = engines_.at(game.black + "@");
    tally_.games_with_moves += game.moves.empty() ? 0 : 1;
    batch_.push_back(std::move(game));
    if (batch_.size() >= kBatchGames) flush();
}

void Generator::flush() {
    if (batch_.empty()) return;
    database_.insert_games(batch_);
    tally_.games += static_cast<std::int64_t>(batch_.size());
    batch_.clear();
}

std::array<std::int64_t, 5> Generator::play_pairs(std::int64_t run_id, const std::string& first,
                                                  const std::string& second, double elo, std::int64_t pairs,
                                                  std::int64_t first_pair) {
    std::array<std::int64_t, 5> penta{};
    for (std::int64_t pair = first_pair; pair < first_pair + pairs; ++pair) {
        int half_points = 0;
        for (int game_index = 0; game_index < 2; ++game_index) {
            const bool first_white = game_index == 0;
            db::GameRecord game = synth_.game(first_white ? first : second, first_white ? second : first,
                                              first_white ? elo : -elo, synth_.uniform() < moves_fraction_);
            game.run_id = run_id;
            game.pair_index = pair;
            game.game_index = game_index;
            game.round = static_cast<int>(pair + 1);
            const bool white_won = game.result == db::GameResult::white_win;
            half_points += game.result == db::GameResult::draw ? 1 : (white_won == first_white ? 2 : 0);
            add(std::move(game));
        }
        ++penta[static_cast<std::size_t>(half_points)];
    }
    return penta;
}

void Generator::sprt_match(std::int64_t games) {
    engine("tempo", fake_sha(1000));
    engine("tempo-base", fake_sha(999));
    // Engines are keyed by name for the games; the commit is on the engine row.
    engines_["tempo@"] = engines_.at("tempo@" + fake_sha(1000));
    engines_["tempo-base@"] = engines_.at("tempo-base@" + fake_sha(999));
    const std::int64_t pairs = games / 2;
    const auto r =
        run(db::RunKind::match, match_config({"tempo", "tempo-base"}, "round-robin", pairs, true), "10+0.1", games);
    play_pairs(r.id, "tempo", "tempo-base", 1.5, pairs);
    flush();
}

void Generator::gauntlet(std::int64_t games) {
    std::vector<std::string> names = {"tempo"};
    for (const std::string& opponent : kGauntletOpponents)
        names.push_back(opponent), engines_[opponent + "@"] = engine(opponent);
    const auto per_opponent = games / 2 / static_cast<std::int64_t>(kGauntletOpponents.size());
    const auto r = run(db::RunKind::gauntlet, match_config(names, "gauntlet", per_opponent, false), "10+0.1", games);
    std::int64_t pair = 0;
    for (std::size_t i = 0; i < kGauntletOpponents.size(); ++i, pair += per_opponent)
        play_pairs(r.id, "tempo", kGauntletOpponents[i], 120.0 - 60.0 * static_cast<double>(i), per_opponent, pair);
    flush();
}

void Generator::store_epd(std::int64_t run_id, const std::string& player, double solve_rate) {
    std::vector<db::EpdResultRecord> rows;
    for (int i = 0; i < kEpdPositions; ++i) {
        db::EpdResultRecord row;
        row.run_id = run_id;
        row.suite = "WAC";
        row.position_id = "WAC." + std::to_string(1000 + i).substr(1);
        row.engine_id = engines_.at(player + "@");
        row.engine = player;
        row.fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
        row.expected_bm = "Qg6";
        row.solved = synth_.uniform() < solve_rate;
        row.engine_move = row.solved ? "Qg6" : "Nxf7";
        row.time_ms = 20 + synth_.below(1000);
        if (row.solved) row.time_to_solution_ms = *row.time_ms / 2;
        row.depth = 10 + synth_.below(15);
        row.nodes = 100000 + synth_.below(2000000);
        rows.push_back(row);
    }
    database_.insert_epd_results(rows);
    tally_.epd_results += kEpdPositions;
}

void Generator::ladder(std::int64_t games) {
    const std::string name = "tempo-history";
    nlohmann::json steps = nlohmann::json::array(), opponents = nlohmann::json::array();
    for (int i = 0; i < kLadderSteps; ++i) steps.push_back("tempo-step" + std::to_string(i));
    for (const std::string& opponent : kLadderOpponents)
        opponents.push_back(opponent), engines_[opponent + "@"] = engine(opponent);
    const std::int64_t per_opponent = games / 2 / kLadderSteps / static_cast<std::int64_t>(kLadderOpponents.size());
    const nlohmann::json plan = {{"ladder", name},
                                 {"config_name", "ladder.json"},
                                 {"description", "tempo over time"},
                                 {"smoke", false},
                                 {"tc_scale", 1.0},
                                 {"time_control", "10+0.1"},
                                 {"games_per_opponent", per_opponent * 2},
                                 {"head_to_head", false},
                                 {"opponents", opponents},
                                 {"anchors", {{"stash-19", 1800.0}}},
                                 {"steps", steps},
                                 {"wac", {{"positions", kEpdPositions}, {"limit", "movetime=100"}}}};
    run(db::RunKind::ladder, plan, "10+0.1", games, name);
    for (int step = 0; step < kLadderSteps; ++step) {
        const std::string player = steps[static_cast<std::size_t>(step)];
        db::LadderStepRecord row{name,
                                 step,
                                 "Feature " + std::to_string(step),
                                 step == 0 ? "Baseline" : "Search",
                                 "2024-0" + std::to_string(1 + step % 9) + "-01",
                                 fake_sha(step).substr(0, 12),
                                 player,
                                 engines_[player + "@"] = engine(player),
                                 "{}"};
        database_.upsert_ladder_step(row);
        std::vector<std::string> names = {player};
        names.insert(names.end(), kLadderOpponents.begin(), kLadderOpponents.end());
        nlohmann::json config = match_config(names, "gauntlet", per_opponent, false);
        config["step"] = step;
        const auto gauntlet_run = run(db::RunKind::gauntlet, config, "10+0.1", per_opponent * 8, name);
        std::int64_t pair = 0;
        for (std::size_t i = 0; i < kLadderOpponents.size(); ++i, pair += per_opponent)
            play_pairs(gauntlet_run.id, player, kLadderOpponents[i], 40.0 * step - 100.0 * static_cast<double>(i),
                       per_opponent, pair);
        flush();
        const auto wac = run(db::RunKind::epd, {{"engine", player}, {"suite", "WAC"}}, "movetime=100", 0, name);
        store_epd(wac.id, player, 0.6 + 0.04 * step);
    }
}

void Generator::epd_run() {
    const std::vector<std::string> players = {"tempo", "tempo-base", "stockfish-2000"};
    const auto r =
        run(db::RunKind::epd, {{"engines", players}, {"suite", "WAC"}, {"movetime_ms", 1000}}, "movetime=1000", 0);
    for (std::size_t i = 0; i < players.size(); ++i) store_epd(r.id, players[i], 0.75 + 0.05 * static_cast<double>(i));
}

void Generator::history(std::int64_t games) {
    constexpr int kCommits = 12;
    const std::int64_t pairs = std::max<std::int64_t>(1, games / 2 / kCommits);
    const std::int64_t tempo_now = engines_.at("tempo@");
    for (int c = 0; c < kCommits; ++c) {
        engines_["tempo@"] = engine("tempo", fake_sha(900 + c));
        nlohmann::json config = match_config({"tempo", "tempo-base"}, "round-robin", pairs, c % 3 == 0);
        config["engines"][0]["build"] = fake_sha(900 + c);  // what tells the commits' runs apart
        const auto r = run(db::RunKind::match, config, "10+0.1", pairs * 2);
        play_pairs(r.id, "tempo", "tempo-base", -20.0 + 2.0 * c, pairs);
        flush();
        if (c % 2 == 0) {  // every other commit also answered the suite
            const auto wac =
                run(db::RunKind::epd, {{"engine", "tempo"}, {"suite", "WAC"}, {"commit", c}}, "movetime=100", 0);
            store_epd(wac.id, "tempo", 0.7 + 0.01 * c);
        }
    }
    engines_["tempo@"] = tempo_now;
}

}  // namespace arbiter::bench
