#include "harness/runner/tournament.h"

#include <algorithm>
#include <optional>
#include <thread>
#include <unistd.h>

#include "harness/game/game_output.h"
#include "harness/runner/cpu_budget.h"
#include "harness/runner/engine_probe.h"
#include "harness/output/output_texts.h"
#include "harness/schedule/run_identity.h"
#include "harness/stats/stored_counts.h"
#include "harness/runner/tournament_state.h"
#include "harness/tc/time_control.h"

namespace arbiter::runner {

using schedule::default_seed;
using schedule::first_engine_score;
using schedule::KnockoutBracket;
using schedule::open_match_run;
using schedule::PairTask;
using schedule::print_run_choice;
using schedule::run_identity_with_engines;
using schedule::Schedule;
using schedule::schedule_spec;
using schedule::ScheduledGame;
using schedule::select_pairs;
using schedule::sprt_setup;
using schedule::sprt_state;
using schedule::TournamentKind;
using output::AppendFile;
using output::ContiguousResults;
using output::epd_file_text;
using output::match_line_patterns;
using output::pgn_file_text;
using output::pgn_text_needs_moves;
using output::StoredTexts;
using output::StoredTextVisitor;

namespace {

// The runs table knows match, gauntlet and round-robin: a pyramid or a knockout is stored as a
// round-robin, its config says which.
db::RunKind run_kind(TournamentKind kind) {
    switch (kind) {
        case TournamentKind::match: return db::RunKind::match;
        case TournamentKind::gauntlet: return db::RunKind::gauntlet;
        default: return db::RunKind::round_robin;
    }
}

std::optional<KnockoutBracket> knockout_for(const config::MatchConfig& config, const Schedule& schedule,
                                            std::size_t engines, std::uint64_t seed) {
    if (!schedule.dynamic()) return std::nullopt;
    if (config.shard || config.pairs)
        throw config::ConfigError(config.shard ? "--shard" : "--pairs",
                                  "a knockout's games depend on its results; it cannot be split");
    KnockoutBracket::Options options;
    options.engines = engines;
    options.games = config.games;
    options.repeat = config.repeat ? config.repeat_count : 1;
    options.swap = !config.noswap;
    options.reverse = config.reverse;
    options.seeds = config.seeds;
    options.seed = seed;
    return KnockoutBracket(options);
}

// The ending as the PGN stored with a game words it: the last comment, whose last part after the
// move's evaluation is the description ("+M1/40 0s, Black mates" -> "Black mates").
std::string stored_description(const std::string& pgn) {
    const std::size_t close = pgn.rfind('}');
    const std::size_t open = close == std::string::npos ? std::string::npos : pgn.rfind('{', close);
    if (open == std::string::npos) return {};
    std::string comment = pgn.substr(open + 1, close - open - 1);
    std::replace(comment.begin(), comment.end(), '\n', ' ');
    const std::size_t comma = comment.rfind(", ");
    return comma == std::string::npos ? comment : comment.substr(comma + 2);
}

// The run's book: -openings as given, with the run's seed and -variant.
openings::BookOptions book_options(const openings::BookOptions& given, std::uint64_t seed, bool chess960) {
    openings::BookOptions options = given;
    options.seed = seed;
    options.chess960 = chess960;
    return options;
}

std::int64_t games_in_selection(const Schedule& schedule, const config::PairRange& selection) {
    if (schedule.dynamic()) return 0;
    std::int64_t games = 0;
    for (std::uint64_t pair = selection.begin; pair < selection.end; ++pair)
        games += static_cast<std::int64_t>(schedule.pair(pair).games.size());
    return games;
}

// -tb: the tables are loaded before the run's first row and game; a directory that holds none is
// bad input, named by the flag (the JSON key spells it the same).
std::optional<adjudication::TablebaseRule> tablebase_rule(const config::MatchConfig& config) {
    if (config.tb_paths.empty()) return std::nullopt;
    adjudication::TablebaseRule rule;
    try {
        rule.tables = adjudication::Tablebase::open(config.tb_paths);
    } catch (const adjudication::TablebaseError& error) {
        throw config::ConfigError("-tb", error.what());
    }
    rule.max_pieces = config.tb_pieces;
    rule.ignore_fifty_moves = config.tb_ignore50;
    rule.adjudicate = config.tb_adjudicate;
    return rule;
}

std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return {};
    return name;
}

// Each tool's words for an option an engine does not declare: cutechess-cli warns on stderr,
// fastchess on stdout.
void print_option_warnings(const TournamentIo& io, bool on_stdout, const std::vector<std::string>& warnings) {
    for (const auto& warning : warnings) {
        if (on_stdout) io.out << "Warning; " << warning << '\n';
        else io.err << "Warning: " << warning << '\n';
    }
}

// Without a book every game starts from the start position, and engines stopped by depth or nodes
// alone (no clock) play it the same way each time: a pairing that meets more than twice, or a
// knockout's tie-breaks, replays the same games.
bool games_will_repeat(const std::vector<PreparedEngine>& engines, const Schedule& schedule) {
    for (const auto& engine : engines) {
        const tc::TimeControl& limit = engine.time_control;
        if (engine.book || limit.is_timed() || (limit.depth == 0 && limit.nodes == 0)) return false;
    }
    return schedule.dynamic() || schedule.total_games() > 2 * schedule.pairings().size();
}

// What a run without -openings should be told at start-up, if anything: every game begins at the
// start position (a sample of one opening, and many games the same), unless the variant draws its
// own positions or every engine plays from its own book=.
std::optional<std::string> openings_warning(const config::MatchConfig& config,
                                            const std::vector<PreparedEngine>& engines, const Schedule& schedule) {
    if (config.openings || config.variant == "fischerandom") return std::nullopt;
    if (std::all_of(engines.begin(), engines.end(),
                    [](const PreparedEngine& engine) { return engine.book != nullptr; }))
        return std::nullopt;
    if (games_will_repeat(engines, schedule))
        return "Warning: no opening book and every engine has a fixed depth or node limit: games from the start "
               "position will repeat (give -openings to vary them)";
    return "Warning: no -openings: every game starts from the start position, so the games sample one opening "
           "and many may repeat (give -openings file=FILE to play a book)";
}

// What the run's identity hashes: the executable each engine's resolved description names.
std::vector<config::EngineSpec> engine_specs(const std::vector<PreparedEngine>& engines) {
    std::vector<config::EngineSpec> specs;
    for (const auto& engine : engines) specs.push_back(engine.spec);
    return specs;
}

}  // namespace

