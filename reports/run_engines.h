#pragma once
// Which engines a run played, as the run report names them: each one's commit (a build= engine's,
// with its subject and date when the database holds them) and the limit it played at, read from
// the run's stored config ("nodes=20000", not the "inf" a run without a clock stores as its time
// control).

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// "nodes=20000", "tc=10+0.1", "st=0.5 nodes=1000": the limits of one of the config's engine entries.
std::string engine_limit(const nlohmann::json& engine);

// The engines' common limit, else each one's ("new nodes=20000, old nodes=10000"); empty when the
// config gives none.
std::string run_limit(const nlohmann::json& config);

// The run's limit as a table cell: the stored time control ("10+0.1"), or the config's limits when
// the run has no clock ("nodes=20000"); empty when neither says.
std::string run_limit_text(const db::RunRecord& run, const nlohmann::json& config);

// Games the configuration asks for (in this shard's pair range when it has one), when it says.
std::optional<std::int64_t> planned_games(const db::RunRecord& run, const nlohmann::json& config);

// The run's note on its limit: "Time control: 10+0.1" as stored, or "Limit: nodes=20000" from the
// config when the stored time control is no clock ("inf"); empty when neither says.
std::string limit_note(const db::RunRecord& run, const nlohmann::json& config);

// Engine, Commit (12 hex digits), Subject, Commit date, Limit, Command (cmd, args and dir as the
// config stores them, else the stored engine's command) and Options (the config's UCI options, else
// the stored engine's), in the config's order (else the database's for a config that does not
// list them).
Section engines_section(db::Database& database, std::int64_t run_id, const nlohmann::json& config);

}  // namespace arbiter::reports
