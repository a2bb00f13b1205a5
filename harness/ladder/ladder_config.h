#pragma once
// A feature ladder as its JSON file describes it (see README "Feature ladder and reports"): the
// ordered steps with the tempo option set (or build revision) of each, the gauntlet every step
// plays, the WAC settings, and the cheaper settings of a --smoke run.
//
// Relative paths in the file (engine cmd, openings, suite) are taken from the file's directory, so
// a config works from any working directory.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/stats/wdl_counts.h"
#include "harness/tc/time_control.h"

namespace arbiter::ladder {

// Any mistake in a ladder file; the message starts with "FILE: steps[3].category:" (or
// "FILE:LINE:" for malformed JSON).
class LadderConfigError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The ratings a ladder file may give (opponents' anchors, the seed's Elo): every published rating
// list fits, relative scales around 0 included; 1e300 or -50000 is a typo.
inline constexpr double kMinLadderRating = -1000;
inline constexpr double kMaxLadderRating = 5000;

// What the seed (the engine whose history the ladder re-walks) published for this step, on its
// own rating scale, so the report can show it beside the ladder's own figures. Every field optional.
// The seed's improvement has a 95% error when the file quotes one, or from the records of this
// step's and the previous step's gauntlets (stats::gauntlet_rating_error95).
struct SeedFigures {
    std::string date;  // YYYY-MM-DD, a real calendar day
    std::string rev;   // the seed's build or commit
    std::optional<std::int64_t> wac;
    std::optional<double> elo;
    std::optional<double> improvement;
    std::optional<stats::WdlCounts> record;     // `wdl`: the step's W/D/L in the seed's gauntlet (its Ordo line)
    std::optional<double> improvement_error95;  // as the seed quotes it
    std::string note;                           // where the figures come from, when not the seed_source
};

// A 95% error the file may quote: above 0 and at most the width of the rating range.
inline constexpr double kMaxLadderError95 = kMaxLadderRating - kMinLadderRating;
// `wdl` counts: far above any gauntlet, and small enough that their sum cannot overflow.
inline constexpr std::int64_t kMaxSeedGames = 1'000'000'000;

struct LadderStep {
    std::string id;        // short, stable; part of the engine name ("tempo 13 HistoryLmr")
    std::string feature;   // the table's Feature column
    std::string category;  // Baseline, Search or Evaluation
    std::string date;      // YYYY-MM-DD (a real calendar day), or empty
    std::vector<std::pair<std::string, std::string>> options;  // UCI options of this step, in file order
    std::string rev;  // historical build instead of an option set (needs build= support)
    std::optional<SeedFigures> seed;
};

struct LadderOpponent {
    config::EngineSpec spec;       // usually {"conf": "phalanx"}; resolved by the scheduler
    std::string name;              // the name its games carry
    std::optional<double> anchor;  // fixed rating in the fit; none: the opponent floats
    std::string anchor_source;
    // Pool opponents only: the rating it is expected at on the ladder's scale (at the ladder's
    // clock), which chooses opponents until it has games of its own; the anchor when not given.
    std::optional<double> prior;
};

// `gauntlet.pool`: opponents the ladder chooses from, per step, by expected score
// (ladder_pool.h), instead of a fixed gauntlet every step plays.
struct PoolSettings {
    std::vector<LadderOpponent> opponents;  // every one has a prior
    int opponents_per_step = 0;             // K: at most the pool's size
    // The rating step 1 is expected at before it has games; none: the mean of the pool's priors.
    std::optional<double> first_step_prior;
};

// `gauntlet.target_margin`: --target-error E stops when every improvement is within margin * E,
// because the errors the fit gives count games as independent, and games that share an opening
// are not (docs/ladders.md, "Stopping below the target").
inline constexpr double kMinTargetMargin = 0.5;

struct WacSettings {
    std::string suite;                     // path; empty = arbiter's default WAC copy
    std::int64_t movetime_ms = 3000;       // nominal; scaled by --tc-scale
    std::optional<std::size_t> positions;  // first N only
    // `nodes`: a node limit per position instead of the time, which repeats exactly (#40); not scaled.
    std::optional<std::uint64_t> nodes;
    // `runs`: a timed WAC played this many times (separate runs), so the report can give the spread.
    int runs = 1;
};

// At most this many timed WAC runs per step: enough for a spread, not a typo's thousand.
inline constexpr int kMaxWacRuns = 10;

// `measure.time_to_depth` (#40): every step searches the positions with `go depth D`, one search at a
// time, from a cleared hash (ucinewgame): its nodes, the "time to depth" of the Mediocre posts, and
// its nodes per second.
struct TimeToDepthSettings {
    int depth = 0;
    std::string positions;  // path; empty = arbiter's bench.epd (tempo's bench positions, any UCI engine)
};

// `measure.fixed_nodes` (#40): every step but the first plays the previous step at a node limit per
// move, with the gauntlet's openings and adjudication, so that speed does not count.
struct FixedNodeSettings {
    std::uint64_t nodes = 0;
    int pairs = 0;  // openings, each played with both colours
};

// `measure.speed` (#40): every step searches the positions with `go nodes N`, one search at a time,
// from a cleared hash: nodes per second from searches long enough to time. A strong step's searches
// to the ladder's depth can be too short for that (MadChess 2.0's last steps: 0.2 s for 46 positions
// at depth 8), and a depth at which they are not would take the weak steps hours.
struct SpeedSettings {
    std::uint64_t nodes = 0;
    std::string positions;  // path; empty = arbiter's bench.epd, as for time_to_depth
};

struct MeasureSettings {
    std::optional<TimeToDepthSettings> time_to_depth;
    std::optional<FixedNodeSettings> fixed_nodes;
    std::optional<SpeedSettings> speed;
};

// Bounds of `measure`: a depth tempo's bench accepts too, node limits and pair counts far above any
// useful measurement (a typo, not a plan, beyond them).
inline constexpr int kMaxMeasureDepth = 64;
inline constexpr std::int64_t kMaxMeasureNodes = 1'000'000'000'000;
inline constexpr std::int64_t kMaxMeasurePairs = 1'000'000;

// `tc=2+0.02 timemargin=100`: what a smoke run's xboard opponents play under unless the file says.
config::EngineSpec default_smoke_xboard_limits();

struct SmokeSettings {
    std::uint64_t nodes = 2000;  // tempo's (and UCI opponents') limit per move
    int games_per_opponent = 2;
    std::vector<LadderOpponent> opponents;  // empty = the gauntlet's
    // `xboard_tc`: the limits of opponents that cannot take nodes=, engine limit keys parsed when
    // the file is read; only the limit fields of this spec are set.
    config::EngineSpec xboard_limits = default_smoke_xboard_limits();
    std::size_t wac_positions = 10;
    std::int64_t wac_movetime_ms = 50;
    // A smoke run measures what `measure` asks for, cheaply: this depth, smoke `nodes` per move and
    // this many pairs.
    int measure_depth = 3;
    int measure_pairs = 2;
    std::uint64_t measure_speed_nodes = 20000;
};

struct LadderConfig {
    std::string source;  // the file, for messages
    std::string name;    // ladder name in the database
    std::string description;
    std::string seed_source;    // where the steps' seed figures come from
    config::EngineSpec engine;  // the stepped engine; cmd empty = tempo beside arbiter
    std::string engine_name = "tempo";
    std::vector<LadderStep> steps;
    std::vector<LadderOpponent> opponents;  // the fixed gauntlet; empty with a pool
    std::optional<PoolSettings> pool;
    int games_per_opponent = 100;
    tc::TimeControl tc{.base_ms = 120'000, .increment_ms = 1'000};  // `gauntlet.tc`, "120+1" unless given
    int timemargin_ms = 0;
    // Off: head-to-head games put a step 84 +/- 52 Elo above what the gauntlet measured (self-play
    // exaggeration), and the joint fit carries that into the improvement; docs/statistics.md.
    bool head_to_head = false;
    double target_margin = 1.0;
    std::optional<openings::BookOptions> openings;
    std::optional<adjudication::DrawRule> draw;
    std::optional<adjudication::ResignRule> resign;
    int maxmoves = 0;
    std::uint64_t seed = 1;
    WacSettings wac;
    std::optional<MeasureSettings> measure;  // none: no speed and knowledge columns
    SmokeSettings smoke;
};

// Reads and checks a ladder file. Opponent anchors default to the catalogue's.
LadderConfig load_ladder_config(const std::string& path);
LadderConfig ladder_config_from_text(const std::string& text, const std::string& source, const std::string& base_dir);

}  // namespace arbiter::ladder
