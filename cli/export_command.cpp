#include "cli/export_command.h"

#include <fstream>
#include <limits>
#include <stdexcept>

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/help.h"
#include "harness/export/export_positions.h"

namespace arbiter::cli {
namespace {

struct ExportArgs {
    exporter::ExportRequest request;
    std::string out_path;  // empty: standard output
};

ExportArgs parse_args(const std::vector<std::string>& args) {
    constexpr std::int64_t kMaxId = std::numeric_limits<std::int64_t>::max();
    constexpr std::int64_t kMaxPlies = std::numeric_limits<int>::max();
    ExportArgs parsed;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& name = flags.name();
        if (name == "db") parsed.request.db_path = flags.value();
        else if (name == "out") parsed.out_path = flags.value();
        else if (name == "run") parsed.request.filter.run_ids.push_back(flags.whole(0, kMaxId));
        else if (name == "ladder") parsed.request.filter.ladder = flags.value();
        else if (name == "skip-plies") parsed.request.skip_plies = static_cast<int>(flags.whole(0, kMaxPlies));
        else flags.unknown("export-positions");
    }
    if (parsed.request.db_path.empty()) throw UsageError("--db", "is required");
    return parsed;
}

}  // namespace

int run_export_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        print_command_usage(out, "export-positions");
        return code(ExitStatus::ok);
    }
    try {
        const ExportArgs parsed = parse_args(args);
        std::ofstream file;
        if (!parsed.out_path.empty()) {
            file.open(parsed.out_path);
            if (!file) throw std::runtime_error(parsed.out_path + ": cannot open for writing");
        }
        const bool to_stdout = parsed.out_path.empty();
        const exporter::ExportCounts counts = exporter::export_positions(parsed.request, to_stdout ? out : file);
        // The summary goes to stderr when the positions themselves go to stdout.
        (to_stdout ? err : out) << "exported " << counts.positions << " positions from " << counts.games
                                << " games (skipped " << counts.book << " book, " << counts.early << " early plies)\n";
        return code(ExitStatus::ok);
    } catch (...) {
        return report_failure("export-positions", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
