// One worker thread: takes pairs from the shared queue and plays their missing games with engine
// processes it owns (started lazily, restarted when they fail, shut down when the worker ends).
#include <chrono>
#include <optional>

#include "db/errors.h"
#include "harness/game/game_output.h"
#include "harness/process/pipe_writer.h"
#include "harness/process/read_watchdog.h"
#include "harness/process/thread_affinity.h"
#include "harness/runner/engine_slot.h"
#include "harness/runner/game_players.h"
#include "harness/output/output_texts.h"
#include "harness/runner/tournament_state.h"

namespace arbiter::runner {

using schedule::ScheduledGame;
using output::epd_file_text;
using output::pgn_file_text;

namespace {

using State = Tournament::State;

class Worker {
public:
    explicit Worker(State& state) : Worker(state, take_placement(state)) {}

    void run();

private:
    Worker(State& state, const SlotPlacement& placement) : state_(state), pinned_(placement.thread_cpu) {
        SlotExtras extras;
        extras.cpus = placement.engine_cpus;  // this worker's CPU under -use-affinity
        extras.tap = state.engine_tap.get();
        // The start-up check's processes run on any CPU and were started without the tap, so
        // they serve only slots without -use-affinity's CPUs and without -debug/-log traffic.
        const bool may_adopt = extras.cpus.empty() && !(extras.tap && extras.tap->active());
        for (std::size_t i = 0; i < state.engines.size(); ++i)
            slots_.emplace_back(state.engines[i], extras, may_adopt ? state.probed.take(i) : nullptr);
    }

    static SlotPlacement take_placement(State& state) {
        std::lock_guard lock(state.mutex);
        return state.cpu_slots->take();
    }

    bool play(const Assignment& assignment, const ScheduledGame& game);
    bool pause_before_game();
    game::GameSetup setup_for(const Assignment& assignment, const ScheduledGame& game) const;
    bool store(const ScheduledGame& game, const game::GameSetup& setup, const game::PlayedGame& played,
               std::size_t pair_size);
    std::string write_outputs(const db::GameRecord& record);
    void fail(const std::string& message, RunEnd why = RunEnd::failed);
    std::string vs(const ScheduledGame& game) const {
        return state_.engines[game.white].name + " vs " + state_.engines[game.black].name;
    }

