// Database: `arbiter spsa`'s runs, parameters, iterations and per-parameter steps.
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "db/database_impl.h"

namespace arbiter::db {

namespace {

constexpr const char* kSelectRun =
    "SELECT id, name, format, iterations, pairs_per_iteration, alpha, gamma, a_ratio, seed, settings, created_at "
    "FROM spsa_runs";

SpsaRunRecord read_spsa_run(const detail::Statement& stmt) {
    SpsaRunRecord run;
    run.id = stmt.int64(0);
    run.name = stmt.text(1);
    run.format = stmt.text(2);
    run.iterations = stmt.int32(3);
    run.pairs_per_iteration = stmt.int32(4);
    run.alpha = stmt.real(5);
    run.gamma = stmt.real(6);
    run.a_ratio = stmt.real(7);
    run.seed = stmt.int64(8);
    run.settings_json = stmt.text(9);
    run.created_at = stmt.text(10);
    return run;
}

std::optional<SpsaRunRecord> select_run_by_name(detail::Connection& conn, const std::string& name) {
    auto stmt = conn.cached(std::string(kSelectRun) + " WHERE name = ?1", "read spsa run '" + name + "'");
    stmt->bind(1, name);
    if (!stmt->step()) return std::nullopt;
    return read_spsa_run(*stmt);
}

std::vector<SpsaParamRecord> select_params(detail::Connection& conn, std::int64_t run_id) {
    auto stmt = conn.cached(
        "SELECT param_index, name, is_float, start, min_value, max_value, c_end, r_end FROM spsa_params "
        "WHERE spsa_run_id = ?1 ORDER BY param_index",
        "read spsa parameters");
    stmt->bind(1, run_id);
    std::vector<SpsaParamRecord> params;
    while (stmt->step()) {
        params.push_back(SpsaParamRecord{stmt->int32(0), stmt->text(1), stmt->int64(2) != 0, stmt->real(3),
                                         stmt->real(4), stmt->real(5), stmt->real(6), stmt->real(7)});
    }
    return params;
}

bool same_params(const SpsaParamRecord& a, const SpsaParamRecord& b) {
    return a.index == b.index && a.name == b.name && a.is_float == b.is_float && a.start == b.start && a.min == b.min &&
           a.max == b.max && a.c_end == b.c_end && a.r_end == b.r_end;
}

// What differs between a stored run and the one asked for, or "" when they are the same run.
std::string settings_difference(const SpsaRunRecord& stored, const SpsaRunRecord& wanted,
                                const std::vector<SpsaParamRecord>& stored_params,
                                const std::vector<SpsaParamRecord>& wanted_params) {
    if (stored.format != wanted.format) return "parameter file format " + stored.format;
    if (stored.iterations != wanted.iterations) return "--iterations " + std::to_string(stored.iterations);
    if (stored.pairs_per_iteration != wanted.pairs_per_iteration)
        return "--pairs-per-iteration " + std::to_string(stored.pairs_per_iteration);
    if (stored.alpha != wanted.alpha || stored.gamma != wanted.gamma || stored.a_ratio != wanted.a_ratio)
        return "other --alpha, --gamma or --A-ratio";
    if (nlohmann::json::parse(stored.settings_json) != nlohmann::json::parse(wanted.settings_json))
        return "other engine or game settings";
    if (stored_params.size() != wanted_params.size()) return std::to_string(stored_params.size()) + " parameters";
    for (std::size_t i = 0; i < stored_params.size(); ++i) {
        if (!same_params(stored_params[i], wanted_params[i]))
            return "other values for parameter " + stored_params[i].name;
    }
    return "";
}

void insert_params(detail::Connection& conn, std::int64_t run_id, const std::vector<SpsaParamRecord>& params,
                   const std::string& purpose) {
    auto stmt = conn.cached(
        "INSERT INTO spsa_params (spsa_run_id, param_index, name, is_float, start, min_value, max_value, c_end, r_end) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        purpose);
    for (const auto& param : params) {
        stmt->bind(1, run_id);
        stmt->bind(2, param.index);
        stmt->bind(3, param.name);
        stmt->bind(4, param.is_float ? 1 : 0);
        stmt->bind(5, param.start);
        stmt->bind(6, param.min);
        stmt->bind(7, param.max);
        stmt->bind(8, param.c_end);
        stmt->bind(9, param.r_end);
        stmt->run();
        stmt->reset();
    }
}

std::string penta_json(const std::array<std::int64_t, 5>& penta) { return nlohmann::json(penta).dump(); }

std::array<std::int64_t, 5> parse_penta(const std::string& text) {
    return nlohmann::json::parse(text).get<std::array<std::int64_t, 5>>();
}

std::string iteration_purpose(const char* verb, std::int64_t run_id, int iteration) {
    return std::string(verb) + " iteration " + std::to_string(iteration) + " of spsa run " + std::to_string(run_id);
}

void insert_steps(detail::Connection& conn, std::int64_t run_id, const SpsaIterationRecord& iteration,
                  const std::string& purpose) {
    auto stmt = conn.cached(
        "INSERT INTO spsa_steps (spsa_run_id, iteration, param_index, theta_before, flip, c, r, plus_value, "
        "minus_value, theta_after) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        purpose);
    for (const auto& step : iteration.steps) {
        stmt->bind(1, run_id);
        stmt->bind(2, iteration.iteration);
        stmt->bind(3, step.param_index);
        stmt->bind(4, step.theta_before);
        stmt->bind(5, step.flip);
        stmt->bind(6, step.c);
        stmt->bind(7, step.r);
        stmt->bind(8, step.plus_value);
        stmt->bind(9, step.minus_value);
        stmt->bind(10, step.theta_after);
        stmt->run();
        stmt->reset();
    }
}

std::vector<SpsaIterationRecord> select_iterations(detail::Connection& conn, std::int64_t run_id) {
    auto stmt = conn.cached(
        "SELECT iteration, match_run_id, wins, draws, losses, penta, started_at, finished_at FROM spsa_iterations "
        "WHERE spsa_run_id = ?1 ORDER BY iteration",
        "read spsa iterations");
    stmt->bind(1, run_id);
    std::vector<SpsaIterationRecord> iterations;
    while (stmt->step()) {
        SpsaIterationRecord it;
        it.iteration = stmt->int32(0);
        it.match_run_id = stmt->opt_int64(1);
        it.wins = stmt->int64(2);
        it.draws = stmt->int64(3);
        it.losses = stmt->int64(4);
        it.pentanomial = parse_penta(stmt->text(5));
        it.started_at = stmt->text(6);
        it.finished_at = stmt->opt_text(7);
        iterations.push_back(std::move(it));
    }
    auto steps = conn.cached(
        "SELECT iteration, param_index, theta_before, flip, c, r, plus_value, minus_value, theta_after FROM spsa_steps "
        "WHERE spsa_run_id = ?1 ORDER BY iteration, param_index",
        "read spsa steps");
    steps->bind(1, run_id);
    std::size_t at = 0;
    while (steps->step()) {
        const int iteration = steps->int32(0);
        while (at < iterations.size() && iterations[at].iteration < iteration) ++at;
        if (at == iterations.size()) break;
        iterations[at].steps.push_back(SpsaParamStep{steps->int32(1), steps->real(2), steps->int32(3), steps->real(4),
                                                     steps->real(5), steps->real(6), steps->real(7),
                                                     steps->opt_real(8)});
    }
    return iterations;
}

SpsaGameTime select_game_time(detail::Connection& conn, std::int64_t run_id) {
    auto stmt = conn.cached(
        "SELECT count(*), "
        "coalesce(sum(max(0.0, (julianday(g.finished_at) - julianday(g.started_at)) * 86400.0)), 0.0), "
        "(julianday(max(g.finished_at)) - julianday(min(g.started_at))) * 86400.0 "
        "FROM spsa_iterations i JOIN games g ON g.run_id = i.match_run_id WHERE i.spsa_run_id = ?1",
        "read spsa game times");
    stmt->bind(1, run_id);
    SpsaGameTime time;
    if (stmt->step()) {
        time.games = stmt->int64(0);
        time.game_seconds = stmt->real(1);
        time.wall_seconds = stmt->opt_real(2);
    }
    return time;
}

}  // namespace

SpsaRunRecord Database::find_or_create_spsa_run(const SpsaRunRecord& wanted,
                                                const std::vector<SpsaParamRecord>& params) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "store spsa run '" + wanted.name + "'";
    if (!nlohmann::json::accept(wanted.settings_json))
        throw DbError(ErrorKind::invalid_argument, path(), purpose, "settings are not JSON");
    auto& conn = impl_->conn;
    SpsaRunRecord result;
    impl_->write(purpose, [&] {
        if (auto stored = select_run_by_name(conn, wanted.name)) {
            const std::string difference =
                settings_difference(*stored, wanted, select_params(conn, stored->id), params);
            if (!difference.empty()) {
                throw DbError(
                    ErrorKind::invalid_argument, path(), purpose,
                    "a run of that name is stored with " + difference + "; give another --name to start a new run");
            }
            result = *stored;
            return;
        }
        auto insert = conn.cached(
            "INSERT INTO spsa_runs (name, format, iterations, pairs_per_iteration, alpha, gamma, a_ratio, seed, settings, "
            "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, json(?9), ?10)",
            purpose);
        insert->bind(1, wanted.name);
        insert->bind(2, wanted.format);
        insert->bind(3, wanted.iterations);
        insert->bind(4, wanted.pairs_per_iteration);
        insert->bind(5, wanted.alpha);
        insert->bind(6, wanted.gamma);
        insert->bind(7, wanted.a_ratio);
        insert->bind(8, wanted.seed);
        insert->bind(9, wanted.settings_json);
        insert->bind(10, wanted.created_at.empty() ? utc_now_iso() : wanted.created_at);
        insert->run();
        const std::int64_t id = conn.last_insert_id();
        insert_params(conn, id, params, purpose);
        result = *select_run_by_name(conn, wanted.name);
    });
    return result;
}

void Database::begin_spsa_iteration(std::int64_t spsa_run_id, const SpsaIterationRecord& iteration) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = iteration_purpose("store", spsa_run_id, iteration.iteration);
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto insert = conn.cached(
            "INSERT INTO spsa_iterations (spsa_run_id, iteration, started_at) VALUES (?1, ?2, ?3)", purpose);
        insert->bind(1, spsa_run_id);
        insert->bind(2, iteration.iteration);
        insert->bind(3, iteration.started_at.empty() ? utc_now_iso() : iteration.started_at);
        insert->run();
        insert_steps(conn, spsa_run_id, iteration, purpose);
    });
}