Tournament::State::State(const config::MatchConfig& config_in, std::vector<PreparedEngine> engines_in,
                         db::Database& database_in, TournamentIo io_in)
    : config(config_in),
      engines(std::move(engines_in)),
      database(database_in),
      io(io_in),
      schedule(schedule_spec(config, engines.size())),
      tablebase(tablebase_rule(config)),
      tally(schedule, [&] {
          std::vector<std::string> names;
          for (const auto& engine : engines) names.push_back(engine.name);
          return names;
      }()) {
    const std::string identity = config::run_identity(config);
    seed = config.seed_given ? config.seed : default_seed(identity);
    knockout = knockout_for(config, schedule, engines.size(), seed);
    for (std::size_t i = 0; i < engines.size(); ++i)
        tally.set_time_control(i, tc::to_pgn_string(engines[i].time_control));
    selection = select_pairs(schedule.total_pairs(), config.shard, config.pairs);
    if (config.openings)
        book = openings::OpeningBook::open(book_options(*config.openings, seed, config.variant == "fischerandom"));
    if (config.sprt && schedule.kind() == TournamentKind::match)
        sprt = sprt_setup(*config.sprt, schedule.colour_reversed_pairs() && config.report_penta != false);
    match_output =
        output::make_output(config.output, output::MatchContext{config, schedule, run_engines(engines), sprt});
    keep_lines = match_line_patterns(config);
    if (config.fastchess_state && schedule.kind() == TournamentKind::match) {
        const config::CarriedResults carried = config.fastchess_state->carried.value_or(config::CarriedResults{});
        carried_games = std::min<std::int64_t>(carried.games(), static_cast<std::int64_t>(schedule.total_games()));
        tally.add_carried(carried);
        contiguous = std::make_unique<ContiguousResults>(schedule, carried);
    }

    db::RunRecord wanted;
    wanted.kind = run_kind(schedule.kind());
    // The seed stays the config's: a rebuilt engine plays the same openings in its new run.
    wanted.config_json = run_identity_with_engines(identity, engine_specs(engines));
    wanted.time_control = tc::to_pgn_string(engines[0].time_control);
    wanted.host = host_name();
    if (config.shard) wanted.shard_index = config.shard->index, wanted.shard_count = config.shard->count;
    if (config.shard || config.pairs) {
        wanted.pair_begin = static_cast<std::int64_t>(selection.begin);
        wanted.pair_end = static_cast<std::int64_t>(selection.end);
    }
    // Engines and output files before the run's rows: a broken engine or option, or an output
    // file that cannot be opened, must not leave a run without games behind.
    set_up_diagnostics();
    const std::vector<std::string> option_warnings = check_engines_start(engines, config.strict, &probed);
    if (config.pgnout) pgn_out = std::make_unique<AppendFile>(*config.pgnout, "-pgnout");
    if (config.epdout) epd_out = std::make_unique<AppendFile>(*config.epdout, "-epdout");
    const std::int64_t selection_games =
        knockout ? static_cast<std::int64_t>(knockout->planned_games()) : games_in_selection(schedule, selection);
    const db::OpenedRun opened = open_match_run(database, config, wanted, engine_specs(engines), selection_games);
    print_run_choice(io.out, opened, selection_games);
    print_option_warnings(io, config.behaviour.warnings_on_stdout, option_warnings);
    if (const auto warning = openings_warning(config, engines, schedule)) io.err << *warning << '\n';
    run = opened.run;
    for (const auto& engine : engines) engine_ids.push_back(database.upsert_engine(engine.record));
}

