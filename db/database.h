#pragma once
// arbiter_db's public API: one Database object is one connection to one SQLite file.
//
// Threads: every call locks an internal mutex, so one Database may be shared between threads (calls are
// then serialized), or each thread may open its own Database on the same file (WAL lets readers run
// beside the single writer). Processes: any number may open the same file; writes use BEGIN IMMEDIATE
// and are retried with backoff while another process holds the write lock.
//
// Every write method is one transaction: a game and all its moves land together or not at all.
// Write bodies may be retried on lock conflicts, so they never have side effects outside the database.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/errors.h"
#include "db/bisect_records.h"
#include "db/ladder_records.h"
#include "db/records.h"
#include "db/run_page_records.h"
#include "db/spsa_records.h"

namespace arbiter::db {

namespace detail {
struct MergeWriter;  // merge.cpp: copies between attached databases on this connection
}

// The newest schema this build knows. Files with a higher PRAGMA user_version are refused untouched.
inline constexpr int kSchemaVersion = 11;
// A read-only open (reports) also takes files this old without migrating them: schema 5 replaced the
// moves table by a view with the same columns, so every query reads a version 4 file the same way;
// schema 6 added baselines.verification, which BaselineStore reads as '' from an older file; schema 7
// added engines.commit_subject and committed_at, which engine reads return as '' from an older file;
// schema 8 added ladder_measurements, which reads as empty from an older file; schema 9 added
// bisections and bisection_commits, which read as empty from an older file; schema 10 added
// run_results and indexes for the report pages, without which an older file is read (slower); schema
// 11 let ladder_measurements hold a 'speed' kind, which an older file has none of.
inline constexpr int kOldestReadableVersion = 4;

struct OpenOptions {
    bool read_only = false;         // no migration and no writes; a file older than kOldestReadableVersion is refused
    bool create = true;             // create a missing file (ignored when read_only)
    int busy_timeout_ms = 2000;     // SQLite's own wait for a lock, per attempt
    int write_deadline_ms = 60000;  // how long a write keeps retrying while the file is locked
    // Size limit in pages (PRAGMA max_page_count): a quota for the file; writes past it fail like a full disk.
    std::optional<std::int64_t> max_pages;
    // Reads every page first (PRAGMA quick_check) and refuses a damaged file, untouched, with a DbError of
    // kind corrupt: damage in pages a run never reads would otherwise go unnoticed while it writes beside
    // it. Costs about 3 s per GiB when the file is in the page cache, more when read from disk.
    bool check_pages = false;
};

class Database {
public:
    // Opens (creating and migrating when allowed). Throws DbError naming the file on any problem:
    // missing, unreadable, not a database, schema too new, read-only when a migration is needed.
    explicit Database(const std::string& path, const OpenOptions& options = {});
    ~Database();
    Database(Database&&) noexcept;
    Database& operator=(Database&&) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    const std::string& path() const;
    int schema_version();
    bool integrity_ok();                      // PRAGMA integrity_check says "ok"
    bool has_table(const std::string& name);  // the schema holds a table of this name

    // --- engines and runs ---
    // Returns the id of the engine with exactly these fields, inserting it when new.
    std::int64_t upsert_engine(const EngineRecord& engine);
    std::optional<EngineRecord> engine_by_id(std::int64_t id);
    std::vector<EngineRecord> list_engines();
    // The engines that played games or answered positions in the run, by id (report_queries.cpp).
    std::vector<EngineRecord> engines_of_run(std::int64_t run_id);

