#include "harness/ladder/ladder_steps.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <nlohmann/json.hpp>

#include "harness/epd/source_error.h"
#include "harness/epdrun/epd_run.h"
#include "harness/runner/engine_setup.h"
#include "harness/runner/tournament.h"
#include "harness/stats/stored_counts.h"

namespace arbiter::ladder::detail {
namespace {

void store_step_row(const StepContext& context, std::size_t index, const runner::PreparedEngine& engine) {
    const PlannedStep& step = context.plan.steps[index];
    db::LadderStepRecord row{context.plan.ladder,
                             static_cast<int>(index),
                             step.step.feature,
                             step.step.category,
                             step.step.date,
                             step.step.rev,
                             step.player,
                             std::nullopt,
                             "{}"};
    row.engine_id = context.database.upsert_engine(engine.record);
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, value] : step.step.options) options[name] = value;
    row.options_json = options.dump();
    context.database.upsert_ladder_step(row);
}

int outcome_code(const StepContext& context, std::size_t index, const runner::TournamentOutcome& outcome) {
    switch (outcome.end) {
        case runner::RunEnd::completed: return 0;
        case runner::RunEnd::bad_config: context.io.err << "arbiter ladder: " << outcome.message << "\n"; return 2;
        default: context.io.err << "arbiter ladder: step " << index + 1 << ": " << outcome.message << "\n"; return 1;
    }
}

}  // namespace

std::string record_text(db::Database& database, std::int64_t run_id, const std::string& player) {
    db::ResultFilter filter;
    filter.run_ids.push_back(run_id);
    const stats::PairMatrix matrix = stats::matrix_of_stored_pairs(database.pair_results(filter));
    const auto index = matrix.find(player);
    const stats::WdlCounts record = index ? matrix.record_of(*index) : stats::WdlCounts{};
    std::ostringstream text;
    text << record.games() << " games (+" << record.wins << " =" << record.draws << " -" << record.losses << ")";
    return text.str();
}

namespace {

// Plays prepared engines' match into the database; the caller decides what the run is to the ladder.
GauntletOutcome play_prepared(const StepContext& context, std::size_t index, const config::MatchConfig& match,
                              std::vector<runner::PreparedEngine> engines) {
    std::ostream discard(nullptr);
    runner::TournamentIo tio{context.options.verbose ? context.io.out : discard, context.io.err, false,
                             context.io.interrupt};
    std::optional<runner::Tournament> tournament;
    try {
        tournament.emplace(match, std::move(engines), context.database, tio);
    } catch (const std::exception& error) {  // opening book (file and line named), output files
        context.io.err << "arbiter ladder: step " << index + 1 << ": " << error.what() << "\n";
        return {2, 0, 0};
    }
    const runner::TournamentOutcome outcome = tournament->run();
    return {outcome_code(context, index, outcome), outcome.run_id, outcome.games_played};
}

std::optional<std::vector<runner::PreparedEngine>> prepare(const StepContext& context, std::size_t index,
                                                           const config::MatchConfig& match) {
    try {
        return runner::prepare_engines(match);
    } catch (const config::ConfigError& error) {
        context.io.err << "arbiter ladder: step " << index + 1 << ": " << error.what() << "\n";
        return std::nullopt;
    }
}

}  // namespace

GauntletOutcome play_gauntlet(const StepContext& context, std::size_t index, config::MatchConfig match) {
    // A step whose gauntlet finished is done: re-running the ladder continues it and plays nothing.
    match.resume = config::ResumeMode::latest;
    auto engines = prepare(context, index, match);
    if (!engines) return {2, 0, 0};
    store_step_row(context, index, engines->front());
    const GauntletOutcome outcome = play_prepared(context, index, match, std::move(*engines));
    if (outcome.run_id != 0) context.database.assign_run_to_ladder(outcome.run_id, context.plan.ladder);
    return outcome;
}

GauntletOutcome play_measurement_match(const StepContext& context, std::size_t index, config::MatchConfig match) {
    match.resume = config::ResumeMode::latest;  // as a gauntlet: a finished match plays nothing again
    auto engines = prepare(context, index, match);
    if (!engines) return {2, 0, 0};
    return play_prepared(context, index, match, std::move(*engines));
}