// Loads what earlier sessions stored: the tally starts from their results and their games are
// not played again.
// A fastchess config.json's games are the schedule's first ones: they count as played, with the
// results it carried.
static bool carried(const Tournament::State& state, const ScheduledGame& game) {
    return static_cast<std::int64_t>(game.number) <= state.carried_games;
}

static double white_score_of(const db::GameRecord& stored) { return stats::white_points(stored.result); }

// The run's games, streamed one at a time (a run may hold millions): by pair, then game.
static db::RunGamesQuery run_games(const Tournament::State& state) {
    db::RunGamesQuery query;
    query.run_id = state.run.id;
    return query;
}

// This process's games (its shard or --pairs), in the order they were stored and written.
static db::RunGamesQuery selection_games(const Tournament::State& state) {
    db::RunGamesQuery query = run_games(state);
    query.pair_begin = static_cast<std::int64_t>(state.selection.begin);
    query.pair_end = static_cast<std::int64_t>(state.selection.end);
    query.storing_order = true;
    return query;
}

// A knockout's stored games go back into its bracket in pair order: round by round, as played.
static void load_knockout_game(Tournament::State& state, const db::GameRecord& stored) {
    const auto pair_index = static_cast<std::uint64_t>(stored.pair_index);
    const ScheduledGame game = state.knockout->restore(pair_index, white_score_of(stored));
    state.completed.insert({stored.pair_index, stored.game_index});
    ++state.stored_in_run;
    state.tally.add(game, white_score_of(stored), 1, stored_description(stored.pgn));
}

static void load_scheduled_game(Tournament::State& state, const db::GameRecord& stored) {
    const auto pair_index = static_cast<std::uint64_t>(stored.pair_index);
    if (pair_index >= state.schedule.total_pairs()) return;
    const PairTask task = state.schedule.pair(pair_index);
    if (stored.game_index < 0 || static_cast<std::size_t>(stored.game_index) >= task.games.size()) return;
    state.completed.insert({stored.pair_index, stored.game_index});
    ++state.stored_in_run;
    const ScheduledGame& game = task.games[static_cast<std::size_t>(stored.game_index)];
    if (carried(state, game)) return;  // counted in the carried results already
    const double white_score = white_score_of(stored);
    state.tally.add(game, white_score, task.games.size(), stored_description(stored.pgn));
    if (state.contiguous) state.contiguous->add(game, first_engine_score(state.schedule, game, white_score));
}