    State& state_;
    const process::PinThread pinned_;  // declared before the engines, which start and stop while it holds
    std::vector<EngineSlot> slots_;    // one per engine of the run, started on first use
};

void Worker::run() {
    bool played_before = false;
    for (;;) {
        std::optional<Assignment> assignment;
        {
            std::unique_lock lock(state_.mutex);
            // A knockout's next round waits for the games still in progress.
            while (!(assignment = state_.next_assignment()) && state_.more_may_come()) state_.changed.wait(lock);
        }
        if (!assignment) return;
        for (const auto& game : assignment->missing) {
            if (played_before && !pause_before_game()) return;
            if (state_.stop_games.load() || !play(*assignment, game)) return;
            played_before = true;
        }
    }
}

// -wait: the pause before each game but a worker's first; false when the run stops meanwhile.
bool Worker::pause_before_game() {
    if (state_.config.wait_ms <= 0) return true;
    std::unique_lock lock(state_.mutex);
    return !state_.changed.wait_for(lock, std::chrono::milliseconds(state_.config.wait_ms),
                                    [&] { return state_.stop_games.load(); });
}

game::GameSetup Worker::setup_for(const Assignment& assignment, const ScheduledGame& game) const {
    const PreparedEngine& white = state_.engines[game.white];
    const PreparedEngine& black = state_.engines[game.black];
    game::GameSetup setup;
    setup.white_name = white.name;
    setup.black_name = black.name;
    setup.start_fen = assignment.opening.start_fen;
    setup.book_moves = assignment.opening.moves;
    setup.opening_id = assignment.opening.id;
    setup.chess960 = assignment.opening.chess960 || state_.config.variant == "fischerandom";
    setup.white_tc = white.time_control;
    setup.black_tc = black.time_control;
    setup.rules.draw = state_.config.draw;
    setup.rules.resign = state_.config.resign;
    setup.rules.max_moves = state_.config.maxmoves;
    setup.rules.tablebase = state_.tablebase;
    if (state_.config.ping_ms) setup.stall_timeout = std::chrono::milliseconds(*state_.config.ping_ms);
    add_player_rules(setup, state_, assignment, game);
    setup.keep_lines = state_.keep_lines;
    return setup;
}

void Worker::fail(const std::string& message, RunEnd why) {
    std::lock_guard lock(state_.mutex);
    state_.stop(why, message);
}

// Plays one game; false when the run must stop.
bool Worker::play(const Assignment& assignment, const ScheduledGame& game) {
    protocol::EngineClient* clients[2] = {nullptr, nullptr};
    try {
        clients[0] = &slots_[game.white].ready_for_game();
        clients[1] = &slots_[game.black].ready_for_game();
    } catch (const EngineUnavailable& error) {
        fail(error.what());
        return false;
    } catch (const protocol::OptionError& error) {
        fail(error.what(), RunEnd::bad_config);
        return false;
    }
    {
        std::lock_guard lock(state_.mutex);
        if (!state_.dispatching) return false;  // the run stopped while the engines got ready
        if (!state_.io.live_progress)
            state_.print_line(state_.match_output->game_started(game, state_.planned_games()));
    }
    const game::GameSetup setup = setup_for(assignment, game);
    game::PlayedGame played;
    try {
        played = game::play_game(*clients[0], *clients[1], setup, state_.stop_games);
    } catch (const std::exception& error) {  // OptionError or a broken opening: configuration
        fail("game " + std::to_string(game.number) + " (" + vs(game) + "): " + error.what(), RunEnd::bad_config);
        return false;
    }
    if (played.interrupted()) return false;
    if (played.failed_side) {
        const std::size_t engine = *played.failed_side == chess::WHITE ? game.white : game.black;
        slots_[engine].mark_failed();
        std::lock_guard lock(state_.mutex);
        state_.io.err << "Warning: " << played.failure_message << '\n';
    }
    if (state_.io.log) state_.io.log->end_of_game();
    if (!store(game, setup, played, assignment.task.games.size())) return false;
    if (played.failed_side && !state_.config.recover) {
        fail(played.failure_message + " (use -recover to restart failed engines and continue)");
        return false;
    }
    return true;
}

bool Worker::store(const ScheduledGame& game, const game::GameSetup& setup, const game::PlayedGame& played,
                   std::size_t pair_size) {
    const game::PgnContext context{state_.config.event, state_.config.site, game.round};
    std::string pgn_text = game::game_pgn(setup, played, context);
    db::GameRecord record = game::game_db_record(setup, played, pgn_text);
    record.run_id = state_.run.id;
    record.pair_index = static_cast<std::int64_t>(game.pair_index);
    record.game_index = game.game_index;
    record.round = game.round;
    record.white_engine_id = state_.engine_ids[game.white];
    record.black_engine_id = state_.engine_ids[game.black];
    std::string output_error;
    try {
        // Stored and written as one step: the output files then hold the games in storing order,
        // which is how a re-run finds the ones a failed write left out.
        std::lock_guard in_order(state_.output_mutex);
        state_.database.insert_game(record);
        output_error = write_outputs(record);
    } catch (const std::exception& error) {  // db::DbError: the game is not stored
        fail(error.what());
        return false;
    }
    // Stored is counted, whether or not the output files took it.
    const double white_score = played.outcome.result == adjudication::GameResult::WhiteWins   ? 1.0
                               : played.outcome.result == adjudication::GameResult::BlackWins ? 0.0
                                                                                              : 0.5;
    {
        std::lock_guard lock(state_.mutex);
        if (state_.pgn_out && output_error.empty() && state_.config.pgnout_crc32)
            state_.print_line(state_.pgn_out->crc32_line());
        state_.record_game(game, white_score, pair_size, played.outcome.description,
                           state_.match_output->game_finished(game, played.outcome.result, played.outcome.description));
    }
    if (output_error.empty()) return true;
    fail(output_error);
    return false;
}

// Appends the game to -pgnout and -epdout; the error of a failed write, else empty, and else a
// -log write that failed since the run began. The texts come from the record as stored, as a
// resumed run's texts do (output_texts.h).
std::string Worker::write_outputs(const db::GameRecord& record) {
    try {
        if (state_.pgn_out) state_.pgn_out->append(pgn_file_text(state_.config, record));
        if (state_.epd_out) state_.epd_out->append(epd_file_text(record));
    } catch (const std::exception& error) {
        return error.what();
    }
    return state_.io.log ? state_.io.log->failure() : std::string();
}

}  // namespace

void run_worker(State& state, process::ReadWatchdog& read_watchdog) {
    // Every move writes to an engine: SIGPIPE stays blocked for the thread's life, not per write.
    const process::BlockSigpipe sigpipe_blocked;
    // And every move waits for one: asleep in read(), the watchdog keeping the deadlines.
    const process::ReadWatchdog::Enrolment waits_in_read(read_watchdog);
    try {
        Worker worker(state);
        worker.run();
    } catch (const std::exception& error) {  // nothing may escape a thread
        std::lock_guard lock(state.mutex);
        state.stop(RunEnd::failed, error.what());
    }  // the worker's engines are shut down before the monitor learns it is done
    std::lock_guard lock(state.mutex);
    --state.workers_running;
    state.changed.notify_all();
}

}  // namespace arbiter::runner
