// Database: the feature ladder's step rows, the tagging of the runs that feed a ladder, and the
// links to the runs that measured its steps.
#include <stdexcept>

#include "db/database_impl.h"

namespace arbiter::db {

namespace {

constexpr const char* kUpsertMeasurement = R"sql(
INSERT INTO ladder_measurements (ladder, step_index, kind, settings, run_id) VALUES (?1, ?2, ?3, ?4, ?5)
ON CONFLICT (ladder, step_index, kind, settings) DO UPDATE SET run_id = excluded.run_id
)sql";

constexpr const char* kUpsertStep = R"sql(
INSERT INTO ladder_steps (ladder, step_index, label, category, step_date, rev, player, engine_id, options)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
ON CONFLICT (ladder, step_index) DO UPDATE SET
  label = excluded.label, category = excluded.category, step_date = excluded.step_date, rev = excluded.rev,
  player = excluded.player, engine_id = excluded.engine_id, options = excluded.options
)sql";

}  // namespace

std::string_view to_string(MeasurementKind kind) {
    switch (kind) {
        case MeasurementKind::time_to_depth: return "time_to_depth";
        case MeasurementKind::fixed_nodes: return "fixed_nodes";
        case MeasurementKind::speed: return "speed";
    }
    return "time_to_depth";
}

MeasurementKind parse_measurement_kind(std::string_view text) {
    if (text == "time_to_depth") return MeasurementKind::time_to_depth;
    if (text == "fixed_nodes") return MeasurementKind::fixed_nodes;
    if (text == "speed") return MeasurementKind::speed;
    throw std::invalid_argument("unknown ladder measurement kind '" + std::string(text) + "'");
}

void Database::upsert_ladder_step(const LadderStepRecord& step) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "store step " + std::to_string(step.step_index) + " of ladder '" + step.ladder + "'";
    std::string options;
    try {
        options = canonical_json(step.options_json);
    } catch (const std::invalid_argument& error) {
        throw DbError(ErrorKind::invalid_argument, path(), purpose, error.what());
    }
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto stmt = conn.cached(kUpsertStep, purpose);
        stmt->bind(1, step.ladder);
        stmt->bind(2, step.step_index);
        stmt->bind(3, step.label);
        stmt->bind(4, step.category);
        stmt->bind(5, step.step_date);
        stmt->bind(6, step.rev);
        stmt->bind(7, step.player);
        stmt->bind(8, step.engine_id);
        stmt->bind(9, options);
        stmt->run();
    });
}

std::vector<LadderStepRecord> Database::ladder_steps(const std::string& ladder) {
    std::lock_guard lock(impl_->mutex);
    auto stmt = impl_->conn.cached(
        "SELECT ladder, step_index, label, category, step_date, rev, player, engine_id, options "
        "FROM ladder_steps WHERE ladder = ?1 ORDER BY step_index",
        "read steps of ladder '" + ladder + "'");
    stmt->bind(1, ladder);
    std::vector<LadderStepRecord> steps;
    while (stmt->step()) {
        LadderStepRecord step;
        step.ladder = stmt->text(0);
        step.step_index = stmt->int32(1);
        step.label = stmt->text(2);
        step.category = stmt->text(3);
        step.step_date = stmt->text(4);
        step.rev = stmt->text(5);
        step.player = stmt->text(6);
        step.engine_id = stmt->opt_int64(7);
        step.options_json = stmt->text(8);
        steps.push_back(std::move(step));
    }
    return steps;
}

void Database::assign_run_to_ladder(std::int64_t run_id, const std::string& ladder) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "assign run " + std::to_string(run_id) + " to ladder '" + ladder + "'";
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto stmt = conn.cached("UPDATE runs SET ladder = ?2 WHERE id = ?1", purpose);
        stmt->bind(1, run_id);
        stmt->bind(2, ladder);
        stmt->run();
        if (conn.changes() != 1) {
            throw DbError(ErrorKind::invalid_argument, path(), purpose, "no run with id " + std::to_string(run_id));
        }
    });
}

void Database::link_ladder_measurement(const LadderMeasurementRecord& measurement) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "link run " + std::to_string(measurement.run_id) + " to step " +
                                std::to_string(measurement.step_index) + " of ladder '" + measurement.ladder + "'";
    std::string settings;
    try {
        settings = canonical_json(measurement.settings_json);
    } catch (const std::invalid_argument& error) {
        throw DbError(ErrorKind::invalid_argument, path(), purpose, error.what());
    }
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto stmt = conn.cached(kUpsertMeasurement, purpose);
        stmt->bind(1, measurement.ladder);
        stmt->bind(2, measurement.step_index);
        stmt->bind(3, std::string(to_string(measurement.kind)));
        stmt->bind(4, settings);
        stmt->bind(5, measurement.run_id);
        stmt->run();
    });
}

std::vector<LadderMeasurementRecord> Database::ladder_measurements(const std::string& ladder) {
    std::lock_guard lock(impl_->mutex);
    if (!has_table("ladder_measurements")) return {};
    auto stmt = impl_->conn.cached(
        "SELECT ladder, step_index, kind, settings, run_id FROM ladder_measurements WHERE ladder = ?1 "
        "ORDER BY step_index, kind, settings",
        "read measurements of ladder '" + ladder + "'");
    stmt->bind(1, ladder);
    std::vector<LadderMeasurementRecord> measurements;
    while (stmt->step()) {
        measurements.push_back(LadderMeasurementRecord{
            stmt->text(0), stmt->int32(1), parse_measurement_kind(stmt->text(2)), stmt->text(3), stmt->int64(4)});
    }
    return measurements;
}

}  // namespace arbiter::db
