#include "engine/tune/tune_command.h"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

#include "engine/eval_params.h"
#include "engine/eval_trace.h"
#include "engine/features.h"
#include "engine/text_util.h"
#include "engine/tune/labelled_positions.h"
#include "engine/tune/optimizers.h"
#include "engine/tune/param_file.h"
#include "engine/tune/training_set.h"

namespace tempo::tune {

namespace {

constexpr long long kDefaultAdamEpochs = 2000;
constexpr long long kDefaultSwarmIterations = 200;

struct TuneOptions {
    std::vector<std::string> inputs;
    std::string optimizer = "adam";
    std::string out_path = "eval_tuned_params.cpp";
    bool start_from_tuned = false;
    std::optional<long long> iterations;
    double max_seconds = 0;
    int threads = 2;
    double learning_rate = 1.0;
    int particles = 10;
    long long seed = 1;
    int skip_plies = 0;
    std::optional<double> k;
    double score_weight = 0;  // share of the search score in the training target (0: results only)
    double report_seconds = 5;
    double validation_share = 0.1;            // the last positions, held out to show overfitting
    bool early_stop = true;                   // adam: keep the values with the lowest held-out error
    std::vector<std::string> param_prefixes;  // empty: every tunable parameter
    bool help = false;                        // --help / -h: print the usage, tune nothing
};

const char* const kUsage =
    "usage: tempo tune [--optimizer adam|swarm] [--out FILE] [--start handset|tuned] [--iterations N]\n"
    "                  [--time SECONDS] [--threads N] [--learning-rate X] [--particles N] [--seed N]\n"
    "                  [--skip-plies N] [--k K] [--score-weight W] [--validate SHARE] [--early-stop on|off]\n"
    "                  [--params PREFIX,...] [--report SECONDS] FILE...\n";

const char* const kOptionHelp =
    "Texel tuning of the evaluation parameters; writes them as a C++ file. FILE...: PGN games or labelled\n"
    "positions (\"<fen> [1.0]\", EPD with c9 \"1-0\";, \"<fen> | <score> | <result>\"); engine/tune/README.md.\n"
    "  --optimizer adam|swarm  gradient descent over the eval trace (default adam) or particle swarm\n"
    "  --out FILE              the generated parameter file (default eval_tuned_params.cpp)\n"
    "  --start handset|tuned   start from the hand-set (default) or the compiled tuned values\n"
    "  --iterations N          Adam epochs (default 2000) or swarm iterations (default 200)\n"
    "  --time SECONDS          stop after this much optimisation (0: no limit, the default)\n"
    "  --threads N             Adam: threads per epoch; swarm: swarms, one thread each (default 2)\n"
    "  --learning-rate X       Adam's step in centipawns (default 1.0)\n"
    "  --particles N           particles per swarm (default 10)\n"
    "  --seed N                random seed (default 1)\n"
    "  --skip-plies N          drop positions before this game ply (default 0)\n"
    "  --k K                   use this K instead of fitting it\n"
    "  --score-weight W        0..1, share of the search score in the target (default 0: results only)\n"
    "  --validate SHARE        share of positions held out to measure overfitting (default 0.1)\n"
    "  --early-stop on|off     Adam keeps the values with the lowest held-out error (default on)\n"
    "  --params PREFIX,...     tune only parameters whose names start with these prefixes\n"
    "  --report SECONDS        seconds between progress lines (default 5)\n"
    "  --help, -h              this text\n";

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

long long integer_flag(const std::string& flag, const std::string& text, long long min) {
    long long value = 0;
    if (!parse_int64(text, value) || value < min)
        throw UsageError(flag + " needs an integer of at least " + std::to_string(min) + ", got '" + text + "'");
    return value;
}

double number_flag(const std::string& flag, const std::string& text, double min) {
    std::istringstream in(text);
    double value = 0;
    if (!(in >> value) || !in.eof() || !(value >= min))
        throw UsageError(flag + " needs a number of at least " + std::to_string(min) + ", got '" + text + "'");
    return value;
}

TuneOptions parse_options(const std::vector<std::string>& args) {
    TuneOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& flag = args[i];
        if (flag.empty() || flag[0] != '-') {
            options.inputs.push_back(flag);
            continue;
        }
        if (flag == "--help" || flag == "-h") {
            options.help = true;
            return options;
        }
        if (i + 1 >= args.size()) throw UsageError(flag + " needs a value");
        const std::string& value = args[++i];
        if (flag == "--optimizer") {
            if (value != "adam" && value != "swarm")
                throw UsageError("--optimizer is adam or swarm, got '" + value + "'");
            options.optimizer = value;
        } else if (flag == "--out") {
            options.out_path = value;
        } else if (flag == "--start") {
            if (value != "handset" && value != "tuned")
                throw UsageError("--start is handset or tuned, got '" + value + "'");
            options.start_from_tuned = value == "tuned";
        } else if (flag == "--iterations") {
            options.iterations = integer_flag(flag, value, 1);
        } else if (flag == "--time") {
            options.max_seconds = number_flag(flag, value, 0);
        } else if (flag == "--threads") {
            options.threads = int(integer_flag(flag, value, 1));
        } else if (flag == "--learning-rate") {
            options.learning_rate = number_flag(flag, value, 1e-6);
        } else if (flag == "--particles") {
            options.particles = int(integer_flag(flag, value, 2));
        } else if (flag == "--seed") {
            options.seed = integer_flag(flag, value, 0);
        } else if (flag == "--skip-plies") {
            options.skip_plies = int(integer_flag(flag, value, 0));
        } else if (flag == "--k") {
            options.k = number_flag(flag, value, 1);
        } else if (flag == "--score-weight") {
            options.score_weight = number_flag(flag, value, 0);
            if (options.score_weight > 1) throw UsageError("--score-weight is between 0 and 1, got '" + value + "'");
        } else if (flag == "--validate") {
            options.validation_share = number_flag(flag, value, 0);
            if (options.validation_share >= 1)
                throw UsageError("--validate needs a share below 1, got '" + value + "'");
        } else if (flag == "--params") {
            options.param_prefixes = split_on(value, ',');
        } else if (flag == "--early-stop") {
            if (value != "on" && value != "off") throw UsageError("--early-stop is on or off, got '" + value + "'");
            options.early_stop = value == "on";
        } else if (flag == "--report") {
            options.report_seconds = number_flag(flag, value, 0);
        } else {
            throw UsageError("unknown option '" + flag + "'");
        }
    }
    if (options.inputs.empty()) throw UsageError("no input files");
    return options;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<double> as_doubles(const EvalParams& params) {
    const std::vector<int> slots = params_to_slots(params);
    return {slots.begin(), slots.end()};
}

std::vector<LabelledPosition> read_inputs(const TuneOptions& options, std::ostream& out) {
    std::vector<LabelledPosition> positions;
    for (const std::string& path : options.inputs) {
        ReadCounts counts;
        read_labelled_file(path, ReadOptions{options.skip_plies}, positions, counts);
        out << "read " << path << ": " << counts.lines << " positions, kept " << counts.kept << " (skipped "
            << counts.in_check << " in check, " << counts.book << " book, " << counts.early << " early)" << std::endl;
    }
    return positions;
}

TuneResult optimise(const TuneOptions& options, const TexelError& objective, const TexelError& validation,
                    const TuneSpace& space, double k, std::ostream& out) {
    StopRule stop;
    stop.max_seconds = options.max_seconds;
    stop.report_seconds = options.report_seconds;
    if (options.optimizer == "adam") {
        stop.max_iterations = options.iterations.value_or(kDefaultAdamEpochs);
        AdamSettings settings{options.learning_rate, stop};
        if (options.early_stop && validation.size() > 0) settings.validation = &validation;
        return run_adam(objective, space, k, settings, out);
    }
    stop.max_iterations = options.iterations.value_or(kDefaultSwarmIterations);
    SwarmSettings settings{options.threads, options.particles, std::uint64_t(options.seed), stop};
    return run_swarm(objective, space, k, settings, out);
}

int tune(const TuneOptions& options, std::ostream& out) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<LabelledPosition> positions = read_inputs(options, out);
    FeatureSet features = FeatureSet::all();
    features.set(Feature::TunedEval, options.start_from_tuned);
    const EvalParams& start_params = options.start_from_tuned ? tuned_params() : hand_set_params();

