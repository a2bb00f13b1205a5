#include "ladder/ladder_command.h"

#include <filesystem>
#include <unistd.h>

#include "db/errors.h"
#include "ladder/ladder_config.h"
#include "ladder/ladder_plan.h"
#include "ladder/ladder_runner.h"
#include "scheduler/interrupt_guard.h"
#include "tc/time_control.h"

namespace arbiter::ladder {
namespace {

class UsageError : public std::runtime_error {
public:
    UsageError(const std::string& flag, const std::string& what) : std::runtime_error(flag + ": " + what) {}
};

struct LadderArgs {
    std::string config_path;
    PlanOptions plan;
    RunnerOptions runner;
    bool help = false;
};

config::ShardSpec parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    try {
        if (slash != std::string::npos) {
            const int index = std::stoi(text.substr(0, slash));
            const int count = std::stoi(text.substr(slash + 1));
            if (index >= 1 && count >= 1 && index <= count) return config::ShardSpec{index, count};
        }
    } catch (const std::exception&) {
    }
    throw UsageError("--shard", "expected K/N with 1 <= K <= N, got '" + text + "'");
}

int parse_count(const std::string& flag, const std::string& text) {
    try {
        std::size_t used = 0;
        const int value = std::stoi(text, &used);
        if (used == text.size() && value >= 1) return value;
    } catch (const std::exception&) {
    }
    throw UsageError(flag, "expected a positive whole number, got '" + text + "'");
}

// tempo is built next to arbiter (same CMake output directory).
std::string tempo_beside_arbiter() {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return {};
    const auto tempo = self.parent_path() / "tempo";
    return std::filesystem::exists(tempo) ? tempo.string() : std::string();
}

LadderArgs parse_args(const std::vector<std::string>& args) {
    LadderArgs parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& word = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size()) throw UsageError(word, "needs a value");
            return args[++i];
        };
        if (word == "--help" || word == "-h") parsed.help = true;
        else if (word == "--db") parsed.runner.db = value();
        else if (word == "--shard") parsed.runner.shard = parse_shard(value());
        else if (word == "--smoke") parsed.plan.smoke = true;
        else if (word == "--verbose") parsed.runner.verbose = true;
        else if (word == "--no-db-check") parsed.runner.check_db_pages = false;
        else if (word == "--tempo") parsed.plan.engine_cmd = value();
        else if (word == "--concurrency") parsed.runner.concurrency = parse_count(word, value());
        else if (word == "--games") {
            const int games = parse_count(word, value());
            if (games % 2 != 0) throw UsageError(word, "games come in colour pairs; give an even number, got " + std::to_string(games));
            parsed.plan.games_per_opponent = games;
        }
        else if (word == "--tc-scale") {
            try {
                parsed.plan.tc_scale = tc::parse_scale_factor(value(), "--tc-scale");
            } catch (const tc::TimeControlError& error) {
                throw UsageError("--tc-scale", error.what());
            }
        } else if (!word.empty() && word[0] == '-') throw UsageError(word, "unknown flag for arbiter ladder");
        else if (parsed.config_path.empty()) parsed.config_path = word;
        else throw UsageError(word, "only one ladder file, already have '" + parsed.config_path + "'");
    }
    if (parsed.help) return parsed;
    if (parsed.config_path.empty()) throw UsageError("CONFIG", "give the ladder file, e.g. ci/ladders/madchess-2.0.json");
    if (parsed.plan.smoke && parsed.plan.tc_scale != 1.0) throw UsageError("--tc-scale", "a smoke run plays fixed nodes; drop --tc-scale");
    if (parsed.plan.engine_cmd.empty()) parsed.plan.engine_cmd = tempo_beside_arbiter();
    return parsed;
}

}  // namespace

std::string ladder_usage() {
    return "usage: arbiter ladder CONFIG.json [--db FILE] [--shard K/N] [--smoke] [--tc-scale F]\n"
           "                      [--games N] [--tempo PATH] [--concurrency N] [--verbose] [--no-db-check]\n"
           "  Plays every step's gauntlet and WAC run of a feature ladder (ci/ladders/*.json) into the\n"
           "  database; re-running resumes. --smoke: fixed nodes, a few games, 10 WAC positions.\n"
           "  --games N: games per opponent (and head to head) instead of the config's, for quick runs.\n"
           "  Then: arbiter report features --db FILE\n";
}

int run_ladder_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    LadderArgs parsed;
    LadderPlan plan;
    try {
        parsed = parse_args(args);
        if (parsed.help) {
            out << ladder_usage();
            return 0;
        }
        plan = make_plan(load_ladder_config(parsed.config_path), parsed.plan);
        for (const auto& step : plan.steps) {
            if (step.step.rev.empty() && step.spec.cmd.empty())
                throw UsageError("--tempo", "no tempo beside arbiter and the ladder gives no engine.cmd; give --tempo PATH");
        }
    } catch (const UsageError& error) {
        err << "arbiter ladder: " << error.what() << "\n";
        return 2;
    } catch (const LadderConfigError& error) {
        err << "arbiter ladder: " << error.what() << "\n";
        return 2;
    }
    const scheduler::InterruptGuard interrupts;
    try {
        return run_ladder(plan, parsed.runner, RunnerIo{out, err, interrupts.flag()});
    } catch (const db::DbError& error) {
        err << "arbiter ladder: " << error.what() << "\n";
        return db::is_input_error(error.kind()) ? 2 : 1;
    }
}

}  // namespace arbiter::ladder
