#include "cli/bisect_command.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>

#include "cli/build_command.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/match_flags.h"
#include "harness/bisect/bisect_run.h"
#include "harness/runner/interrupt_guard.h"

namespace arbiter::cli {
namespace {

const char* const kUsage =
    "usage: arbiter bisect --repo DIR --good REV --bad REV [--db FILE] [--budget-games N] [--batch-pairs N]\n"
    "                      [--error-rate E] [build flags] -each tc=...|nodes=N ... -openings file=F ...\n"
    "                      [-concurrency N] [-sprt elo0=E0 elo1=E1 alpha=A beta=B] [-draw ...] [-resign ...]\n"
    "                      [-maxmoves N] [other match flags]\n"
    "  Finds the commit that lost Elo between a good and a bad commit of repository DIR, walking the\n"
    "  first-parent path from good to bad (a merge is one step). Each commit it needs is built with the\n"
    "  build flags of `arbiter build` (--recipe, --dir, --exe, --target, --make-var, --net, --net-var,\n"
    "  --cache, --jobs, --build-timeout, --no-verify-bench) and its bench checked against its Bench: line;\n"
    "  a commit that does not build or bench is skipped, as git bisect skip. Commits play the good build\n"
    "  in batches of --batch-pairs game pairs (default 16: each opening with both colours) under the\n"
    "  match flags of `arbiter match`.\n"
    "  First the bad commit plays until its regression is confirmed and known to a third of its size\n"
    "  (with -sprt: until its SPRT decides; elo0 is the regression, elo1 the good level, elo0 < elo1);\n"
    "  then the commit at the posterior median plays, until one commit holds 1 - E of the posterior\n"
    "  (E: --error-rate, default 0.05; with -sprt its alpha) and it and the commit before it lie on\n"
    "  their own sides of the two levels' midpoint (docs/bisect.md).\n"
    "  Every batch is stored in --db (default arbiter.db) as a run tagged with the bisection; the same\n"
    "  command again continues a stopped bisection. --budget-games N stops with the range still open.\n"
    "  Prints the range first, a line per batch (the commit, its Elo or LLR, the range left), and at the\n"
    "  end `first bad commit: <sha> <subject>` with its Elo against good, the games and the time spent.\n"
    "  `arbiter report bisect --db FILE` prints the table (and html with --format html).\n"
    "  Exit 0 when a commit is named; 1 when the regression is not confirmed, the range holds several\n"
    "  regressions, skipped commits leave a range, the budget ran out or the run was stopped; 2 for bad\n"
    "  input (a revision, the repository, good or bad not building, a flag, the database).\n";

// Flags the bisection decides itself: what each commit plays, and which run it plays into.
constexpr std::array kDecidedFlags = {"engine", "games",  "rounds", "repeat", "tournament", "pairs",
                                      "shard",  "resume", "new",    "quick",  "seeds"};

struct BisectFlags {
    BuildRequestFlags build;
    std::optional<std::string> good, bad;
    std::optional<std::int64_t> budget_games;
    int batch_pairs = bisect::kDefaultBatchPairs;
    double error_rate = bisect::kDefaultErrorRate;
    std::vector<std::string> match_words;  // everything else, read as `arbiter match` reads it
};

double parse_error_rate(FlagReader& flags) {
    const double rate = flags.number();
    if (!(rate > 0.0 && rate < 0.5)) throw UsageError(flags.flag(), "expected a probability in (0, 0.5)");
    return rate;
}

bool read_bisect_flag(FlagReader& flags, BisectFlags& parsed) {
    const std::string& name = flags.name();
    if (flags.word().rfind("--", 0) != 0) return false;  // match flags take one dash
    if (read_build_flag(flags, parsed.build)) return true;
    if (name == "good") parsed.good = flags.value();
    else if (name == "bad") parsed.bad = flags.value();
    else if (name == "budget-games") parsed.budget_games = flags.whole(2, std::numeric_limits<std::int64_t>::max() / 4);
    else if (name == "batch-pairs") parsed.batch_pairs = static_cast<int>(flags.whole(1, 100000));
    else if (name == "error-rate") parsed.error_rate = parse_error_rate(flags);
    else return false;
    return true;
}

BisectFlags split_flags(const std::vector<std::string>& args) {
    BisectFlags parsed;
    FlagReader flags(args);
    while (flags.next()) {
        if (read_bisect_flag(flags, parsed)) continue;
        if (std::find(kDecidedFlags.begin(), kDecidedFlags.end(), flags.name()) != kDecidedFlags.end())
            throw UsageError(flags.flag(),
                             "arbiter bisect decides this itself: each commit plays the good build in "
                             "batches of --batch-pairs pairs");
        parsed.match_words.push_back(flags.word());
        for (auto& word : flags.words_until_flag()) parsed.match_words.push_back(std::move(word));
    }
    if (!parsed.good) throw UsageError("--good", "give the last good revision");
    if (!parsed.bad) throw UsageError("--bad", "give the first revision known bad");
    finish_build_flags(parsed.build);
    return parsed;
}

// The match settings, read at the door as `arbiter match` reads them, with two placeholders for the
// engines: the commit under test and the good build, whose paths are known only once built.
config::MatchConfig match_of(const BisectFlags& parsed) {
    std::vector<std::string> words = {"-engine", "cmd=commit-under-test", "name=candidate",
                                      "-engine", "cmd=good-build",        "name=good"};
    words.insert(words.end(), parsed.match_words.begin(), parsed.match_words.end());
    for (const char* word : {"-games", "2", "-rounds", "100000", "-repeat"}) words.emplace_back(word);
    MatchRequest request = read_match_flags(words);
    if (!request.config.openings)
        throw UsageError("-openings",
                         "give an opening book: from the start position every pair of a commit "
                         "would repeat the same two games");
    return request.config;
}

bisect::BisectRequest request_of(const BisectFlags& parsed) {
    bisect::BisectRequest request;
    request.repo = parsed.build.request.repo.empty() ? std::filesystem::path(".") : parsed.build.request.repo;
    request.good = *parsed.good;
    request.bad = *parsed.bad;
    request.build = parsed.build.request;
    request.match = match_of(parsed);
    request.batch_pairs = parsed.batch_pairs;
    request.budget_games = parsed.budget_games;
    request.settings.error_rate = parsed.error_rate;
    if (const auto& sprt = request.match.sprt) {
        if (sprt->trinomial || sprt->parameters.model == stats::EloModel::bayesian)
            throw UsageError("-sprt", "bisect tests game pairs: leave out the trinomial and bayesian models");
        if (!(sprt->parameters.elo0 < sprt->parameters.elo1))
            throw UsageError("-sprt",
                             "elo0 is the regression and elo1 the good level: give elo0 < elo1, e.g. "
                             "elo0=-10 elo1=0");
        request.settings.sprt = sprt->parameters;
    }
    return request;
}

}  // namespace

int run_bisect_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    bisect::BisectRequest request;
    try {
        request = request_of(split_flags(args));
    } catch (...) {
        return report_failure("bisect", err, BadInput::given_inputs(), kUsage);
    }
    try {
        const runner::InterruptGuard interrupts;
        return bisect::run_bisect(request, bisect::BisectIo{out, err, interrupts.flag()});
    } catch (...) {
        // A revision, the repository, good or bad not building, the database: bad input.
        return report_failure("bisect", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