    // Files hold games in order, so the tail is (nearly) whole games the optimiser never sees.
    const auto held_out = std::size_t(double(positions.size()) * options.validation_share);
    const std::vector<LabelledPosition> validation_positions(positions.end() - std::ptrdiff_t(held_out),
                                                             positions.end());
    positions.resize(positions.size() - held_out);
    BuildCounts built, validation_built;
    TrainingSet set = build_training_set(positions, features, start_params, options.threads, built);
    const TrainingSet validation =
        build_training_set(validation_positions, features, start_params, options.threads, validation_built);
    out << "quiet positions: " << built.resolved << " to train, " << validation_built.resolved
        << " to validate (dropped " << built.no_quiet_leaf << " ending in mate or check, " << built.forced_draw
        << " scored as forced draws) in " << std::fixed << std::setprecision(1) << seconds_since(start) << " s"
        << std::defaultfloat << std::setprecision(6) << std::endl;
    if (set.samples.empty()) throw UsageError("no usable positions in the input");

    const TexelError objective(set, options.threads);
    const TuneSpace space = make_tune_space(set, start_params, options.param_prefixes);
    if (space.slots.empty()) throw UsageError("--params selects no parameter that occurs in the data");
    const double k = options.k ? *options.k : objective.fit_k(space.start);
    if (options.score_weight > 0) {
        // K comes from the results alone; validation stays on results, the thing that matters.
        const long long blended = blend_search_scores(set, options.score_weight, k);
        out << "blended search scores into " << blended << " of " << set.samples.size() << " targets (weight "
            << options.score_weight << ")" << std::endl;
    }
    const double start_error = objective.error(space.start, k);
    out << std::setprecision(8) << "K " << k << (options.k ? " (given)" : " (fitted)") << ", start error "
        << start_error << ", tuning " << space.slots.size() << " parameters with " << options.optimizer << std::endl;

