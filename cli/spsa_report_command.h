#pragma once
// `arbiter report spsa --db FILE [--run NAME] [--format md|html|csv|json] [--out FILE]`: the SPSA
// runs of a database, read through a loader so the command does not depend on how they are stored.
// Exit: 0 written, 2 bad flags or a database with no SPSA run to show, 1 any other failure.

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "reports/spsa_report.h"

namespace arbiter::cli {

using SpsaModelLoader = std::function<std::vector<reports::SpsaReportModel>(
    const std::string& db_path, const std::optional<std::string>& run_name)>;

extern const char* const kSpsaReportUsage;

// `args` are the words after `report spsa`.
int run_spsa_report(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const SpsaModelLoader& load);

}  // namespace arbiter::cli
