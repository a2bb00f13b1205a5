#include "scheduler/match_command.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <iostream>
#include <unistd.h>

#include "config/match_config.h"
#include "db/database.h"
#include "epd/source_error.h"
#include "openings/book.h"
#include "scheduler/engine_setup.h"
#include "scheduler/tournament.h"

namespace arbiter::scheduler {
namespace {

// The one piece of process-wide state: async signal handlers can reach nothing else. Owned by
// this command; SignalGuard arms it for the duration of one run. A lock-free atomic rather than
// volatile sig_atomic_t because the handler may run on any thread while the monitor reads it.
std::atomic<int> g_interrupted{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void note_interrupt(int) { g_interrupted.store(1); }

// Installs the SIGINT/SIGTERM handlers for one run and puts the previous ones back afterwards.
class SignalGuard {
public:
    SignalGuard() {
        g_interrupted.store(0);
        struct sigaction action {};
        action.sa_handler = note_interrupt;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &old_int_);
        sigaction(SIGTERM, &action, &old_term_);
    }
    ~SignalGuard() {
        sigaction(SIGINT, &old_int_, nullptr);
        sigaction(SIGTERM, &old_term_, nullptr);
    }
    SignalGuard(const SignalGuard&) = delete;
    SignalGuard& operator=(const SignalGuard&) = delete;

private:
    struct sigaction old_int_ {};
    struct sigaction old_term_ {};
};

// Flags of this command that are not part of the shared cutechess/fastchess vocabulary.
struct CommandFlags {
    bool fail_on_h0 = false;
    bool help = false;
};

std::vector<std::string> take_command_flags(const std::vector<std::string>& args, CommandFlags& flags) {
    std::vector<std::string> rest;
    for (const auto& word : args) {
        if (word == "--fail-on-h0" || word == "-fail-on-h0") flags.fail_on_h0 = true;
        else if (word == "-h" || word == "--help" || word == "-help") flags.help = true;
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

int play(const config::MatchConfig& config, std::vector<PreparedEngine> engines, const CommandFlags& flags,
         std::ostream& out, std::ostream& err) {
    std::optional<db::Database> database;
    try {
        database.emplace(config.db);
    } catch (const db::DbError& error) {
        err << "arbiter: --db " << config.db << ": " << error.what() << '\n';
        return 2;
    }
    SignalGuard signals;
    TournamentIo io{out, err, stdout_is_terminal(out), &g_interrupted};
    std::optional<Tournament> tournament;
    try {
        tournament.emplace(config, std::move(engines), *database, io);
    } catch (const io::SourceError& error) {
        err << "arbiter: " << error.what() << '\n';
        return 2;
    } catch (const openings::OpeningsFlagError& error) {
        err << "arbiter: " << error.what() << '\n';
        return 2;
    } catch (const std::runtime_error& error) {  // output files, database
        err << "arbiter: " << error.what() << '\n';
        return 1;
    }
    const TournamentOutcome outcome = tournament->run();
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
           "                      [-maxmoves N] [-concurrency N] [-seed N] [-recover] [-variant fischerandom]\n"
           "                      [-sprt elo0=E elo1=E alpha=A beta=B model=normalized|logistic] [--fail-on-h0]\n"
           "                      [-ratinginterval N] [-pgnout FILE [min]] [-epdout FILE] [-event E] [-site S]\n"
           "                      [--db FILE] [--shard K/N] [--pairs START:COUNT] [-config FILE.json]\n";
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
    } catch (const config::ConfigError& error) {
        err << "arbiter: " << error.what() << '\n';
        return 2;
    }
    return play(config, std::move(engines), flags, out, err);
}

}  // namespace arbiter::scheduler
