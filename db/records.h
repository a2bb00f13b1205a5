#pragma once
// Plain data exchanged with arbiter_db. Deliberately free of any SQLite include so the harness, the
// reports and the tests compile against it without the database library's dependencies.
//
// Conventions: id fields are 0 until the database assigns them; std::optional fields map to SQL NULL
// (e.g. a book move has no score); timestamps are ISO-8601 UTC strings ("2024-05-01T12:34:56.789Z"),
// which sort chronologically as text and work with SQLite's date functions.

#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::db {

enum class RunKind { match, gauntlet, round_robin, epd, ladder, tune };
enum class RunStatus { running, finished, aborted, failed };
enum class GameResult { white_win, draw, black_win };

// Text forms are what the database stores ("round-robin", "1/2-1/2", ...). parse_* throw
// std::invalid_argument naming the bad value.
std::string_view to_string(RunKind kind);
std::string_view to_string(RunStatus status);
std::string_view to_string(GameResult result);
RunKind parse_run_kind(std::string_view text);
RunStatus parse_run_status(std::string_view text);
GameResult parse_game_result(std::string_view text);

// "2024-05-01T12:34:56.789Z": the database's timestamp format, ISO-8601 UTC with milliseconds.
std::string utc_iso(std::chrono::system_clock::time_point when);
// The current time in it.
std::string utc_now_iso();

// Stable key for a run configuration: hash of the kind and the canonical JSON (keys sorted, compact).
// Top-level keys listed in ignored_keys are dropped first: callers pass the fields that must not split a
// run in two (shard spec, concurrency, database path, host). Throws std::invalid_argument on bad JSON.
std::string make_config_key(RunKind kind, std::string_view config_json,
                            const std::vector<std::string>& ignored_keys = {});

// Canonical form of a JSON document (sorted keys, compact), used for engine options so that the same
// options written in a different order are the same engine.
std::string canonical_json(std::string_view json_text);

// An engine build. Identity (deduplication key) is every field except id.
struct EngineRecord {
    std::int64_t id = 0;
    std::string name;
    std::string command;
    std::string protocol = "uci";
    std::string options_json = "{}";  // UCI options as a JSON object
    std::string git_commit;
    std::string feature_set;  // e.g. "nnue,lmr" or a build flavour
    // Not part of the identity (the commit decides them): the commit's subject line and committer date
    // (ISO-8601 UTC), '' when unknown. Registering a known engine with them fills them in when blank.
    std::string commit_subject{};
    std::string committed_at{};
};

// A run: one invocation of the scheduler (match, gauntlet, ...), possibly one shard of it.
// Pair range is half-open [pair_begin, pair_end) over the run's global pair indexes.
struct RunRecord {
    std::int64_t id = 0;
    RunKind kind = RunKind::match;
    std::string config_key;  // empty → computed from kind + config_json by find_or_create_run
    std::string config_json = "{}";
    std::string time_control;
    std::string host;
    std::optional<std::string> ladder;  // ladder this run feeds, if any
    int shard_index = 1;                // K of K/N, 1-based; 0 means "several shards merged"
    int shard_count = 1;                // N
    std::optional<std::int64_t> pair_begin;
    std::optional<std::int64_t> pair_end;
    std::string started_at;  // empty → now
    std::optional<std::string> finished_at;
    RunStatus status = RunStatus::running;
};

// How a match command picks its run among the runs of one identity (one config key). The first run
// of an identity stores the key itself, later ones "<key>#2", "<key>#3"...: the key column stays unique,
// and the shard databases of one run still merge generation by generation.
struct RunChoice {
    enum class Mode {
        unless_done,  // the latest run of the identity unless it is done for the caller; else a new run
        latest,       // the latest run of the identity even when finished (a ladder's finished step stays done)
        run_id,       // run `run_id` whatever its status (the caller checked that it has the identity)
        fresh,        // always a new run
    };
    Mode mode = Mode::unless_done;
    std::int64_t run_id = 0;
    // Games in the caller's pairs (the wanted run's [pair_begin, pair_end), or all). A finished run is done
    // for the caller when all of them are stored, or when it and the caller span all pairs (an SPRT may
    // end a run early): another shard, or --pairs, may have finished the run's status but not these games.
    std::int64_t selection_games = 0;
};

struct OpenedRun {
    RunRecord run;
    bool created = false;           // a new run, not one resumed
    std::int64_t games_stored = 0;  // games of the caller's pair range (or of the run) already stored
};

// The identity part of a stored config key: the key without its "#N" generation suffix.
std::string_view run_identity_key(std::string_view config_key);

// One move as played. ply is 0-based within the game. Either score_cp or score_mate (moves to mate,
// negative when being mated) is set for searched moves; both unset for book moves.
struct MoveRecord {
    int ply = 0;
    std::string uci;
    std::string san;
    std::optional<std::int64_t> time_ms;   // time spent on this move
    std::optional<std::int64_t> clock_ms;  // clock left after the move
    std::optional<int> score_cp;
    std::optional<int> score_mate;
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<std::int64_t> nodes;
    std::optional<std::int64_t> nps;             // as the engine reported it, else nodes over time used
    std::string pv;                              // space-separated UCI moves
    std::optional<int> hashfull;                 // the engine's `info hashfull` (permille)
    std::optional<std::int64_t> tbhits;          // the engine's `info tbhits`
    std::optional<std::int64_t> engine_time_ms;  // the engine's own `info time` for the move
    std::string lines;  // output lines kept for -pgnout match_line=, one per pattern that matched, '\n' between
};

