#include "reports/spsa_report_source.h"

#include "db/database.h"

namespace arbiter::reports {

std::vector<SpsaReportModel> load_spsa_report_models(const std::string& db_path, const std::optional<std::string>& run_name) {
    db::OpenOptions options;
    options.read_only = true;
    db::Database database(db_path, options);
    for (const char* table : {"spsa_runs", "spsa_params", "spsa_iterations"}) {
        if (!database.has_table(table))
            throw SpsaReportInputError(db_path + ": no spsa tables in this database (it lacks " + table +
                                       "): run `arbiter spsa ... --db " + db_path + "` first");
    }
    // The database reader of `arbiter spsa`'s tables is not part of this build: say so rather than guess
    // at their columns.
    throw std::runtime_error(db_path + ": holds spsa tables, but this arbiter has no reader for them" +
                             (run_name ? " (run '" + *run_name + "')" : std::string()));
}

}  // namespace arbiter::reports
