#pragma once
// A match run written through arbiter_db the way `arbiter match` stores one: its config, its two
// engines and its games in opening pairs (each pair the same opening with colours swapped), for the
// run, runs and commits reports' tests.

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "db/database.h"

namespace arbiter::testing {

struct MatchRunSpec {
    nlohmann::json config;  // as stored; its "engines" name the two players, first the tested one
    db::EngineRecord first, second;
    // One letter per game from the first engine's side, in the order the games finished: W, D or L.
    // Games 2k and 2k+1 are pair k (first engine white, then black).
    std::string results;
    std::string started_at = "2026-01-05T10:00:00.000Z";
    db::RunStatus status = db::RunStatus::finished;
};

inline db::GameResult first_engine_result(char letter, bool first_is_white) {
    if (letter == 'D') return db::GameResult::draw;
    const bool first_won = letter == 'W';
    return first_won == first_is_white ? db::GameResult::white_win : db::GameResult::black_win;
}

// Stores the run and its games; returns the run's id.
inline std::int64_t store_match_run(db::Database& database, const MatchRunSpec& spec) {
    db::RunRecord wanted;
    wanted.config_json = spec.config.dump();
    wanted.time_control = "inf";  // what a node-limited run stores (no clock)
    wanted.started_at = spec.started_at;
    const db::RunRecord run = database.find_or_create_run(wanted);
    const std::int64_t first_id = database.upsert_engine(spec.first);
    const std::int64_t second_id = database.upsert_engine(spec.second);
    for (std::size_t i = 0; i < spec.results.size(); ++i) {
        db::GameRecord game;
        game.run_id = run.id;
        game.pair_index = static_cast<std::int64_t>(i / 2);
        game.game_index = static_cast<int>(i % 2);
        const bool first_is_white = game.game_index == 0;
        game.white = first_is_white ? spec.first.name : spec.second.name;
        game.black = first_is_white ? spec.second.name : spec.first.name;
        game.white_engine_id = first_is_white ? first_id : second_id;
        game.black_engine_id = first_is_white ? second_id : first_id;
        game.result = first_engine_result(spec.results[i], first_is_white);
        game.plies = 60;
        database.insert_game(game);
    }
    database.set_run_status(run.id, spec.status);
    return run.id;
}

}  // namespace arbiter::testing
