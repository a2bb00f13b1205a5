#include "scheduler/match_command.h"

#include <algorithm>
#include <filesystem>
#include <atomic>
#include <iostream>
#include <unistd.h>

#include "config/match_config.h"
#include "db/database.h"
#include "epd/source_error.h"
#include "openings/book.h"
#include "scheduler/engine_setup.h"
#include "scheduler/interrupt_guard.h"
#include "scheduler/output_files.h"
#include "scheduler/tournament.h"

namespace arbiter::scheduler {
namespace {

// Flags of this command that are not part of the shared cutechess/fastchess vocabulary.
struct CommandFlags {
    bool fail_on_h0 = false;
    bool help = false;
    bool check_db_pages = true;  // PRAGMA quick_check on --db before the run writes into it
};

std::vector<std::string> take_command_flags(const std::vector<std::string>& args, CommandFlags& flags) {
    std::vector<std::string> rest;
    for (const auto& word : args) {
        if (word == "--fail-on-h0" || word == "-fail-on-h0") flags.fail_on_h0 = true;
        else if (word == "-h" || word == "--help" || word == "-help") flags.help = true;
        else if (word == "--no-db-check" || word == "-no-db-check") flags.check_db_pages = false;
        else rest.push_back(word);
    }
    return rest;
}

void validate(const config::MatchConfig& config) {
    if (config.variant == "fischerandom" && config.openings && config.openings->format == "bin")
        throw config::ConfigError("-openings", "Polyglot books hold standard chess only; -variant fischerandom needs EPD or PGN");
    if (config.ratinginterval < 0) throw config::ConfigError("-ratinginterval", "must not be negative");
    if (config.maxmoves < 0) throw config::ConfigError("-maxmoves", "must not be negative");
}

// build=HEAD names another commit tomorrow: the run's identity (resume, default seed) takes the
// commit and name the build resolved to, so runs of different commits never mix.
void pin_built_commits(config::MatchConfig& config, const std::vector<PreparedEngine>& engines) {
    for (std::size_t i = 0; i < engines.size() && i < config.engines.size(); ++i) {
        if (!config.engines[i].build) continue;
        config.engines[i].build = engines[i].spec.build;
        config.engines[i].name = engines[i].name;
    }
}

bool stdout_is_terminal(const std::ostream& out) { return &out == &std::cout && isatty(STDOUT_FILENO) == 1; }

int exit_code(const TournamentOutcome& outcome, const CommandFlags& flags) {
    switch (outcome.end) {
        case RunEnd::completed:
        case RunEnd::sprt_h1: return 0;
        case RunEnd::sprt_h0: return flags.fail_on_h0 ? 1 : 0;
        case RunEnd::interrupted:
        case RunEnd::failed: return 1;
        case RunEnd::bad_config: return 2;
    }
    return 1;
}

// A run refused before its first row (bad book, engine failing its start-up check) leaves no
// database behind that this run created: closes it and removes the file with its WAL and index.
void discard_if_created(std::optional<db::Database>& database, const std::string& path, bool existed_before) {
    database.reset();
    if (existed_before) return;
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ignored);
}

// Tournament's constructor loads the book, checks every engine and opens the output files before
// it writes a row, then writes the stored games the output files miss; its errors are bad input
// (2), except the database and failed writes (1).
// Called from a catch block: rethrows the exception in flight to sort it.
std::optional<int> refusal_code(std::ostream& err) {
    try {
        throw;
    } catch (const io::SourceError& error) {
        err << "arbiter: " << error.what() << '\n';
        return 2;
    } catch (const openings::OpeningsFlagError& error) {
        err << "arbiter: " << error.what() << '\n';
        return 2;
    } catch (const config::ConfigError& error) {  // an engine failed its start-up check
        err << "arbiter: " << error.what() << '\n';
        return 2;
    } catch (const OutputFileError& error) {  // -pgnout/-epdout cannot be opened or appended to
        err << "arbiter: " << error.what() << '\n';
        return 2;
    } catch (const std::runtime_error& error) {  // database, a failed write
        err << "arbiter: " << error.what() << '\n';
        return 1;
    } catch (const std::exception&) {
        return std::nullopt;  // not a refusal: the caller rethrows it
    }
}

int play(const config::MatchConfig& config, std::vector<PreparedEngine> engines, const CommandFlags& flags,
         std::ostream& out, std::ostream& err) {
    const bool db_existed = std::filesystem::exists(config.db);
    std::optional<db::Database> database;
    try {
        db::OpenOptions open_options;
        open_options.check_pages = flags.check_db_pages;
        database.emplace(config.db, open_options);
    } catch (const db::DbError& error) {
        err << "arbiter: --db " << config.db << ": " << error.what() << '\n';
        return 2;
    }
    const InterruptGuard interrupts;
    TournamentIo io{out, err, stdout_is_terminal(out), interrupts.flag()};
    std::optional<Tournament> tournament;
    try {
        tournament.emplace(config, std::move(engines), *database, io);
    } catch (const std::exception&) {
        const std::optional<int> code = refusal_code(err);
        discard_if_created(database, config.db, db_existed);
        if (!code) throw;
        return *code;
    }
    const TournamentOutcome outcome = tournament->run();
    // Scripts (ci/nightly) and `arbiter report run --run ID` need the id; stderr keeps stdout cutechess-shaped.
    err << "arbiter: games stored as run " << outcome.run_id << " in " << config.db << '\n';
    if (outcome.end == RunEnd::failed) err << "arbiter: run failed: " << outcome.message << '\n';
    if (outcome.end == RunEnd::bad_config) err << "arbiter: " << outcome.message << '\n';
    if (outcome.end == RunEnd::interrupted) err << "arbiter: " << outcome.message << '\n';
    return exit_code(outcome, flags);
}

}  // namespace

std::string match_usage() {
    return "usage: arbiter [match] -engine cmd=PATH [name=N] [proto=uci|xboard] [conf=REF] [option.X=V] ...\n"
           "                      -engine ... [-each tc=40/60|st=S|nodes=N|depth=N timemargin=MS restart=on]\n"
           "                      [-tournament round-robin|gauntlet] [-games N] [-rounds N] [-repeat]\n"
           "                      [-openings file=F format=epd|pgn|bin order=random|sequential plies=N start=N]\n"
           "                      [-draw movenumber=N movecount=N score=N] [-resign movecount=N score=N]\n"
           "                      [-maxmoves N] [-concurrency N] [-seed N] [-recover] [-ping-ms MS]\n"
           "                      [-variant fischerandom]\n"
           "                      [-sprt elo0=E elo1=E alpha=A beta=B model=normalized|logistic] [--fail-on-h0]\n"
           "                      [-ratinginterval N] [-pgnout FILE [min]] [-epdout FILE] [-logdir DIR|off]\n"
           "                      [-event E] [-site S] [--db FILE] [--shard K/N] [--pairs START:COUNT] [-config FILE.json]\n"
           "                      [--no-db-check]\n";
}

int run_match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    CommandFlags flags;
    const std::vector<std::string> rest = take_command_flags(args, flags);
    if (flags.help) {
        out << match_usage();
        return 0;
    }
    config::MatchConfig config;
    std::vector<PreparedEngine> engines;
    try {
        config = config::parse_match_args(rest);
        validate(config);
        engines = prepare_engines(config);
        pin_built_commits(config, engines);
    } catch (const config::ConfigError& error) {
        err << "arbiter: " << error.what() << '\n';
        return 2;
    }
    return play(config, std::move(engines), flags, out, err);
}

}  // namespace arbiter::scheduler