// A finished game. (run_id, pair_index, game_index) is unique: game_index is the game within its
// opening pair (0 = first colours, 1 = reversed). pair_index is global within the run, across all
// engine pairings of a gauntlet or round robin, so the scheduler can resume and shards can merge.
struct GameRecord {
    std::int64_t id = 0;
    std::int64_t run_id = 0;
    std::int64_t pair_index = 0;
    int game_index = 0;
    int round = 0;  // round number as shown in PGN
    std::string opening_id;
    std::string opening_fen;
    std::string white;  // engine names, as users query them
    std::string black;
    std::optional<std::int64_t> white_engine_id;  // links to engines (git commit, options)
    std::optional<std::int64_t> black_engine_id;
    GameResult result = GameResult::draw;
    std::string termination;  // "checkmate", "adjudication", "time forfeit", ...
    int plies = 0;
    std::string started_at;   // empty → now
    std::string finished_at;  // empty → now
    std::string pgn;
    std::vector<MoveRecord> moves;  // written with the game in one transaction; empty on plain reads
};

// One engine's answer to one EPD position. points is the STS-style c0 score when the suite has one.
struct EpdResultRecord {
    std::int64_t id = 0;
    std::int64_t run_id = 0;
    std::string suite;
    std::string position_id;
    std::int64_t engine_id = 0;
    std::string engine;  // name, filled from engine_id when empty
    std::string fen;
    std::string expected_bm;
    std::string expected_am;
    std::string engine_move;
    bool solved = false;
    std::optional<std::int64_t> time_to_solution_ms;
    std::optional<std::int64_t> time_ms;
    std::optional<int> depth;
    std::optional<std::int64_t> nodes;
    std::optional<int> points;
};

// A stored rating snapshot, for a run or for a whole ladder (at least one of the two is set).
struct RatingRecord {
    std::int64_t id = 0;
    std::optional<std::int64_t> run_id;
    std::optional<std::string> ladder;
    std::string player;
    std::optional<std::int64_t> engine_id;
    double rating = 0.0;
    std::optional<double> error;  // e.g. 95% half-width
    std::int64_t games = 0;
    std::optional<double> score;  // fraction 0..1
    std::string computed_at;      // empty → now
};

// --- query inputs and outputs ---

// Which games feed an aggregate. Empty run_ids and no ladder → every game in the database.
struct ResultFilter {
    std::vector<std::int64_t> run_ids;
    std::optional<std::string> ladder;
};

// Which games of one run a stream reads (Database::for_each_game_of_run), in which order, and with
// what: a resumed run reads them this way so that memory does not grow with the games stored.
struct RunGamesQuery {
    std::int64_t run_id = 0;
    std::int64_t pair_begin = 0;  // pairs [pair_begin, pair_end)
    std::int64_t pair_end = std::numeric_limits<std::int64_t>::max();
    bool storing_order = false;  // by id, as stored; otherwise by pair, then game
    bool with_moves = false;
    std::int64_t skip = 0;  // the first `skip` games in that order are passed over
};

struct GameKey {
    std::int64_t pair_index = 0;
    int game_index = 0;
    friend bool operator==(const GameKey&, const GameKey&) = default;
    friend auto operator<=>(const GameKey&, const GameKey&) = default;
};

// Results from white's seat for one ordered (white, black) pair.
struct PairResult {
    std::string white;
    std::string black;
    std::int64_t white_wins = 0;
    std::int64_t draws = 0;
    std::int64_t black_wins = 0;
};

// How one player's games of one run ended: one row per termination ("illegal-move", "checkmate", ...).
// What `arbiter match --fail-on-forfeits` counts (Database::player_terminations_of_run).
struct PlayerTermination {
    std::string player;
    std::string termination;
    std::int64_t games = 0;  // the player's games that ended so
    std::int64_t lost = 0;   // of them, the games the player lost
};

// W/D/L and pentanomial counts of engine A against engine B within one run, from A's side.
// pentanomial[k] counts complete pairs in which A scored k/2 points: [0]=LL, [1]=LD, [2]=WL or DD,
// [3]=WD, [4]=WW. Pairs with only one stored game count in W/D/L but not here.
struct RunPairStats {
    std::int64_t run_id = 0;
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;
    std::array<std::int64_t, 5> pentanomial{};
    std::int64_t incomplete_pairs = 0;
};

// One game of a player against one opponent in a run, as the run report's SPRT chart replays them.
struct PlayerGamePoints {
    std::int64_t game_id = 0;  // storing order
    std::int64_t pair_index = 0;
    int half_points = 0;  // the player's: 2 win, 1 draw, 0 loss
};

// Latest run's games of one engine build, per git commit ("Elo over commits").
struct CommitGameResult {
    std::string git_commit;
    std::int64_t engine_id = 0;
    std::int64_t run_id = 0;
    std::string run_started_at;
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;
};

// Latest run's EPD score of one engine build on one suite, per git commit ("WAC over commits").
struct CommitEpdResult {
    std::string git_commit;
    std::int64_t engine_id = 0;
    std::int64_t run_id = 0;
    std::string run_started_at;
    std::int64_t positions = 0;
    std::int64_t solved = 0;
    std::int64_t points = 0;
};

// Summary of a merge, for the command's output: rows added from the inputs, and runs in the result.
struct MergeSummary {
    std::int64_t inputs = 0;
    std::int64_t runs = 0;  // total in the merged database
    std::int64_t games = 0;
    std::int64_t moves = 0;
    std::int64_t epd_results = 0;
    std::int64_t ratings = 0;
};

}  // namespace arbiter::db
