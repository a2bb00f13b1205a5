#include "cli/spsa_command.h"

#include <filesystem>
#include <limits>
#include <optional>
#include <set>

#include "cli/command_output.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/match_flags.h"
#include "harness/config/plain_text.h"
#include "harness/runner/interrupt_guard.h"
#include "harness/spsa/spsa_runner.h"

namespace arbiter::cli {
namespace {

constexpr const char* kUsage =
    "usage: arbiter spsa -engine cmd=PATH [name=N] [option.X=V] ... [-each nodes=N|depth=N|tc=TC ...]\n"
    "                    [-openings file=F format=epd|pgn order=random|sequential plies=N] [-concurrency N]\n"
    "                    [-draw ...] [-resign ...] [-maxmoves N] [-seed N] [--db FILE] [--no-db-check]\n"
    "                    --params FILE [--iterations N] [--pairs-per-iteration K] [--name NAME]\n"
    "                    [--alpha 0.602] [--gamma 0.101] [--A-ratio 0.1]\n"
    "  Tunes the one engine's UCI options by SPSA through games: each iteration plays K game pairs\n"
    "  (one opening, both colours) of θ+ against θ−, two copies of the engine with the options set to\n"
    "  θ ± c_k (fishtest's or OpenBench's schedule and rounding, after the parameter file's format),\n"
    "  then moves θ by R_k c_k (wins - losses). The other flags are `arbiter match`'s.\n"
    "  --params FILE: fishtest lines 'name,value,min,max,c_end,r_end' or OpenBench lines\n"
    "    'NAME, int|float, VALUE, MIN, MAX, C_END, R_END'; '#' comments and blank lines skipped. Each\n"
    "    parameter must name an option the engine declares: an int one a spin option whose range holds\n"
    "    MIN..MAX, a float one a string option (checked before the run is stored).\n"
    "  --iterations N (default 100), --pairs-per-iteration K (default 8; the pairs play concurrently).\n"
    "  --alpha, --gamma: the gain exponents; --A-ratio: the stability constant A as a share of the\n"
    "    schedule's length (fishtest: of the game pairs, OpenBench: of the iterations).\n"
    "  --name NAME: the run in the database (default: the parameter file's name without extension);\n"
    "  -seed N: a new run's random seed (default: random), stored with the run.\n"
    "  Every iteration is stored; re-running the same command resumes at the next iteration (a\n"
    "  half-played one keeps its perturbation and stored games); one process at a time plays a run (a\n"
    "  second is refused). At the end: the values in fishtest's and OpenBench's formats, as setoption\n"
    "  lines and as -each option.X=V words.\n"
    "  Then: arbiter report spsa --db FILE --format md|html|json\n"
    "  example (from the repository's root; both files ship with it):\n"
    "    arbiter spsa -engine cmd=build/bin/tempo name=tempo -each nodes=8000 option.Hash=16\n"
    "      -openings file=openings/8moves_v3.pgn format=pgn order=random -concurrency 2\n"
    "      --params ci/spsa/tempo-search.txt --iterations 500 --pairs-per-iteration 8 --db spsa.db\n";

constexpr std::int64_t kMaxCount = std::numeric_limits<int>::max();

struct SpsaArgs {
    std::string params_path;
    std::optional<std::string> name;
    spsa::Constants constants;
    int iterations = 100;
    int pairs = 8;
    std::vector<std::string> match_words;  // everything else: `arbiter match`'s flags
};

const std::set<std::string>& spsa_flags() {
    static const std::set<std::string> names{"params",  "iterations", "pairs-per-iteration", "alpha", "gamma",
                                             "A-ratio", "name"};
    return names;
}

double positive_number(FlagReader& flags) {
    const std::string text = flags.value();
    const double value = parse_number(flags.flag(), text);
    if (!(value > 0.0)) throw UsageError(flags.flag(), "expected a number above 0, got '" + text + "'");
    return value;
}

void read_spsa_flag(FlagReader& flags, SpsaArgs& parsed) {
    const std::string& name = flags.name();
    if (name == "params") parsed.params_path = flags.value();
    else if (name == "name") parsed.name = flags.value();
    else if (name == "iterations") parsed.iterations = static_cast<int>(flags.whole(1, kMaxCount / 2));
    else if (name == "pairs-per-iteration") parsed.pairs = static_cast<int>(flags.whole(1, 1 << 20));
    else if (name == "alpha") parsed.constants.alpha = positive_number(flags);
    else if (name == "gamma") parsed.constants.gamma = positive_number(flags);
    else {
        const std::string text = flags.value();
        parsed.constants.a_ratio = parse_number(flags.flag(), text);
        if (parsed.constants.a_ratio < 0.0)
            throw UsageError(flags.flag(), "expected a share of 0 or more, got '" + text + "'");
    }
}

// The spsa flags are read here; every other word goes to the match vocabulary as typed.
SpsaArgs split_args(const std::vector<std::string>& args) {
    SpsaArgs parsed;
    FlagReader flags(args);
    std::size_t at = 0;  // the index of the reader's word in args
    while (flags.next()) {
        if (!flags.is_positional() && spsa_flags().count(flags.name())) {
            const bool inline_value = flags.word().find('=') != std::string::npos;
            read_spsa_flag(flags, parsed);
            at += inline_value ? 1 : 2;
            continue;
        }
        parsed.match_words.push_back(args[at++]);
    }
    if (parsed.params_path.empty()) throw UsageError("--params", "give the parameter file to tune");
    return parsed;
}

void check_match(const config::MatchConfig& match) {
    if (match.engines.size() != 1)
        throw UsageError("-engine", "give the one engine to tune (θ+ and θ− are two copies of it), got " +
                                        std::to_string(match.engines.size()));
    if (match.sprt) throw UsageError("-sprt", "an SPSA iteration plays a fixed number of pairs; drop -sprt");
    if (match.shard || match.pairs)
        throw UsageError("--shard", "SPSA runs on one host: each iteration needs the θ the last one left");
}

std::string default_name(const std::string& params_path) { return std::filesystem::path(params_path).stem().string(); }

spsa::SpsaRequest make_request(const SpsaArgs& parsed, std::ostream& out) {
    spsa::SpsaRequest request;
    MatchRequest match = read_match_flags(parsed.match_words);
    check_match(match.config);
    request.name = parsed.name.value_or(default_name(parsed.params_path));
    if (request.name.empty()) throw UsageError("--name", "give the run a name");
    // The name goes into every game's Event tag, one line.
    if (auto problem = config::control_character_problem(request.name)) {
        if (parsed.name) throw UsageError("--name", *problem);
        throw UsageError("--params",
                         "the run's name (the file's name without extension): " + *problem + "; give --name");
    }
    request.file = spsa::read_parameter_file(parsed.params_path);
    request.constants = parsed.constants;
    request.iterations = parsed.iterations;
    request.pairs_per_iteration = parsed.pairs;
    if (match.config.seed_given) request.seed = match.config.seed;
    match.config.seed = 0;
    match.config.seed_given = false;
    request.match = match.config;
    request.check_db_pages = match.options.check_db_pages;
    request.live_progress = stdout_is_terminal(out);
    return request;
}

}  // namespace

int run_spsa_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    try {
        const spsa::SpsaRequest request = make_request(split_args(args), out);
        const runner::InterruptGuard interrupts;
        return spsa::run_spsa(request, spsa::SpsaIo{out, err, interrupts.flag()});
    } catch (const spsa::ParameterFileError& error) {
        err << "arbiter spsa: --params " << error.what() << "\n";
        return code(ExitStatus::bad_input);
    } catch (...) {
        return report_failure("spsa", err, BadInput::given_inputs(), kUsage);
    }
}

}  // namespace arbiter::cli
