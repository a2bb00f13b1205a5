#include "cli/match_command.h"

#include "cli/command_output.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/match_flags.h"
#include "cli/tournament_flags.h"
#include "harness/catalogue/cutechess_engines.h"
#include "harness/output/result_list.h"
#include "harness/output/output_files.h"
#include "harness/schedule/run_identity.h"
#include "harness/runner/run_match.h"

namespace arbiter::cli {
namespace {

using runner::MatchRefused;
using runner::RunEnd;

ExitStatus exit_status(const runner::TournamentOutcome& outcome, bool fail_on_h0) {
    switch (outcome.end) {
        case RunEnd::completed:
        case RunEnd::sprt_h1: return ExitStatus::ok;
        case RunEnd::sprt_h0: return fail_on_h0 ? ExitStatus::failed : ExitStatus::ok;
        case RunEnd::interrupted:
        case RunEnd::failed: return ExitStatus::failed;
        case RunEnd::bad_config: return ExitStatus::bad_input;
    }
    return ExitStatus::failed;
}

// --fail-on-forfeits: a player that forfeited most of its games is a broken engine or machine, not
// a weak player, whatever the run's verdict; exit 2 like an engine that cannot start.
int report_forfeiters(const std::vector<runner::PlayerForfeits>& forfeiters, double limit, std::ostream& err) {
    for (const auto& player : forfeiters) {
        err << "arbiter: infrastructure failure: " << runner::describe_forfeits(player) << ", more than " << limit * 100
            << "% (--fail-on-forfeits)\n";
    }
    return code(ExitStatus::bad_input);
}

int report_outcome(const runner::TournamentOutcome& outcome, const MatchRequest& request, std::ostream& err) {
    // Scripts (ci/nightly) and `arbiter report run --run ID` need the id; stderr keeps stdout cutechess-shaped.
    err << "arbiter: games stored as run " << outcome.run_id << " in " << request.config.db << '\n';
    if (outcome.end == RunEnd::failed) err << "arbiter: run failed: " << outcome.message << '\n';
    if (outcome.end == RunEnd::bad_config) err << "arbiter: " << outcome.message << '\n';
    if (outcome.end == RunEnd::interrupted) err << "arbiter: " << outcome.message << '\n';
    if (!outcome.forfeiters.empty()) return report_forfeiters(outcome.forfeiters, *request.options.forfeit_limit, err);
    return code(exit_status(outcome, request.fail_on_h0));
}

// A run refused before its first game: a database that cannot be opened is bad input whatever the
// reason; so are the book, an engine failing its start-up check and -pgnout/-epdout that cannot be
// opened or appended to, while the database's first writes failing are a failed run.
int report_refusal(const MatchRefused& refused, const std::string& db, std::ostream& err) {
    if (refused.stage() == MatchRefused::Stage::open_database) {
        err << "arbiter match: --db " << db << ": " << refused.what() << '\n';
        return code(ExitStatus::bad_input);
    }
    try {
        std::rethrow_exception(refused.cause());
    } catch (const output::OutputFileError& error) {
        err << "arbiter match: " << error.what() << '\n';
        return code(ExitStatus::bad_input);
    } catch (const schedule::ResumeRefused& error) {
        err << "arbiter match: --resume " << error.run_id() << ": " << error.what()
            << "; leave --resume out to resume or start this command's own run\n";
        return code(ExitStatus::bad_input);
    } catch (...) {
        return report_failure("match", err, BadInput{true, nullptr});
    }
}

// Bare -engines: the names in cutechess's engines.json, one a line, as cutechess-cli lists them.
int list_cutechess_engines(const MatchRequest& request, std::ostream& out) {
    if (const auto path = catalogue::cutechess_engines_path(request.config.engines_file)) {
        const catalogue::CutechessEngines engines = catalogue::CutechessEngines::load(*path);
        for (const auto& [name, spec] : engines.entries()) out << name << '\n';
    }
    return code(ExitStatus::ok);
}

}  // namespace

std::string match_usage() {
    return "usage: arbiter [match] -engine cmd=PATH [name=N] [proto=uci|xboard] [conf=REF] [option.X=V] ...\n"
           "                      -engine ... [-each tc=40/60|st=S|nodes=N|depth=N timemargin=MS restart=on]\n"
           "                      [-tournament round-robin|gauntlet|knockout|pyramid] [-seeds N] [-games N]\n"
           "                      [-rounds N] [-repeat [N]] [-noswap] [-reverse] [-wait MS]\n"
           "                      [-resultformat FORMAT|help] [-outcomeinterval N] [-scoreinterval N]\n"
           "                      [-report penta=true|false] [-quick cmd=E1 cmd=E2 book=FILE]\n"
           "                      [-openings file=F format=epd|pgn|bin order=random|sequential plies=N start=N]\n"
           "                      [-draw movenumber=N movecount=N score=N] [-resign movecount=N score=N]\n"
           "                      [-maxmoves N] [-concurrency N] [-seed N] [-recover] [-ping-ms MS]\n"
           "                      [-variant standard|fischerandom]\n"
           "                      [-tb DIR[:DIR...] [-tbpieces N] [-tbignore50] [-tbadjudicate BOTH|WIN_LOSS|DRAW]]\n"
           "                      [-sprt elo0=E elo1=E alpha=A beta=B model=normalized|logistic|bayesian] [--fail-on-h0]\n"
           "                      [--fail-on-forfeits [SHARE]] (exit 2 naming any player that lost more than\n"
           "                       SHARE, default 0.5, of its games by illegal move, crash, no answer or time)\n"
           "                      [-ratinginterval N] [-output format=cutechess|fastchess]\n"
           "                      [-pgnout FILE [min]] [-epdout FILE] [-logdir DIR|off]\n"
           "                      [-pgnout file=F notation=san|lan|uci append=B min=B nodes=B seldepth=B nps=B\n"
           "                       hashfull=B tbhits=B pv=B timeleft=B latency=B match_line=REGEX]\n"
           "                      [-epdout file=F append=B] [-crc32 pgn=true] [-autosaveinterval N]\n"
           "                      [-config file=F outname=F discard=B stats=B] [-dialect arbiter|cutechess|fastchess]\n"
           "                      [-event E] [-site S] [--db FILE] [--shard K/N] [--pairs START:COUNT] [-config FILE.json]\n"
           "                      [--resume RUN | --new] [--no-db-check]\n"
           "  engine keys also: book=F bookdepth=N stderr=F tscale=F ponder whitepov trust debug conf=NAME\n"
           "                      [-engines [FILE]] [-bookmode ram|disk] [-strict] [-check-mate-pvs] [-show-latency]\n"
           "                      [-startup-ms MS] [-ucinewgame-ms MS]\n"
           "                      [-debug] [-log file=F level=trace|info|warn|err|fatal append= compress= realtime= engine=]\n"
           "                      [-use-affinity [CPUS]] [-force-concurrency] [-testEnv] [-thread-affinity on|off]\n";
}

int run_match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << match_usage();
        return code(ExitStatus::ok);
    }
    if (asks_for_resultformat_help(args)) {
        out << output::resultformat_help();
        return code(ExitStatus::ok);
    }
    MatchRequest request;
    try {
        request = read_match_flags(args);
        for (const auto& warning : request.warnings) err << "Warning: " << warning << '\n';
        if (request.list_engines) return list_cutechess_engines(request, out);
        request.options.live_progress = stdout_is_terminal(out);
        const auto outcome = runner::run_match(request.config, request.options, out, err);
        return report_outcome(outcome, request, err);
    } catch (const MatchRefused& refused) {
        return report_refusal(refused, request.config.db, err);
    } catch (...) {
        // Flags, the config file and engines that cannot be prepared are bad input; a failure
        // while playing fails the run.
        return report_failure("match", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
