#include "harness/runner/run_match.h"

#include <filesystem>
#include <optional>

#include "db/database.h"
#include "harness/runner/engine_setup.h"
#include "harness/runlog/log_tee.h"
#include "harness/runner/cpu_slots.h"
#include "harness/runner/interrupt_guard.h"
#include "harness/output/output_files.h"

namespace arbiter::runner {

using output::NamedOutput;
using output::OutputFileError;
using output::refuse_outputs_on_database;

namespace {

// build=HEAD names another commit tomorrow: the run's identity (resume, default seed) takes the
// commit and name the build resolved to, so runs of different commits never mix.
void pin_built_commits(config::MatchConfig& config, const std::vector<PreparedEngine>& engines) {
    for (std::size_t i = 0; i < engines.size() && i < config.engines.size(); ++i) {
        if (!config.engines[i].build) continue;
        config.engines[i].build = engines[i].spec.build;
        config.engines[i].name = engines[i].name;
    }
}

// A run refused before its first row (bad book, engine failing its start-up check) leaves no
// database behind that this run created: closes it and removes the file with its WAL and index.
void discard_if_created(std::optional<db::Database>& database, const std::string& path, bool existed_before) {
    database.reset();
    if (existed_before) return;
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ignored);
}

std::string message_of(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "unknown error";
    }
}

// Before anything is opened: -log append=false would empty the database at once. A compressed log
// takes a new dated name, which is not the database's.
void refuse_outputs_in_database(const config::MatchConfig& config) {
    std::vector<NamedOutput> outputs;
    if (config.pgnout) outputs.push_back({"-pgnout", *config.pgnout});
    if (config.epdout) outputs.push_back({"-epdout", *config.epdout});
    if (config.log && !config.log->compress) outputs.push_back({"-log file", config.log->file});
    if (config.fastchess_state) outputs.push_back({"-config outname", config.fastchess_state->outname});
    try {
        refuse_outputs_on_database(outputs, config.db);
    } catch (const OutputFileError&) {
        const std::exception_ptr cause = std::current_exception();
        throw MatchRefused(MatchRefused::Stage::set_up, cause, message_of(cause));
    }
}

// A -log write that failed fails the run as a failed -pgnout write does (the games are stored).
// Each game looks for a failure at its end; this catches one in the last records and in closing
// the file, where zlib writes most of a compressed log.
void fail_on_log_failure(runlog::RunLog& log, TournamentOutcome& outcome) {
    log.close();
    const std::string failure = log.failure();
    if (failure.empty() || outcome.message == failure) return;
    if (outcome.end == RunEnd::failed || outcome.end == RunEnd::bad_config || outcome.end == RunEnd::interrupted) {
        outcome.message += "; " + failure;
        return;
    }
    outcome.end = RunEnd::failed;
    outcome.message = failure;
}

// Runs whose stored games say something about the players: not a refused configuration, and not
// one its user stopped.
bool played_games(RunEnd end) { return end != RunEnd::bad_config && end != RunEnd::interrupted; }

TournamentOutcome run_logged_match(config::MatchConfig config, const MatchOptions& options, std::ostream& out,
                                   std::ostream& err, runlog::RunLog* log) {
    std::vector<PreparedEngine> engines = prepare_engines(config, err);
    pin_built_commits(config, engines);

    const bool db_existed = std::filesystem::exists(config.db);
    std::optional<db::Database> database;
    try {
        db::OpenOptions open_options;
        open_options.check_pages = options.check_db_pages;
        database.emplace(config.db, open_options);
    } catch (const db::DbError&) {
        const std::exception_ptr cause = std::current_exception();
        throw MatchRefused(MatchRefused::Stage::open_database, cause, message_of(cause));
    }
    // Once the run has a database: the engines' start-up checks below already write their logs.
    announce_stderr_logs(config, engines, err);
    const InterruptGuard interrupts;
    const TournamentIo io{out, err, options.live_progress, interrupts.flag(), log};
    // Tournament's constructor loads the book, checks every engine and opens the output files
    // before it writes a row, then writes the stored games the output files miss.
    std::optional<Tournament> tournament;
    try {
        tournament.emplace(config, std::move(engines), *database, io);
    } catch (...) {
        const std::exception_ptr cause = std::current_exception();
        discard_if_created(database, config.db, db_existed);
        throw MatchRefused(MatchRefused::Stage::set_up, cause, message_of(cause));
    }
    TournamentOutcome outcome = tournament->run();
    if (options.forfeit_limit && played_games(outcome.end))
        outcome.forfeiters = over_forfeit_limit(tally_forfeits(database->player_terminations_of_run(outcome.run_id)),
                                                *options.forfeit_limit);
    return outcome;
}

}  // namespace

TournamentOutcome run_match(config::MatchConfig config, const MatchOptions& options, std::ostream& out,
                            std::ostream& err) {
    refuse_outputs_in_database(config);
    // -log: what the run prints on stdout is kept at info, on stderr at warn, as fastchess logs.
    std::optional<runlog::RunLog> log;
    std::optional<runlog::LogTee> logged_out, logged_err;
    if (config.log) {
        log.emplace(*config.log);
        logged_out.emplace(out, *log, config::LogLevel::info);
        logged_err.emplace(err, *log, config::LogLevel::warn);
    }
    std::ostream& run_out = logged_out ? *logged_out : out;
    std::ostream& run_err = logged_err ? *logged_err : err;
    config.concurrency = usable_concurrency(config, run_err);
    TournamentOutcome outcome = run_logged_match(std::move(config), options, run_out, run_err, log ? &*log : nullptr);
    if (log) fail_on_log_failure(*log, outcome);
    return outcome;
}

}  // namespace arbiter::runner