static void load_previous_games(Tournament::State& state) {
    state.database.for_each_game_of_run(run_games(state), [&](const db::GameRecord& stored) {
        if (state.knockout) load_knockout_game(state, stored);
        else load_scheduled_game(state, stored);
        return true;
    });
    if (state.knockout) {
        state.games_in_selection_left =
            static_cast<std::int64_t>(state.knockout->planned_games()) - state.tally.games();
        return;
    }
    for (std::uint64_t pair = state.selection.begin; pair < state.selection.end && state.carried_games > 0; ++pair) {
        for (const auto& game : state.schedule.pair(pair).games)
            if (carried(state, game)) state.completed.insert({static_cast<std::int64_t>(pair), game.game_index});
    }
    for (std::uint64_t pair = state.selection.begin; pair < state.selection.end; ++pair) {
        const PairTask task = state.schedule.pair(pair);
        std::size_t missing = 0;
        for (const auto& game : task.games)
            missing += state.completed.count({static_cast<std::int64_t>(pair), game.game_index}) ? 0 : 1;
        if (missing > 0) state.todo.push_back(pair);
        state.games_in_selection_left += static_cast<std::int64_t>(missing);
    }
}

// This process's stored games as `text` words them for an output file, read from the database
// anew for each look, one game at a time.
static StoredTexts stored_texts(Tournament::State& state, bool with_moves,
                                std::string (*text)(const config::MatchConfig&, const db::GameRecord&)) {
    return [&state, with_moves, text](std::size_t first, const StoredTextVisitor& visit) {
        db::RunGamesQuery query = selection_games(state);
        query.with_moves = with_moves;
        query.skip = static_cast<std::int64_t>(first);
        std::size_t index = first;
        state.database.for_each_game_of_run(
            query, [&](const db::GameRecord& game) { return visit(index++, text(state.config, game)); });
    };
}

static std::string epd_text(const config::MatchConfig&, const db::GameRecord& game) { return epd_file_text(game); }

// Earlier sessions may have stored games their output files never got (a write failed, the
// process died between storing and writing): they are written now, as a live run writes them.
static void complete_output_file(Tournament::State& state, AppendFile& file, const StoredTexts& stored_texts) {
    const std::string run = "run " + std::to_string(state.run.id) + " of " + state.database.path();
    const std::size_t written = file.append_missing(stored_texts, run);
    if (written > 0) {
        state.io.err << "arbiter: " << file.flag() << ' ' << file.path() << ": wrote " << written << " stored game"
                     << (written == 1 ? "" : "s") << " it was missing\n";
        if (file.crc32()) state.io.out << file.crc32_line() << '\n';
    }
}

// fastchess's append=false: a run that starts with no games empties the file. A run that resumes
// (games stored, or carried by a fastchess config.json) keeps it, as fastchess does, so no game is
// lost; what the file misses is then written from the database.
static void start_output_file(Tournament::State& state, AppendFile& file, bool append, std::int64_t stored) {
    if (append) return;
    const std::int64_t resumed_from = stored + state.carried_games;
    if (resumed_from == 0) {
        file.truncate();
        return;
    }
    state.io.out << "Resuming from " << resumed_from << " games, ignoring " << file.flag() << " append=false\n";
}

static void complete_output_files(Tournament::State& state) {
    if (!state.pgn_out && !state.epd_out) return;
    const std::int64_t stored = state.database.count_games_of_run(selection_games(state));
    if (state.pgn_out) {
        start_output_file(state, *state.pgn_out, state.config.pgnout_append, stored);
        if (state.config.pgnout_crc32) state.pgn_out->track_crc32();
        complete_output_file(state, *state.pgn_out,
                             stored_texts(state, pgn_text_needs_moves(state.config), pgn_file_text));
    }
    if (state.epd_out) {
        start_output_file(state, *state.epd_out, state.config.epdout_append, stored);
        complete_output_file(state, *state.epd_out, stored_texts(state, false, epd_text));
    }
}

Tournament::Tournament(const config::MatchConfig& config, std::vector<PreparedEngine> engines, db::Database& database,
                       TournamentIo io)
    : state_(std::make_unique<State>(config, std::move(engines), database, io)) {
    load_previous_games(*state_);
    if (state_->carried_games > 0)
        io.out << "Continuing fastchess's run: " << state_->carried_games << " of " << state_->schedule.total_games()
               << " games played before, as its config.json counts them\n";
    complete_output_files(*state_);
}

