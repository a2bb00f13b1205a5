#pragma once
// Plain data of `arbiter spsa` (see README "spsa_runs"). No SQLite include.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::db {

// One tuning run: its schedule's settings. `format` is the parameter file's ("fishtest" or
// "openbench"); it decides which tool's schedule and rounding the run follows.
struct SpsaRunRecord {
    std::int64_t id = 0;
    std::string name;
    std::string format = "fishtest";
    int iterations = 1;
    int pairs_per_iteration = 1;
    double alpha = 0.602;
    double gamma = 0.101;
    double a_ratio = 0.1;
    std::int64_t seed = 0;
    std::string settings_json = "{}";  // the engine and game settings, so a resume plays the same games
    std::string created_at;            // empty → now
};

// One tuned parameter as the parameter file gave it.
struct SpsaParamRecord {
    int index = 0;
    std::string name;
    bool is_float = false;
    double start = 0.0;
    double min = 0.0;
    double max = 0.0;
    double c_end = 0.0;
    double r_end = 0.0;
};

// One parameter in one iteration: theta before, the perturbation (flip, c_k, R_k), the option values
// the θ+ and θ− engines played with, and theta after (unset until the iteration is finished).
struct SpsaParamStep {
    int param_index = 0;
    double theta_before = 0.0;
    int flip = 1;
    double c = 0.0;
    double r = 0.0;
    double plus_value = 0.0;
    double minus_value = 0.0;
    std::optional<double> theta_after;
};

// One iteration: K game pairs θ+ against θ−. W/D/L are θ+'s; pentanomial[k] counts pairs in which θ+
// scored k/2 points (LL, LD, WL or DD, WD, WW).
struct SpsaIterationRecord {
    int iteration = 1;                         // 1-based
    std::optional<std::int64_t> match_run_id;  // the run holding its games
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;
    std::array<std::int64_t, 5> pentanomial{};
    std::string started_at;                  // empty → now
    std::optional<std::string> finished_at;  // unset while it is being played
    std::vector<SpsaParamStep> steps;        // by parameter index
};

// The stored games of a run's iterations and their time: the report's games and CPU-hours.
struct SpsaGameTime {
    std::int64_t games = 0;
    double game_seconds = 0.0;           // sum over the games of finished_at - started_at
    std::optional<double> wall_seconds;  // first game's start to last game's end; unset without games
};

// A run with its parameters and every stored iteration (finished or not), by iteration.
struct SpsaRunData {
    SpsaRunRecord run;
    std::vector<SpsaParamRecord> params;
    std::vector<SpsaIterationRecord> iterations;
    SpsaGameTime time;
};

}  // namespace arbiter::db