    // Finds the run with this config key (computed from kind + config_json when empty) or creates it.
    // An existing run is returned as stored (status included), which is how a re-run resumes; when the
    // caller is a different shard of the same run, the stored run widens to cover both (shard_index 0).
    RunRecord find_or_create_run(const RunRecord& run);
    // The run a match command plays into, chosen by `choice` among the runs of the wanted identity and
    // widened to cover the caller's shard; one transaction, so shards starting together agree on it.
    // Throws DbError(invalid_argument) when choice names a run id that does not exist.
    OpenedRun open_run(const RunRecord& wanted, const RunChoice& choice);
    std::optional<RunRecord> find_run(const std::string& config_key);
    // Whether a run's identity lists engine file hashes without a version prefix ("v2:"): runs stored
    // before the hashes were versioned, which a resume must still find (harness/schedule/run_identity.h).
    bool has_runs_with_unversioned_file_hashes();
    std::optional<RunRecord> run_by_id(std::int64_t id);
    std::vector<RunRecord> list_runs();
    // Sets the status; any status but running also stamps finished_at, running clears it.
    void set_run_status(std::int64_t run_id, RunStatus status);

    // --- results ---
    std::int64_t insert_game(const GameRecord& game);  // game + moves in one transaction; returns game id
    std::vector<std::int64_t> insert_games(const std::vector<GameRecord>& games);  // all in one transaction
    void insert_epd_results(const std::vector<EpdResultRecord>& results);
    void insert_ratings(const std::vector<RatingRecord>& ratings);

    // --- resume ---
    std::vector<GameKey> completed_games(std::int64_t run_id);  // sorted by pair, then game
    std::vector<std::string> completed_epd_positions(std::int64_t run_id, std::int64_t engine_id,
                                                     const std::string& suite);

    // --- reads for reports ---
    std::vector<GameRecord> games_of_run(std::int64_t run_id);  // without moves, by pair and game
    // Streams the games `query` selects, one at a time, without holding them all in memory; the sink
    // returns false to stop. The sink must not call back into this Database.
    void for_each_game_of_run(const RunGamesQuery& query, const std::function<bool(const GameRecord&)>& sink);
    std::int64_t count_games_of_run(const RunGamesQuery& query);  // how many it streams, ignoring skip
    std::optional<GameRecord> game_by_id(std::int64_t game_id);   // with moves
    std::vector<MoveRecord> moves_of_game(std::int64_t game_id);
    std::vector<EpdResultRecord> epd_results_of_run(std::int64_t run_id);
    // --- run pages (run_page_queries.cpp): newest first means by id, descending (storing order) ---
    // The newest game's finish and the durations of the newest `recent` games.
    RunActivity run_activity(std::int64_t run_id, std::int64_t recent);
    // Games [offset, offset + limit) of the run, newest first, without moves and with an empty PGN.
    std::vector<GameRecord> newest_games_of_run(std::int64_t run_id, std::int64_t offset, std::int64_t limit);
    std::vector<RatingRecord> ratings_of_run(std::int64_t run_id);
    std::vector<RatingRecord> ratings_of_ladder(const std::string& ladder);
    std::int64_t count_games(const ResultFilter& filter = {});
    // Streams matching games with their moves and PGN, in id order, without holding them all in memory
    // (for tuning data export). The sink must not call back into this Database.
    void export_games(const ResultFilter& filter, const std::function<void(const GameRecord&)>& sink);

    // --- statistics (aggregated in SQL) ---
    std::vector<PairResult> pair_results(const ResultFilter& filter = {});
    // engine_a's W/D/L and pentanomial counts against engine_b, one entry per run, by run id.
    std::vector<RunPairStats> pair_stats_by_run(const std::string& engine_a, const std::string& engine_b,
                                                const ResultFilter& filter = {});
    // The player's games against the opponent in the run, either colour, in the order they were stored;
    // read from an index alone, so a run of 10^6 games costs no table reads (stats.cpp).
    std::vector<PlayerGamePoints> player_games_of_run(std::int64_t run_id, const std::string& player,
                                                      const std::string& opponent);
    // Every player of the run, with how its games ended and how many of those it lost, by player.
    std::vector<PlayerTermination> player_terminations_of_run(std::int64_t run_id);
    // For each git commit of engines named engine_name: its W/D/L in the latest run it played.
    std::vector<CommitGameResult> latest_game_result_per_commit(const std::string& engine_name);
    // For each git commit of engines named engine_name: its score in the latest run of that suite.
    std::vector<CommitEpdResult> latest_epd_result_per_commit(const std::string& engine_name, const std::string& suite);