std::int64_t Tournament::run_id() const { return state_->run.id; }

Tournament::~Tournament() = default;

static void print_summary(Tournament::State& state) {
    if (state.live_line_shown) state.io.out << '\n';
    const output::SessionCounts session{state.games_this_session, state.stored_in_run, state.run.id,
                                        state.database.path(), state.carried_games};
    state.match_output->match_finished(state.io.out, state.standings(), session);
    state.io.out.flush();
}

// The monitor: forwards the interrupt flag to the workers and keeps the live line fresh, until
// every worker has returned.
static void monitor(Tournament::State& state) {
    std::unique_lock lock(state.mutex);
    auto next_refresh = std::chrono::steady_clock::now();
    while (state.workers_running > 0) {
        state.changed.wait_for(lock, std::chrono::milliseconds(50));
        if (state.io.interrupt && state.io.interrupt->load() != 0 && !state.end) {
            state.stop(RunEnd::interrupted, "interrupted: games in progress were abandoned and not counted");
        }
        if (state.io.live_progress && std::chrono::steady_clock::now() >= next_refresh) {
            state.refresh_live_line();
            next_refresh = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        }
    }
}

TournamentOutcome Tournament::run() {
    State& state = *state_;
    int workers = state.config.concurrency > 0 ? state.config.concurrency
                                               : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const std::uint64_t work =
        state.knockout ? (state.knockout->finished() ? 0 : state.knockout->planned_games()) : state.todo.size();
    workers = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(workers), work));
    if (work == 0 && state.knockout) {
        state.io.out << "The knockout of run " << state.run.id << " is already decided.\n";
    } else if (work == 0) {
        state.io.out << "All " << state.selection.size() << " pairs of the selection are already played (run "
                     << state.run.id << ").\n";
    }
    if (state.config.sprt && !state.sprt)
        state.io.err << "Warning: -sprt applies to a match of two engines; ignored for a " << state.config.tournament
                     << " of " << state.engines.size() << " engines\n";
    state.match_output->match_starting(state.io.out);
    if (state.sprt) {
        // A resumed run may already be decided.
        if (auto verdict = sprt_state(*state.sprt, state.tally.pairing(0));
            verdict && verdict->decision != stats::SprtDecision::continue_testing) {
            workers = 0;
            state.end = verdict->decision == stats::SprtDecision::h0 ? RunEnd::sprt_h0 : RunEnd::sprt_h1;
        }
    }
    // Once for every kind of run, for the games at once asked for (as -use-affinity counts its
    // slots), even when fewer pairs are left to play.
    if (workers > 0)
        warn_if_oversubscribed(state.game_slots(), state.engines, state.cpu_slots->pinned_cpus(), state.io.err);
    state.database.set_run_status(state.run.id, db::RunStatus::running);
    // Before the threads, after them: every worker's enrolment ends before the watchdog does.
    process::ReadWatchdog read_watchdog;
    std::vector<std::thread> threads;
    state.workers_running = workers;
    for (int i = 0; i < workers; ++i)
        threads.emplace_back([&state, &read_watchdog] { run_worker(state, read_watchdog); });
    monitor(state);
    for (auto& thread : threads) thread.join();

    TournamentOutcome outcome;
    outcome.end = state.end.value_or(RunEnd::completed);
    outcome.message = state.end_message;
    outcome.run_id = state.run.id;
    outcome.games_played = state.games_this_session;
    const db::RunStatus status = outcome.end == RunEnd::interrupted ? db::RunStatus::aborted
                                 : outcome.end == RunEnd::failed || outcome.end == RunEnd::bad_config
                                     ? db::RunStatus::failed
                                     : db::RunStatus::finished;
    state.database.set_run_status(state.run.id, status);
    print_summary(state);
    {
        std::lock_guard lock(state.mutex);
        state.save_state_file();
    }
    return outcome;
}

void check_openings(const config::MatchConfig& config) {
    if (!config.openings) return;
    openings::OpeningBook::open(book_options(*config.openings, 0, config.variant == "fischerandom"));
}

}  // namespace arbiter::runner
