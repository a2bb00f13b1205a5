#pragma once
// The run report's "Terminations" section: per engine, its games lost by forfeit (on time, by a
// crash or disconnection, by not answering, by an illegal move: what `arbiter match
// --fail-on-forfeits` counts), and how the run's games ended, a count per stored termination
// ("checkmate", "adjudication", "threefold"...). One aggregate over the run's rows.

#include <cstdint>

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

Section terminations_section(db::Database& database, std::int64_t run_id);

}  // namespace arbiter::reports
