#pragma once
// What arbiter_big_db writes, one part at a time, through arbiter_db's public API only. Games go in
// batches (Database::insert_games, one transaction per batch): per-game transactions would make a
// million games take an hour.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/big_db/synth.h"
#include "db/database.h"

namespace arbiter::bench {

struct Tally {
    std::int64_t runs = 0, games = 0, games_with_moves = 0, epd_results = 0, spsa_iterations = 0;
};

class Generator {
public:
    Generator(db::Database& database, std::uint64_t seed, double moves_fraction)
        : database_(database), synth_(seed), moves_fraction_(moves_fraction) {}

    void sprt_match(std::int64_t games);
    void gauntlet(std::int64_t games);
    void ladder(std::int64_t games);
    void epd_run();
    void spsa(int iterations, int pairs_per_iteration);
    void history(std::int64_t games);  // tempo at older commits against tempo-base: the commits page
    void bisection();

    const Tally& tally() const { return tally_; }

private:
    std::int64_t engine(const std::string& name, const std::string& commit = "");
    db::RunRecord run(db::RunKind kind, const nlohmann::json& config, const std::string& time_control,
                      std::int64_t planned_games, const std::optional<std::string>& ladder = std::nullopt);
    // `pairs` opening pairs of first against second (first `elo` stronger), colours reversed within a pair,
    // pair indexes from `first_pair`; returns the pentanomial of first.
    std::array<std::int64_t, 5> play_pairs(std::int64_t run_id, const std::string& first, const std::string& second,
                                           double elo, std::int64_t pairs, std::int64_t first_pair = 0);
    void add(db::GameRecord game);
    void flush();
    void store_epd(std::int64_t run_id, const std::string& player, double solve_rate);

    db::Database& database_;
    GameSynth synth_;
    double moves_fraction_;
    std::map<std::string, std::int64_t> engines_;
    std::vector<db::GameRecord> batch_;
    Tally tally_;
};

// The config a two-engine `arbiter match` stores (config::run_identity), optionally with its "sprt".
nlohmann::json match_config(const std::vector<std::string>& engines, const std::string& tournament, std::int64_t rounds,
                            bool with_sprt);

}  // namespace arbiter::bench