    const TexelError validation_objective(validation, options.threads);
    const TuneResult result = optimise(options, objective, validation_objective, space, k, out);
    const EvalParams tuned = round_to_params(space, result.values);
    const double final_error = objective.error(as_doubles(tuned), k);
    out << options.optimizer << " done: " << result.iterations << " iterations in " << result.seconds << " s, error "
        << result.error << ", rounded to integers " << final_error << std::endl;
    const double validation_start = validation_objective.error(space.start, k);
    const double validation_final = validation_objective.error(as_doubles(tuned), k);
    if (!validation.samples.empty())
        out << "validation error " << validation_start << " -> " << validation_final << std::endl;

    std::ostringstream summary;
    summary << std::setprecision(8) << options.optimizer << ", " << result.iterations << " iterations, "
            << result.seconds << " s; " << set.samples.size() << " positions; K " << k << "; score weight "
            << options.score_weight << "; error " << start_error << " -> " << final_error << "; held-out "
            << validation.samples.size() << " positions: " << validation_start << " -> " << validation_final;
    write_param_file(
        options.out_path, tuned,
        {summary.str(), "start: " + std::string(options.start_from_tuned ? "tuned" : "hand-set") + " values"});
    out << "wrote " << options.out_path << std::endl;
    return 0;
}

}  // namespace

int run_tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        const TuneOptions options = parse_options(args);
        if (!options.help) return tune(options, out);
        out << kUsage << "\n" << kOptionHelp;
        return 0;
    } catch (const UsageError& error) {
        err << "tempo tune: " << error.what() << "\n" << kUsage;
        return 2;
    } catch (const std::exception& error) {
        err << "tempo tune: " << error.what() << "\n";
        return 1;
    }
}

}  // namespace tempo::tune