void Database::finish_spsa_iteration(std::int64_t spsa_run_id, const SpsaIterationRecord& iteration) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = iteration_purpose("finish", spsa_run_id, iteration.iteration);
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto update = conn.cached(
            "UPDATE spsa_iterations SET match_run_id = ?3, wins = ?4, draws = ?5, losses = ?6, penta = ?7, "
            "finished_at = ?8 WHERE spsa_run_id = ?1 AND iteration = ?2",
            purpose);
        update->bind(1, spsa_run_id);
        update->bind(2, iteration.iteration);
        update->bind(3, iteration.match_run_id);
        update->bind(4, iteration.wins);
        update->bind(5, iteration.draws);
        update->bind(6, iteration.losses);
        update->bind(7, penta_json(iteration.pentanomial));
        update->bind(8, iteration.finished_at.value_or(utc_now_iso()));
        update->run();
        if (conn.changes() != 1)
            throw DbError(ErrorKind::invalid_argument, path(), purpose, "the iteration is not stored");
        auto step = conn.cached(
            "UPDATE spsa_steps SET theta_after = ?4 WHERE spsa_run_id = ?1 AND iteration = ?2 AND param_index = ?3",
            purpose);
        for (const auto& param : iteration.steps) {
            if (!param.theta_after)
                throw DbError(ErrorKind::invalid_argument, path(), purpose, "a step has no theta after");
            step->bind(1, spsa_run_id);
            step->bind(2, iteration.iteration);
            step->bind(3, param.param_index);
            step->bind(4, *param.theta_after);
            step->run();
            step->reset();
        }
    });
}

std::vector<SpsaRunRecord> Database::spsa_runs() {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(std::string(kSelectRun) + " ORDER BY id", "read spsa runs");
    std::vector<SpsaRunRecord> runs;
    while (stmt->step()) runs.push_back(read_spsa_run(*stmt));
    return runs;
}

std::optional<SpsaRunData> Database::spsa_run_data(const std::string& name) {
    std::lock_guard lock(impl_->mutex);
    auto& conn = impl_->conn;
    auto run = select_run_by_name(conn, name);
    if (!run) return std::nullopt;
    SpsaRunData data;
    data.params = select_params(conn, run->id);
    data.iterations = select_iterations(conn, run->id);
    data.time = select_game_time(conn, run->id);
    data.run = std::move(*run);
    return data;
}

}  // namespace arbiter::db
