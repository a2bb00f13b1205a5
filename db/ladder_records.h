#pragma once
// Plain data of the feature ladder and the reports (see README "ladder_steps"). No SQLite include.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::db {

// One step of a feature ladder: what was added, and the engine name its games and EPD rows carry.
struct LadderStepRecord {
    std::string ladder;
    int step_index = 0;     // 0-based position in the ladder
    std::string label;      // "History heuristic, late move reductions"
    std::string category;   // Baseline, Search, Evaluation
    std::string step_date;  // the config's date of the step ('' when it gives none)
    std::string rev;        // git revision of a historical build ('' for option-set steps)
    std::string player;     // engine name in games.white/black and epd_results.engine
    std::optional<std::int64_t> engine_id;
    std::string options_json = "{}";  // the step's UCI options
};

// One engine's score on one suite in one EPD run that feeds a ladder.
struct LadderEpdScore {
    std::int64_t run_id = 0;
    std::string engine;
    std::string suite;
    std::int64_t positions = 0;  // answered
    std::int64_t solved = 0;
    std::string run_started_at;
    std::string limit;                    // the run's time_control: "movetime=3000", "nodes=100000"
    std::optional<double> average_depth;  // of the answers that report a depth
};

// The stored time of a ladder's games, per run and pair of engines (the report's CPU-hours).
struct LadderGameTime {
    std::int64_t run_id = 0;
    std::optional<std::int64_t> white_engine_id;
    std::optional<std::int64_t> black_engine_id;
    std::int64_t games = 0;
    double seconds = 0.0;  // sum over the games of finished_at - started_at
};

// The stored search time of a ladder's EPD answers, per run and engine.
struct LadderEpdTime {
    std::int64_t run_id = 0;
    std::int64_t engine_id = 0;
    std::int64_t positions = 0;
    double seconds = 0.0;  // sum of time_ms (answers without a time count 0)
};

// What a ladder measures of a step besides its gauntlet and WAC run (issue #40): the positions
// searched to a fixed depth (nodes, and nodes per second), a fixed-node match against the previous
// step, where speed does not count, and the positions searched to a node limit (nodes per second
// from searches long enough to time).
enum class MeasurementKind { time_to_depth, fixed_nodes, speed };

std::string_view to_string(MeasurementKind kind);
// Throws std::invalid_argument for a text that names no kind.
MeasurementKind parse_measurement_kind(std::string_view text);

// The run that measured one step, under the plan's settings of that measurement (its JSON object,
// stored canonical), so that a report shows only measurements made as the plan says.
struct LadderMeasurementRecord {
    std::string ladder;
    int step_index = 0;
    MeasurementKind kind = MeasurementKind::time_to_depth;
    std::string settings_json = "{}";
    std::int64_t run_id = 0;
};

}  // namespace arbiter::db