namespace {

constexpr int kMaxWacProcesses = 64;

epdrun::EpdOptions wac_options(const StepContext& context, const PlannedStep& step, int repetition) {
    epdrun::EpdOptions options;
    options.engine = engine_spec_text(step.spec);
    options.engine_name = step.player;
    if (context.plan.wac_nodes) {
        options.limit.nodes = *context.plan.wac_nodes;
    } else {
        options.limit.movetime_ms = context.plan.wac_movetime_ms;
    }
    options.repetition = repetition;
    options.db = context.options.db;
    options.json = true;
    options.check_db_pages = false;  // run_ladder checked it
    options.suite = context.plan.wac_suite;
    if (context.plan.wac_positions) options.first = *context.plan.wac_positions;
    // Never more engine processes than `arbiter epd --concurrency` accepts.
    if (context.options.concurrency > 0) options.concurrency = std::min(context.options.concurrency, kMaxWacProcesses);
    return options;
}

// An EPD run that could not start or went wrong, told as `arbiter epd` would tell it; returns the
// step's meaning: 2 when what the ladder gave is not usable (engine spec, suite, database), else 1.
// Called from a catch block.
int epd_error(std::ostream& log) {
    try {
        throw;
    } catch (const config::ConfigError& error) {
        log << "arbiter epd: " << error.what() << "\n";
        return 2;
    } catch (const io::SourceError& error) {
        log << "arbiter epd: " << error.what() << "\n";
        return 2;
    } catch (const db::DbError& error) {
        log << "arbiter epd: " << error.what() << "\n";
        return db::is_input_error(error.kind()) ? 2 : 1;
    } catch (const std::exception& error) {
        log << "arbiter epd: " << error.what() << "\n";
        return 1;
    }
}

// 0 answered (a regression is not the ladder's business), 1 failed, 2 bad input.
int run_epd_into(const epdrun::EpdOptions& options, std::ostream& summary, std::ostream& log) {
    try {
        return epdrun::run_epd(options, summary, log) == epdrun::EpdEnd::failed ? 1 : 0;
    } catch (...) {
        return epd_error(log);
    }
}

// An EPD run's log is progress the ladder does not show, but its warnings (a repeated suite id)
// are the user's to see, as `arbiter epd` would show them.
void forward_warnings(const std::string& log, std::ostream& err) {
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);)
        if (line.starts_with("arbiter epd: warning: ")) err << line << "\n";
}

}  // namespace

EpdOutcome play_epd(const StepContext& context, std::size_t index, const epdrun::EpdOptions& options,
                    const std::string& what) {
    std::ostringstream summary, log;
    EpdOutcome outcome;
    outcome.code = run_epd_into(options, summary, log);
    const nlohmann::json result = nlohmann::json::parse(summary.str(), nullptr, false);
    if (result.is_discarded() || !result.contains("run_id")) {
        context.io.err << "arbiter ladder: step " << index + 1 << " " << what << ":\n" << log.str();
        if (outcome.code == 0) outcome.code = 1;
        return outcome;
    }
    outcome.run_id = result["run_id"].get<std::int64_t>();
    outcome.solved = result.value("solved", std::int64_t{0});
    outcome.positions = result.value("positions", std::int64_t{0});
    if (outcome.code != 0) {
        context.io.err << log.str();
    } else {
        forward_warnings(log.str(), context.io.err);
    }
    return outcome;
}

int score_wac(const StepContext& context, std::size_t index) {
    const PlannedStep& step = context.plan.steps[index];
    if (step.spec.cmd.empty()) {
        context.io.out << "  WAC: skipped (build " << step.step.rev << " has no command yet)\n";
        return 0;
    }
    const int runs = context.plan.wac_runs;
    int worst = 0;
    for (int repetition = 1; repetition <= runs && !stop_requested(context.io); ++repetition) {
        const EpdOutcome wac = play_epd(context, index, wac_options(context, step, repetition), "WAC");
        worst = std::max(worst, wac.code);
        if (wac.code == 2) break;  // what the ladder gave is unusable: the next run would fail alike
        if (!wac.run_id) continue;
        context.database.assign_run_to_ladder(*wac.run_id, context.plan.ladder);
        context.io.out << "  WAC: run " << *wac.run_id << ", " << wac.solved << "/" << wac.positions << " solved at "
                       << wac_limit_text(context.plan);
        if (runs > 1) context.io.out << " (" << repetition << " of " << runs << ")";
        context.io.out << "\n";
    }
    return worst;
}

bool stop_requested(const RunnerIo& io) { return io.interrupt && io.interrupt->load() != 0; }

bool plays_step_runs(const RunnerOptions& options) { return !options.shard || options.shard->index == 1; }

}  // namespace arbiter::ladder::detail
