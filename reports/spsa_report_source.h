#pragma once
// Where `arbiter report spsa` gets its runs: the seam between the database and the SPSA report.
// The SPSA tables (spsa_runs, spsa_params, spsa_iterations, spsa_steps) belong to `arbiter spsa`;
// Database::spsa_run_data reads them, and this turns what it read into SpsaReportModel.

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "reports/spsa_report.h"

namespace arbiter::reports {

// The database holds nothing an SPSA report can show: bad input (exit 2), like a missing file.
class SpsaReportInputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The SPSA runs stored in `db_path` (only the one named `run_name` when given), opened read-only.
// Throws db::DbError when the file is not a usable database, SpsaReportInputError when it has no
// SPSA tables or runs, or no run of that name. A run's trajectories hold its finished iterations.
std::vector<SpsaReportModel> load_spsa_report_models(const std::string& db_path,
                                                     const std::optional<std::string>& run_name);

}  // namespace arbiter::reports
