#include "harness/spsa/spsa_runner.h"

#include <memory>
#include <optional>
#include <random>

#include "db/database.h"
#include "harness/runner/engine_setup.h"
#include "harness/runner/tournament.h"
#include "harness/spsa/engine_check.h"
#include "harness/spsa/iteration_plan.h"
#include "harness/spsa/paste_back.h"
#include "harness/spsa/progress_line.h"
#include "harness/spsa/run_lock.h"

namespace arbiter::spsa {
namespace {

std::vector<db::SpsaParamRecord> param_records(const ParameterFile& file) {
    std::vector<db::SpsaParamRecord> records;
    for (std::size_t i = 0; i < file.params.size(); ++i) {
        const Parameter& p = file.params[i];
        records.push_back(
            db::SpsaParamRecord{static_cast<int>(i), p.name, p.is_float, p.start, p.min, p.max, p.c_end, p.r_end});
    }
    return records;
}

db::SpsaRunRecord wanted_run(const SpsaRequest& request) {
    db::SpsaRunRecord run;
    run.name = request.name;
    run.format = to_string(request.file.format);
    run.iterations = request.iterations;
    run.pairs_per_iteration = request.pairs_per_iteration;
    run.alpha = request.constants.alpha;
    run.gamma = request.constants.gamma;
    run.a_ratio = request.constants.a_ratio;
    std::random_device entropy;
    const std::uint64_t drawn = (static_cast<std::uint64_t>(entropy()) << 32) | entropy();
    run.seed = static_cast<std::int64_t>(request.seed.value_or(drawn));
    run.settings_json = config::run_identity(request.match);
    return run;
}

// Where a stored run stands: θ after its last finished iteration, and the iteration to play next
// (a stored, unfinished one is played again with its own steps).
struct Resume {
    std::vector<double> theta;
    int next = 1;
    std::optional<db::SpsaIterationRecord> unfinished;
    std::int64_t games = 0;
};

Resume resume_point(const db::SpsaRunData& data) {
    Resume at;
    for (const auto& param : data.params) at.theta.push_back(param.start);
    for (const auto& iteration : data.iterations) {
        if (!iteration.finished_at) {
            at.unfinished = iteration;
            at.next = iteration.iteration;
            return at;
        }
        for (const auto& step : iteration.steps)
            at.theta.at(static_cast<std::size_t>(step.param_index)) = *step.theta_after;
        at.games += iteration.wins + iteration.draws + iteration.losses;
        at.next = iteration.iteration + 1;
    }
    return at;
}

struct IterationOutcome {
    int code = 0;
    std::int64_t games = 0;
};

// The iteration's games and results: W/D/L and pentanomial counts of θ+ from the stored games.
IterationOutcome play(db::Database& database, const config::MatchConfig& match, db::SpsaIterationRecord& iteration,
                      const SpsaIo& io) {
    std::vector<runner::PreparedEngine> engines;
    try {
        engines = runner::prepare_engines(match, io.err);
    } catch (const config::ConfigError& error) {
        io.err << "arbiter spsa: " << error.what() << "\n";
        return {2, 0};
    }
    const std::string plus = engines.at(0).name, minus = engines.at(1).name;
    std::ostream discard(nullptr);
    std::optional<runner::Tournament> tournament;
    try {
        tournament.emplace(match, std::move(engines), database,
                           runner::TournamentIo{discard, io.err, false, io.interrupt});
    } catch (const std::exception& error) {  // the opening book (file and line named)
        io.err << "arbiter spsa: " << error.what() << "\n";
        return {2, 0};
    }
    const runner::TournamentOutcome outcome = tournament->run();
    if (outcome.end != runner::RunEnd::completed) {
        if (!outcome.message.empty())
            io.err << "arbiter spsa: iteration " << iteration.iteration << ": " << outcome.message << "\n";
        return {outcome.end == runner::RunEnd::bad_config ? 2 : 1, 0};
    }
    iteration.match_run_id = outcome.run_id;
    db::ResultFilter filter;
    filter.run_ids.push_back(outcome.run_id);
    for (const auto& stats : database.pair_stats_by_run(plus, minus, filter)) {
        iteration.wins = stats.wins, iteration.draws = stats.draws, iteration.losses = stats.losses;
        iteration.pentanomial = stats.pentanomial;
    }
    const std::int64_t games = iteration.wins + iteration.draws + iteration.losses;
    if (games != static_cast<std::int64_t>(match.games)) {  // θ must never move on games it did not see
        io.err << "arbiter spsa: iteration " << iteration.iteration << ": run " << outcome.run_id << " holds " << games
               << " games of " << plus << " against " << minus << ", expected " << match.games << "\n";
        return {1, 0};
    }
    return {0, games};
}

void print_final(const ParameterFile& file, const std::vector<double>& theta, std::ostream& out) {
    out << "final values, fishtest format:\n" << fishtest_lines(file.params, theta);
    out << "OpenBench format:\n" << openbench_lines(file.params, theta);
    out << "UCI:\n" << setoption_lines(file.params, theta);
    out << "arbiter, cutechess-cli, fastchess: -each " << option_words(file.params, theta);
}

bool stop_requested(const SpsaIo& io) { return io.interrupt && io.interrupt->load() != 0; }

// 2 when the engine cannot be started as given or the opening book cannot be read (said on
// io.err), else 0; a parameter the engine's options do not take throws ParameterFileError.
int check_inputs(const SpsaRequest& request, const SpsaIo& io) {
    try {
        check_against_options(request.file, declared_options(request.match));
        runner::check_openings(request.match);
    } catch (const ParameterFileError&) {
        throw;
    } catch (const std::exception& error) {  // config::ConfigError, the book's (file and line named)
        io.err << "arbiter spsa: " << error.what() << "\n";
        return 2;
    }
    return 0;
}

// The stored run, created if new, and this process's claim on it.
struct ClaimedRun {
    db::SpsaRunRecord run;
    std::unique_ptr<RunLock> claim;
};

// nullopt (said on io.err) when the database holds a run of that name with other settings, or
// another process plays it.
std::optional<ClaimedRun> claim_run(db::Database& database, const SpsaRequest& request, const SpsaIo& io) {
    ClaimedRun claimed;
    try {
        claimed.run = database.find_or_create_spsa_run(wanted_run(request), param_records(request.file));
        claimed.claim = std::make_unique<RunLock>(request.match.db, claimed.run.id);
    } catch (const db::DbError& error) {
        if (error.kind() != db::ErrorKind::invalid_argument) throw;
        io.err << "arbiter spsa: --name " << request.name << ": " << error.what() << "\n";
        return std::nullopt;
    } catch (const RunClaimError& error) {
        io.err << "arbiter spsa: --name " << request.name << ": " << error.what() << "\n";
        return std::nullopt;
    }
    return claimed;
}

}  // namespace

int run_spsa(const SpsaRequest& request, SpsaIo io) {
    // Checked before the run is stored: a refused command must leave nothing that would turn its
    // corrected form away as "a run of that name stored with other values".
    if (const int refused = check_inputs(request, io)) return refused;
    db::OpenOptions open_options;
    open_options.check_pages = request.check_db_pages;
    db::Database database(request.match.db, open_options);
    const std::optional<ClaimedRun> claimed = claim_run(database, request, io);
    if (!claimed) return 2;
    const db::SpsaRunRecord& run = claimed->run;
    const Schedule schedule(request.file.format, request.constants, request.iterations, request.pairs_per_iteration);
    Resume at = resume_point(*database.spsa_run_data(request.name));
    io.out << "spsa " << run.name << ": " << request.file.params.size() << " parameters (" << run.format << "), "
           << run.iterations << " iterations of " << run.pairs_per_iteration << " game pairs, db " << request.match.db
           << (at.next > 1 ? ", resuming at iteration " + std::to_string(at.next) : std::string()) << "\n";
    ProgressLine progress(request.file.params, io.out, request.live_progress);
    const auto seed = static_cast<std::uint64_t>(run.seed);
    for (int i = at.next; i <= run.iterations; ++i) {
        if (stop_requested(io)) break;
        db::SpsaIterationRecord iteration = at.unfinished && at.unfinished->iteration == i
                                                ? *at.unfinished
                                                : plan_iteration(request.file, schedule, seed, i, at.theta);
        if (!(at.unfinished && at.unfinished->iteration == i)) database.begin_spsa_iteration(run.id, iteration);
        const config::MatchConfig match =
            iteration_match(request.match, request.file.params, iteration, run.name, run.pairs_per_iteration, seed);
        const IterationOutcome outcome = play(database, match, iteration, io);
        if (outcome.code != 0) {
            progress.finish();
            if (outcome.code == 1) io.out << "spsa stopped; re-run the same command to resume\n";
            return outcome.code;
        }
        at.theta = theta_after(request.file.params, iteration);
        for (std::size_t p = 0; p < iteration.steps.size(); ++p) iteration.steps[p].theta_after = at.theta[p];
        database.finish_spsa_iteration(run.id, iteration);
        at.games += outcome.games;
        progress.show(i, run.iterations, at.games, at.theta);
    }
    progress.finish();
    if (resume_point(*database.spsa_run_data(request.name)).next <= run.iterations) {
        io.out << "spsa stopped; re-run the same command to resume\n";
        return 1;
    }
    print_final(request.file, at.theta, io.out);
    io.out << "report: arbiter report spsa --db " << request.match.db << " --run " << run.name << "\n";
    return 0;
}

}  // namespace arbiter::spsa
