#include "cli/help.h"

#include <sstream>

// The commit this arbiter was built from (cmake/GitVersion.cmake writes it at each build).
extern "C" const char arbiter_git_commit[];

namespace arbiter::cli {

std::string version_string() { return std::string(ARBITER_VERSION) + " (commit " + git_commit() + ")"; }

std::string version_number() { return ARBITER_VERSION; }

std::string git_commit() { return arbiter_git_commit; }

namespace {

constexpr const char* kHelpBody = R"( - chess engine match runner, EPD scorer and results database

Usage:
  arbiter [match] -engine SPEC... [-each SPEC] [match flags]   play games (cutechess-cli flags)
  arbiter stats (--wdl W D L | --penta LL LD DD WD WW) [--sprt ELO0 ELO1 ALPHA BETA]
                [--model logistic|normalized|bayesian] [--json] Elo, LOS, nElo, SPRT from counts
  arbiter ratings (--db FILE | --pgn FILE) [--anchor NAME=RATING...] [--scale logistic|ordo]
                [--average R] [--run ID...] [--ladder NAME] [--blocks] [--json]
                                                               Ordo-style maximum-likelihood ratings
  arbiter epd --engine SPEC --suite FILE (--movetime MS | --nodes N | --depth D)
              [--first N] [--concurrency N] [--timeout MS] [--engine-name NAME]
              [--git-commit SHA [--compare-previous] [--max-drop N]] [--db FILE] [--no-db-check]
              [--json]                                         score an EPD suite (default WAC)
  arbiter ttd --engine SPEC --engine SPEC... --positions FILE --depth D [--json]
                                                               time and nodes to depth, side by side
  arbiter merge [--no-db-check] OUT.db IN.db...                combine shard databases
  arbiter import FILE.pgn... --db FILE [--no-db-check]         PGN from any runner into the database
  arbiter export-positions --db FILE [--out FILE] [--run ID...] [--ladder NAME] [--skip-plies N]
                                                               labelled positions for `tempo tune`
  arbiter ladder CONFIG.json [--db FILE] [--shard K/N] [--smoke] [--tc-scale F] [--games N]
                [--target-error E [--max-games N]] [--no-db-check]
                                                               play a feature ladder
  arbiter spsa -engine cmd=PATH ... --params FILE [--iterations N] [--pairs-per-iteration K]
               [--alpha A] [--gamma G] [--A-ratio R] [--name NAME] [--db FILE]
                                                               tune UCI options by SPSA through games
  arbiter report features|commits|run|runs|opponents|epd|spsa --db FILE [--format md|html|csv|json] [--out FILE]
  arbiter report bisect --db FILE [--bisection ID] [--format text|md|html] [--out FILE]
                                                               tables and HTML charts from the database
  arbiter build --rev REV [--repo DIR] [--cache DIR] [--jobs N] [--recipe openbench|cmake|make|"CMD"
                [--dir D] [--exe PATH] [--target T]] [--make-var NAME=VALUE]... [--net FILE [--net-var NAME]]
                [--bench] [--no-verify-bench] [--build-timeout SECONDS]
                                                               build an engine at a git revision with
                                                               its recipe (cached per commit, recipe,
                                                               variables, network and toolchain),
                                                               check its bench; prints the binary's path
  arbiter bisect --repo DIR --good REV --bad REV [build flags] -each ... -openings ... [--db FILE]
                 [-sprt elo0=E0 elo1=E1 alpha=A beta=B] [--budget-games N] [--batch-pairs N]
                                                               name the commit that lost Elo between a
                                                               good and a bad revision, building and
                                                               playing commits against the good build
  arbiter serve --db FILE|DIR [--db FILE|DIR...] [--port N] [--bind ADDR]
                                                               a live web view of the databases
                                                               (read-only; pages follow runs as they
                                                               are written; ?format=json on any page)
  arbiter baseline current|list|record --db FILE [--name NAME] [--commit SHA --engine NAME --run ID]
                                                               the nightly's last good build
  arbiter compliance ENGINE [ARGS...]  (also --compliance)    check a UCI engine's answers step by step

Engine SPEC (after -engine or -each), cutechess/fastchess style key=value words:
  cmd=PATH name=NAME dir=DIR arg=WORD (repeatable) args="WORDS" proto=uci|xboard
  option.NAME=VALUE tc=TC st=SECONDS nodes=N depth=N timemargin=MS restart=auto|on|off
  initstr=LINE conf=CATALOGUE-NAME build=GIT-REV repo=DIR env.NAME=VALUE
  recipe=R recipe.dir=D recipe.exe=E recipe.target=T bench=yes|no make-var.NAME=V net=FILE net-var=NAME
                       (build='s recipe, variables and network, as arbiter build)
  book=POLYGLOT bookdepth=N stderr=FILE tscale=F ponder whitepov trust debug
  history=full|since-irreversible (UCI positions from the game's start, or from its last capture/pawn move)

Match flags:
  -openings file=F format=epd|pgn|bin order=random|sequential plies=N start=N
  -repeat [N]  -games N  -rounds N  -concurrency N  -tournament round-robin|gauntlet|knockout|pyramid
  -seeds N  -noswap  -reverse  -wait MS  -resultformat FORMAT|help  -outcomeinterval N
  -scoreinterval N  -report penta=true|false  -quick cmd=E1 cmd=E2 book=FILE  -srand N
  -draw movenumber=N movecount=N score=CP   -resign movecount=N score=CP twosided=true|false
  -maxmoves N  -pgnout FILE [min]  -epdout FILE  -logdir DIR|off  -recover  -seed N  -ping-ms MS
  -pgnout file=F notation=san|lan|uci nodes=true ... match_line=RE  -epdout file=F  (fastchess's forms)
  -crc32 pgn=true  -autosaveinterval N  -config file=F outname=F discard=B stats=B (fastchess's state)
  -sprt elo0=E elo1=E alpha=A beta=B model=normalized|logistic|bayesian   -ratinginterval N
  -output format=cutechess|fastchess (result lines as cutechess-cli's, the default, or fastchess's)
  -tb DIR[:DIR...] -tbpieces N -tbignore50 -tbadjudicate BOTH|WIN_LOSS|DRAW (Syzygy adjudication)
  -debug (every engine line, timestamped)  -log file=F level=L engine=true compress=true realtime=false
  -use-affinity [CPUS] (a CPU per game slot; more slots than CPUs share them round-robin, with a warning)
  -force-concurrency  -testEnv  -thread-affinity on|off (each game's thread on a CPU of its own; on)
  -config FILE.json  --db FILE (default arbiter.db)  --shard K/N  --pairs START:COUNT  --no-db-check
  -engines [FILE]  -bookmode ram|disk  -strict  -check-mate-pvs  -show-latency  -startup-ms MS
  -ucinewgame-ms MS  -variant standard|fischerandom  -event NAME  -site NAME
  -dialect arbiter|cutechess|fastchess (flags, defaults and result lines as that tool's; also
  chosen by calling arbiter through its cutechess-cli or fastchess link)
  -version  -help (with -dialect cutechess|fastchess: answered as that tool, naming arbiter)
  --resume RUN (continue that run, even if finished)  --new (always a new run; by default an
  interrupted run is resumed, a finished one or one of a rebuilt engine starts a new run)
  --fail-on-h0 (an SPRT accepting H0 exits 1)  --fail-on-forfeits [SHARE] (exit 2 naming any player
  that lost more than SHARE, default 0.5, of its games by illegal move, crash, no answer or time)

Time controls (tc=): moves/seconds+increment or m:ss, e.g. tc=120+1 (2+1 bullet), tc=40/60, tc=0:30+0.1.

Databases: match, ladder, epd, import and merge first read every page of the database they write
(PRAGMA quick_check, about 3 s per GiB) and refuse a damaged file; --no-db-check skips that. Readers
(ratings, report, export-positions) open read-only, so results on read-only media can be read.

Exit status: 0 success, 1 run failed (or SPRT accepted H0 where asked), 2 bad input.
See README.md for the full manual.
)";

}  // namespace

void print_help(std::ostream& out) { out << "arbiter " << version_string() << kHelpBody; }

bool print_command_usage(std::ostream& out, const std::string& command) {
    std::istringstream help(kHelpBody);
    const std::string head = "  arbiter " + command + " ";
    std::string line;
    bool inside = false, found = false;
    while (std::getline(help, line)) {
        // A command's entry is its "  arbiter CMD" line plus the deeper-indented lines under it.
        if (line.rfind(head, 0) == 0) inside = found = true;
        else if (line.rfind("    ", 0) != 0) inside = false;
        if (inside) out << (line.rfind(head, 0) == 0 ? "usage: " + line.substr(2) : line) << "\n";
    }
    return found;
}

}  // namespace arbiter::cli
