// `arbiter epd`: options -> suite, engine and store -> the worker pool -> summary and outcome.
#include "harness/epdrun/epd_run.h"

#include "harness/protocol/engine_config.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"
#include "db/errors.h"
#include "harness/epdrun/engine_setup.h"
#include "harness/epdrun/epd_pool.h"
#include "harness/epdrun/epd_summary.h"
#include "harness/epdrun/epd_store.h"

namespace arbiter::epdrun {

namespace {

// The flags win; a spec's own st=/nodes=/depth= fill in when no flag was given.
SearchLimit effective_limit(const EpdOptions& options, const config::EngineSpec& spec) {
    SearchLimit limit = options.limit;
    if (limit.empty()) {
        if (spec.st) limit.movetime_ms = static_cast<std::int64_t>(std::llround(*spec.st * 1000));
        limit.nodes = spec.nodes;
        limit.depth = spec.depth;
    }
    if (limit.empty())
        throw config::ConfigError("--movetime", "give a search limit: --movetime MS, --nodes N or --depth D");
    // Found here rather than on every position: the protocol has no way to say it.
    if (limit.nodes && spec.proto == protocol::Protocol::Xboard) {
        throw config::ConfigError("--nodes", "xboard engines cannot be given a node limit; use --movetime or --depth");
    }
    return limit;
}

std::vector<const SuitePosition*> positions_in_scope(const Suite& suite, std::optional<std::size_t> first) {
    std::vector<const SuitePosition*> scope;
    for (const auto& position : suite.positions) {
        if (first && scope.size() >= *first) break;
        scope.push_back(&position);
    }
    return scope;
}

// Everything one invocation works with, built from the options before any engine starts.
struct EpdJob {
    EpdOptions options;
    config::EngineSpec spec;
    std::string engine_name;
    SearchLimit limit;
    Suite suite;
};

EpdJob prepare_job(const EpdOptions& options) {
    EpdJob job;
    job.options = options;
    job.spec = resolve_engine_text(job.options.engine, "--engine");
    job.engine_name = job.options.engine_name.empty() ? config::default_engine_name(job.spec) : job.options.engine_name;
    job.limit = effective_limit(job.options, job.spec);
    std::string path = job.options.suite;
    if (path.empty()) {
        try {
            path = default_suite_path();
        } catch (const std::runtime_error& missing) {
            throw config::ConfigError("--suite", missing.what());
        }
    }
    job.suite = load_suite(path, job.options.search_only ? SuiteUse::search_only : SuiteUse::scored);
    return job;
}

// Engines read castling in Shredder/X-FEN positions only in Chess960 mode; the protocol client
// switches it on (UCI_Chess960, `variant fischerandom`) as it does for Chess960 matches.
protocol::EngineConfig session_config(const EpdJob& job) {
    protocol::EngineConfig config = to_engine_config(job.spec, job.engine_name);
    config.chess960 = std::any_of(job.suite.positions.begin(), job.suite.positions.end(),
                                  [](const SuitePosition& p) { return p.record.chess960; });
    return config;
}

// Answers stored by an earlier invocation of the same run count towards this summary.
std::vector<const SuitePosition*> resume(EpdStore& store, EpdSummary& summary) {
    std::map<std::string, db::EpdResultRecord> stored;
    for (auto& row : store.stored_results()) stored.emplace(row.position_id, std::move(row));
    std::vector<const SuitePosition*> todo;
    for (const SuitePosition* position : summary.positions) {
        auto it = stored.find(position->position_id);
        if (it == stored.end()) {
            todo.push_back(position);
        } else {
            summary.results.emplace(position->position_id, std::move(it->second));
            ++summary.resumed;
        }
    }
    return todo;
}

void print_heading(std::ostream& log, const EpdJob& job, const EpdSummary& summary, std::size_t todo) {
    log << "arbiter epd: " << job.suite.name << " (" << job.suite.path << "), " << summary.positions.size()
        << " positions, engine " << job.engine_name << ", " << summary.limit << ", " << job.options.concurrency
        << " engine process(es), db " << job.options.db << " run " << summary.run_id << "\n";
    if (summary.resumed) log << "resuming: " << summary.resumed << " answers already stored, " << todo << " to go\n";
}

std::vector<db::EpdResultRecord> all_results(const EpdSummary& summary) {
    std::vector<db::EpdResultRecord> rows;
    for (const auto& [id, row] : summary.results) rows.push_back(row);
    return rows;
}

EpdEnd run_end(const EpdSummary& summary, const PoolReport& report) {
    if (!report.worker_errors.empty() || report.not_run > 0 || !summary.errors.empty()) return EpdEnd::failed;
    return is_regression(summary) ? EpdEnd::regression : EpdEnd::answered;
}

}  // namespace

EpdEnd run_epd(const EpdOptions& options, std::ostream& out, std::ostream& err) {
    const EpdJob job = prepare_job(options);
    for (const auto& warning : job.suite.warnings) err << "arbiter epd: warning: " << warning << "\n";
    const db::EngineRecord engine = to_engine_record(job.spec, job.engine_name, job.options.git_commit);
    EpdStore store(job.options.db, job.options.check_db_pages, engine, job.suite, job.limit, job.options.repetition);

    EpdSummary summary;
    summary.suite = job.suite.name;
    summary.suite_path = job.suite.path;
    summary.engine = job.engine_name;
    summary.limit = job.limit.describe();
    summary.run_id = store.run_id();
    summary.positions = positions_in_scope(job.suite, job.options.first);
    summary.compared = job.options.compare_previous;
    summary.max_drop = job.options.max_drop;
    const auto todo = resume(store, summary);

    // With --json, stdout carries only the JSON document; progress goes to stderr.
    std::ostream& log = job.options.json ? err : out;
    print_heading(log, job, summary, todo.size());
    const protocol::Millis timeout = search_timeout(job.limit, job.options.timeout_ms);
    const SessionFactory make_session = [&] {
        return std::make_unique<EpdSession>(session_config(job), job.limit, timeout);
    };
    std::size_t done = 0;
    const OutcomeSink sink = [&](const SuitePosition& position, PositionOutcome outcome) {
        print_progress(log, ++done, todo.size(), position, outcome);
        if (outcome.engine_failed) {
            summary.errors[position.position_id] = outcome.error;
            return;
        }
        store.store(outcome.result);
        summary.results[position.position_id] = std::move(outcome.result);
    };
    const PoolReport report = run_positions(todo, job.options.concurrency, job.suite.name, make_session, sink);
    for (const auto& message : report.worker_errors) err << "arbiter epd: " << message << "\n";
    if (report.not_run) err << "arbiter epd: " << report.not_run << " position(s) not run\n";

    const bool complete = summary.results.size() == summary.positions.size();
    store.finish(complete ? db::RunStatus::finished : db::RunStatus::failed);
    if (summary.compared) {
        summary.comparison = compare_with_previous_commit(store.database(), job.engine_name, job.suite.name,
                                                          job.options.git_commit, store.run_id(), all_results(summary));
    }
    if (job.options.json) {
        print_summary_json(out, summary);
    } else {
        print_summary(out, summary);
    }
    return run_end(summary, report);
}

}  // namespace arbiter::epdrun
