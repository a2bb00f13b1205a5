#include "tests/reports/synthetic_ladder.h"

#include <nlohmann/json.hpp>

namespace arbiter::testing {
namespace {

std::int64_t engine_id(db::Database& database, const std::string& name) {
    db::EngineRecord engine;
    engine.name = name;
    engine.command = "/bin/" + name;
    return database.upsert_engine(engine);
}

db::RunRecord make_run(db::Database& database, db::RunKind kind, const nlohmann::json& config,
                       const std::string& ladder, const std::string& time_control) {
    db::RunRecord run;
    run.kind = kind;
    run.config_json = config.dump();
    run.time_control = time_control;
    run.ladder = ladder;
    return database.find_or_create_run(run);
}

void store_games(db::Database& database, std::int64_t run_id, const std::vector<SyntheticResult>& results) {
    std::vector<db::GameRecord> games;
    std::int64_t pair = 0;
    for (const auto& result : results) {
        for (int i = 0; i < result.count; ++i) {
            db::GameRecord game;
            game.run_id = run_id;
            game.pair_index = pair / 2;
            game.game_index = static_cast<int>(pair % 2);
            ++pair;
            game.white = result.white;
            game.black = result.black;
            game.white_engine_id = engine_id(database, result.white);
            game.black_engine_id = engine_id(database, result.black);
            game.result = result.result;
            game.termination = "adjudication";
            game.plies = 40;
            games.push_back(game);
        }
    }
    database.insert_games(games);
}

void store_wac(db::Database& database, const SyntheticLadder& ladder, std::size_t step) {
    const std::string& player = ladder.players[step];
    const db::RunRecord run =
        make_run(database, db::RunKind::epd, {{"engine", player}, {"suite", "WAC"}}, "", ladder.time_control);
    database.assign_run_to_ladder(run.id, ladder.name);
    std::vector<db::EpdResultRecord> rows;
    for (int i = 0; i < 10; ++i) {
        db::EpdResultRecord row;
        row.run_id = run.id;
        row.suite = "WAC";
        row.position_id = "WAC." + std::to_string(i + 1);
        row.engine_id = engine_id(database, player);
        row.engine = player;
        row.fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        row.solved = i < ladder.wac_solved[step];
        rows.push_back(row);
    }
    database.insert_epd_results(rows);
}

}  // namespace

std::vector<std::vector<SyntheticResult>> synthetic_games(const SyntheticLadder& ladder) {
    using db::GameResult;
    const auto& p = ladder.players;
    const auto& a = ladder.opponents[0];
    const auto& f = ladder.opponents[1];
    // Each step scores a little better against the opponents; everyone wins and loses somewhere,
    // so the fit has a finite solution.
    return {
        {{p[0], a, GameResult::white_win, 2},
         {a, p[0], GameResult::white_win, 5},
         {p[0], a, GameResult::draw, 3},
         {p[0], f, GameResult::white_win, 4},
         {f, p[0], GameResult::white_win, 4},
         {a, f, GameResult::white_win, 3},
         {f, a, GameResult::white_win, 1}},
        {{p[1], a, GameResult::white_win, 4},
         {a, p[1], GameResult::white_win, 3},
         {p[1], a, GameResult::draw, 3},
         {p[1], f, GameResult::white_win, 5},
         {f, p[1], GameResult::white_win, 3},
         {p[1], p[0], GameResult::white_win, 3},
         {p[0], p[1], GameResult::white_win, 1},
         {p[0], p[1], GameResult::draw, 2}},
        {{p[2], a, GameResult::white_win, 6},
         {a, p[2], GameResult::white_win, 2},
         {p[2], a, GameResult::draw, 2},
         {p[2], f, GameResult::white_win, 6},
         {f, p[2], GameResult::white_win, 2},
         {p[2], p[1], GameResult::white_win, 4},
         {p[1], p[2], GameResult::white_win, 2}},
    };
}

void write_synthetic_ladder(db::Database& database, const SyntheticLadder& ladder) {
    nlohmann::json plan{{"ladder", ladder.name},
                        {"smoke", false},
                        {"time_control", "nodes=1000"},
                        {"tc_scale", 1.0},
                        {"games_per_opponent", 10},
                        {"anchors", {{ladder.opponents[0], ladder.anchor}}},
                        {"wac", {{"movetime_ms", 50}, {"positions", 10}}}};
    make_run(database, db::RunKind::ladder, plan, ladder.name, ladder.time_control);
    const auto games = ladder.games.empty() ? synthetic_games(ladder) : ladder.games;
    for (std::size_t step = 0; step < ladder.players.size(); ++step) {
        nlohmann::json engines = nlohmann::json::array({nlohmann::json{{"name", ladder.players[step]}}});
        const db::RunRecord run =
            make_run(database, db::RunKind::gauntlet,
                     {{"engines", engines}, {"tournament", "gauntlet"}, {"step", step}}, "", ladder.time_control);
        store_games(database, run.id, games[step]);
        database.assign_run_to_ladder(run.id, ladder.name);
        store_wac(database, ladder, step);
        db::LadderStepRecord row;
        row.ladder = ladder.name;
        row.step_index = static_cast<int>(step);
        row.label = ladder.labels[step];
        row.category = step == 0 ? "Baseline" : "Search";
        row.step_date = step == 0 ? "2025-01-04" : "";
        row.player = ladder.players[step];
        row.engine_id = engine_id(database, ladder.players[step]);
        database.upsert_ladder_step(row);
    }
}

}  // namespace arbiter::testing
