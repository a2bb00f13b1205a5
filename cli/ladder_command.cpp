#include "cli/ladder_command.h"

#include <filesystem>
#include <limits>
#include <optional>

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"
#include "harness/ladder/ladder_runner.h"
#include "harness/runner/interrupt_guard.h"
#include "harness/tc/time_control.h"

namespace arbiter::cli {
namespace {

constexpr const char* kUsage =
    "usage: arbiter ladder CONFIG.json [--db FILE] [--shard K/N] [--smoke] [--tc-scale F]\n"
    "                      [--games N | --target-error E [--max-games N]] [--tempo PATH]\n"
    "                      [--concurrency N] [--verbose] [--no-db-check] [--record-plan]\n"
    "  Plays every step's gauntlet and WAC run of a feature ladder (ci/ladders/*.json) into the\n"
    "  database, and with the file's measure block its time to depth and fixed-node match against the\n"
    "  previous step; re-running resumes. --smoke: fixed nodes, a few games, 10 WAC positions.\n"
    "  --games N: games per opponent (and head to head) instead of the config's, for quick runs.\n"
    "  --target-error E: play in batches, each to the step whose improvement has the widest 95%\n"
    "  error, until every improvement is within E Elo; --max-games N stops it at N games of the\n"
    "  ladder (target not met). Decided from the database: re-running continues; shards aim at\n"
    "  E*sqrt(N) on their own games, and re-running unsharded on the merged file completes it.\n"
    "  --record-plan: play nothing; store the file's plan (its seed figures and description) for a\n"
    "  ladder already played with the same flags, so the report shows figures the file gained since.\n"
    "  Then: arbiter report features --db FILE\n";

constexpr std::int64_t kMaxCount = std::numeric_limits<int>::max();

struct LadderArgs {
    std::string config_path;
    ladder::PlanOptions plan;
    ladder::RunnerOptions runner;
    std::optional<double> target_error;
    std::optional<std::int64_t> max_games;
};

config::ShardSpec parse_shard(const std::string& flag, const std::string& text) {
    const auto slash = text.find('/');
    try {
        if (slash != std::string::npos) {
            const auto index = static_cast<int>(parse_whole(flag, text.substr(0, slash), 1, kMaxCount));
            const auto count = static_cast<int>(parse_whole(flag, text.substr(slash + 1), 1, kMaxCount));
            if (index <= count) return config::ShardSpec{index, count};
        }
    } catch (const UsageError&) {
        // One message for every way K/N can be wrong.
    }
    throw UsageError(flag, "expected K/N with 1 <= K <= N, got '" + text + "'");
}

int parse_games(FlagReader& flags) {
    const auto games = static_cast<int>(flags.whole(1, kMaxCount));
    if (games % 2 != 0)
        throw UsageError(flags.flag(), "games come in colour pairs; give an even number, got " + std::to_string(games));
    return games;
}

// Elo, positive and finite; a target under 1 Elo would take millions of games per step.
double parse_target_error(FlagReader& flags) {
    const std::string text = flags.value();
    const double error = parse_number(flags.flag(), text);
    if (!(error >= 1.0))
        throw UsageError(flags.flag(), "expected a 95% error in Elo of at least 1, got '" + text + "'");
    return error;
}

double parse_tc_scale(FlagReader& flags) {
    try {
        return tc::parse_scale_factor(flags.value(), "--tc-scale");
    } catch (const tc::TimeControlError& error) {
        throw UsageError("--tc-scale", error.what());
    }
}

// tempo is built next to arbiter (same CMake output directory).
std::string tempo_beside_arbiter() {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return {};
    const auto tempo = self.parent_path() / "tempo";
    return std::filesystem::exists(tempo) ? tempo.string() : std::string();
}

void read_word(FlagReader& flags, LadderArgs& parsed) {
    const std::string& name = flags.name();
    if (flags.is_positional()) {
        if (!parsed.config_path.empty())
            throw UsageError(flags.word(), "only one ladder file, already have '" + parsed.config_path + "'");
        parsed.config_path = flags.word();
    } else if (name == "db") parsed.runner.db = flags.value();
    else if (name == "shard") parsed.runner.shard = parse_shard(flags.flag(), flags.value());
    else if (name == "smoke") {
        flags.no_value();
        parsed.plan.smoke = true;
    } else if (name == "verbose") {
        flags.no_value();
        parsed.runner.verbose = true;
    } else if (name == "record-plan") {
        flags.no_value();
        parsed.runner.record_plan = true;
    } else if (name == "no-db-check") {
        flags.no_value();
        parsed.runner.check_db_pages = false;
    } else if (name == "tempo") parsed.plan.engine_cmd = flags.value();
    else if (name == "concurrency") parsed.runner.concurrency = static_cast<int>(flags.whole(1, kMaxCount));
    else if (name == "games") parsed.plan.games_per_opponent = parse_games(flags);
    else if (name == "tc-scale") parsed.plan.tc_scale = parse_tc_scale(flags);
    else if (name == "target-error") parsed.target_error = parse_target_error(flags);
    else if (name == "max-games") parsed.max_games = flags.whole(2, std::numeric_limits<std::int64_t>::max() / 4);
    else flags.unknown("ladder");
}

LadderArgs parse_args(const std::vector<std::string>& args) {
    LadderArgs parsed;
    FlagReader flags(args);
    while (flags.next()) read_word(flags, parsed);
    if (parsed.config_path.empty())
        throw UsageError("CONFIG", "give the ladder file, e.g. ci/ladders/madchess-2.0.json");
    if (parsed.plan.smoke && parsed.plan.tc_scale != 1.0)
        throw UsageError("--tc-scale", "a smoke run plays fixed nodes; drop --tc-scale");
    if (parsed.max_games && !parsed.target_error)
        throw UsageError("--max-games", "a budget for --target-error; give --target-error E too (or --games N alone)");
    if (parsed.target_error) {
        if (parsed.plan.games_per_opponent)
            throw UsageError("--games", "--target-error decides how many games each step plays; drop --games");
        parsed.plan.target = ladder::PrecisionTarget{*parsed.target_error, parsed.max_games};
    }
    if (parsed.plan.engine_cmd.empty()) parsed.plan.engine_cmd = tempo_beside_arbiter();
    return parsed;
}

ladder::LadderPlan make_plan(const LadderArgs& args) {
    ladder::LadderPlan plan = ladder::make_plan(ladder::load_ladder_config(args.config_path), args.plan);
    for (const auto& step : plan.steps) {
        if (step.step.rev.empty() && step.spec.cmd.empty() && !args.runner.record_plan)
            throw UsageError("--tempo",
                             "no tempo beside arbiter and the ladder gives no engine.cmd; give --tempo PATH");
    }
    ladder::check_ladder_files(plan);
    return plan;
}

}  // namespace

int run_ladder_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    try {
        const LadderArgs parsed = parse_args(args);
        const ladder::LadderPlan plan = make_plan(parsed);
        const runner::InterruptGuard interrupts;
        return ladder::run_ladder(plan, parsed.runner, ladder::RunnerIo{out, err, interrupts.flag()});
    } catch (...) {
        // A bad ladder file or a database not usable as given is bad input; anything else failed the run.
        return report_failure("ladder", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
