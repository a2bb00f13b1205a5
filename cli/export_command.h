#pragma once
// arbiter export-positions --db FILE [--out FILE] [--run ID ...] [--ladder NAME] [--skip-plies N]
// Writes one labelled position per line for `tempo tune` (format in export/position_writer.h).
// Exit: 0 written, 1 the output or the run failed, 2 bad flags or a database not usable as given.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_export_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
