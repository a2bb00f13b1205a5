#pragma once
// arbiter export-positions --db FILE [--out FILE] [--run ID ...] [--ladder NAME] [--skip-plies N]
// Writes one labelled position per line for `tempo tune` (format in position_writer.h).

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::exporter {

int run_export_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::exporter
