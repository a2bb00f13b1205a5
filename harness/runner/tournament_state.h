#pragma once
// Internal to the runner: the state shared by the tournament's workers and its monitor thread.
// Everything below `mutex` is guarded by it; the atomics are read without it.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

#include "db/database.h"
#include "harness/adjudication/tablebase.h"
#include "harness/game/game.h"
#include "harness/openings/book.h"
#include "harness/process/read_watchdog.h"
#include "harness/runlog/run_log.h"
#include "harness/runner/cpu_slots.h"
#include "harness/runner/engine_probe.h"
#include "harness/runner/engine_tap.h"
#include "harness/output/fastchess_state.h"
#include "harness/schedule/knockout.h"
#include "harness/output/match_output.h"
#include "harness/output/output_files.h"
#include "harness/schedule/schedule.h"
#include "harness/schedule/tally.h"
#include "harness/runner/tournament.h"

namespace arbiter::runner {

// A pair handed to a worker, with the opening it plays and the games still missing.
struct Assignment {
    schedule::PairTask task;
    openings::Opening opening;
    std::vector<schedule::ScheduledGame> missing;
};

struct Tournament::State {
    State(const config::MatchConfig& config, std::vector<PreparedEngine> engines, db::Database& database,
          TournamentIo io);

    // --- fixed for the run ---
    config::MatchConfig config;
    std::vector<PreparedEngine> engines;
    db::Database& database;
    TournamentIo io;
    schedule::Schedule schedule;
    std::optional<schedule::KnockoutBracket> knockout;  // a knockout's games, which depend on its results
    config::PairRange selection;
    std::uint64_t seed = 0;
    std::optional<openings::OpeningBook> book;
    std::optional<schedule::SprtSetup> sprt;
    std::optional<adjudication::TablebaseRule> tablebase;  // -tb: shared by every game
    db::RunRecord run;
    std::vector<std::int64_t> engine_ids;
    std::unique_ptr<output::MatchOutput> match_output;  // what -output format='s tool prints
    std::unique_ptr<output::AppendFile> pgn_out;
    std::unique_ptr<output::AppendFile> epd_out;
    std::mutex output_mutex;                        // held while a game is stored and written to the output files
    std::vector<protocol::LinePattern> keep_lines;  // -pgnout match_line=
    // Games a fastchess config.json counted (the schedule's first ones), and the results from the
    // schedule's start that its state file records (fastchess_state.h); a match with -config's
    // fastchess form or run as fastchess only.
    std::int64_t carried_games = 0;
    std::unique_ptr<output::ContiguousResults> contiguous;
    bool state_file_failed = false;
    std::chrono::steady_clock::time_point session_start = std::chrono::steady_clock::now();
    std::unique_ptr<EngineTap> engine_tap;  // -debug and -log's engine lines
    std::unique_ptr<CpuSlots> cpu_slots;    // -use-affinity: a CPU per worker (shared when fewer)
    ProbedProcesses probed;                 // the start-up check's processes, for the first game slots

    // --- shared while running ---
    std::atomic<bool> stop_games{false};  // abort games in flight
    std::mutex mutex;
    std::condition_variable changed;
    // Games stored before this session: read only while handing out pairs, each pair once, so this
    // session's games need not be added (the set would grow with every game played).
    std::set<db::GameKey> completed;
    std::vector<std::uint64_t> todo;  // pairs of the selection with games missing
    std::size_t next_todo = 0;
    bool dispatching = true;
    std::optional<RunEnd> end;  // first reason to stop wins
    std::string end_message;
    schedule::Tally tally;
    std::int64_t games_this_session = 0;
    std::int64_t stored_in_run = 0;  // games of the schedule in the run's rows
    std::int64_t games_in_selection_left = 0;
    int workers_running = 0;
    bool live_line_shown = false;

    // -debug, -log's engine lines and -use-affinity's CPUs (tournament_diagnostics.cpp); before the run's rows.
    void set_up_diagnostics();
    // As many game slots as workers may run: -concurrency, else one per hardware thread.
    int game_slots() const;

    // Called with `mutex` held.
    std::optional<Assignment> next_assignment();
    // A knockout waiting for games in progress may hand out more later: workers wait for that.
    bool more_may_come() const;
    void stop(RunEnd why, const std::string& message);
    // `description` is the ending in cutechess's words ("White mates").
    void record_game(const schedule::ScheduledGame& game, double white_score, std::size_t pair_size,
                     const std::string& description, const std::string& finished_line);
    void print_line(const std::string& text);  // above the live line, if any
    void refresh_live_line();
    output::Pace pace() const;
    output::Standings standings() const;
    void print_interval_reports();
    // Writes fastchess's config.json (MatchConfig::fastchess_state); a failure is reported once.
    void save_state_file();
    // The games the run plans (a knockout's grow with its tie-breaks), for "Started game N of T".
    std::uint64_t planned_games() const;
    // A pairing's results as the reports show them: without pentanomial counts under -report penta=false.
    schedule::PairingResults reported(std::size_t pairing) const;
    // A knockout encounter still level at the tie-break limit, decided by engine order: on stderr.
    void warn_tie_decided(const schedule::KnockoutBracket::TieDecided& tie);
};

// The engines as the output and fastchess's config.json name them.
std::vector<output::RunEngine> run_engines(const std::vector<PreparedEngine>& engines);

// The worker body (worker.cpp): plays assignments until none are left or the run stops.
void run_worker(Tournament::State& state, process::ReadWatchdog& read_watchdog);

}  // namespace arbiter::runner