    // --- feature ladders and reports (ladder_store.cpp, report_queries.cpp) ---
    // Inserts the step, or replaces the stored row of the same (ladder, step_index).
    void upsert_ladder_step(const LadderStepRecord& step);
    std::vector<LadderStepRecord> ladder_steps(const std::string& ladder);  // by step index
    std::vector<std::string> ladder_names();                                // ladders with stored steps, sorted
    // Marks a run (a step's gauntlet or WAC run) as feeding `ladder`, so ladder filters select it.
    void assign_run_to_ladder(std::int64_t run_id, const std::string& ladder);
    std::vector<RunRecord> runs_of_ladder(const std::string& ladder);  // by id
    // Per EPD run of the ladder, engine and suite: positions answered and solved, oldest run first.
    std::vector<LadderEpdScore> ladder_epd_scores(const std::string& ladder);
    // Games and their stored durations per run of the ladder and pair of engines; EPD search time per
    // run and engine (report_queries.cpp).
    std::vector<LadderGameTime> ladder_game_times(const std::string& ladder);
    std::vector<LadderEpdTime> ladder_epd_times(const std::string& ladder);
    // Records which run measured a step under the given settings, replacing the run stored for the
    // same (ladder, step, kind, settings). The run keeps runs.ladder as it is (ladder_store.cpp).
    void link_ladder_measurement(const LadderMeasurementRecord& measurement);
    // The ladder's measurement runs by step index, kind and settings; none from a file older than
    // schema 8 (a read-only open does not migrate it).
    std::vector<LadderMeasurementRecord> ladder_measurements(const std::string& ladder);

    // --- `arbiter bisect` (bisect_store.cpp) ---
    // The bisection with wanted.identity, created from `wanted` when there is none (its id, started_at
    // and verdict then as stored). Only identity, repo, good, bad and commits are read from `wanted`.
    BisectionRecord find_or_create_bisection(const BisectionRecord& wanted);
    // Inserts the commit's row, or replaces the stored one of the same (bisection, position).
    void upsert_bisection_commit(const BisectionCommitRecord& commit);
    // By position; none from a file older than schema 9 (a read-only open does not migrate it).
    std::vector<BisectionCommitRecord> bisection_commits(std::int64_t bisection);
    // Stores the levels as soon as they are known (the report draws them).
    void set_bisection_levels(std::int64_t bisection, const std::string& levels_json);
    // Sets verdict, first_bad, last_bad and finished_at (now; NULL again for `running`).
    void finish_bisection(std::int64_t bisection, BisectVerdict verdict, std::optional<int> first_bad,
                          std::optional<int> last_bad);
    std::vector<BisectionRecord> bisections();  // by id; none from a file older than schema 9
    // The stored duration of every game in the bisection's runs, summed in seconds (finished_at -
    // started_at, as ladder_game_times counts it): the core time its play took, across invocations.
    double bisection_game_seconds(std::int64_t bisection);

    // --- `arbiter spsa` (spsa_store.cpp) ---
    // The run named wanted.name with its parameters, created with `params` when there is none; an existing
    // run must have the same settings and parameters (DbError invalid_argument names what differs).
    SpsaRunRecord find_or_create_spsa_run(const SpsaRunRecord& wanted, const std::vector<SpsaParamRecord>& params);
    // Stores an iteration about to be played: its row and every parameter's step without theta_after.
    void begin_spsa_iteration(std::int64_t spsa_run_id, const SpsaIterationRecord& iteration);
    // Records the iteration's games and each parameter's theta after it, in one transaction.
    void finish_spsa_iteration(std::int64_t spsa_run_id, const SpsaIterationRecord& iteration);
    std::vector<SpsaRunRecord> spsa_runs();  // by id
    // Everything about one run (a report's input): nullopt when no run has that name.
    std::optional<SpsaRunData> spsa_run_data(const std::string& name);

    struct Impl;  // defined in database_impl.h, which includes SQLite

private:
    friend struct detail::MergeWriter;
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::db
