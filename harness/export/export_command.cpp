#include "export/export_command.h"

#include <fstream>

#include "cli/flag_reader.h"
#include "db/position_export.h"
#include "export/position_writer.h"

namespace arbiter::exporter {
namespace {

struct ExportOptions {
    std::string db_path;
    std::string out_path;  // empty: standard output
    db::ResultFilter filter;
    int skip_plies = 0;
};

int whole_number(cli::FlagReader& flags, const std::string& text) {
    const double value = flags.number(text);
    if (value < 0 || value != static_cast<double>(static_cast<long long>(value)))
        throw cli::UsageError(flags.flag(), "expected a whole number >= 0, got '" + text + "'");
    return static_cast<int>(value);
}

ExportOptions parse_options(const std::vector<std::string>& args) {
    ExportOptions options;
    cli::FlagReader flags(args);
    while (flags.next()) {
        const std::string flag = flags.flag();
        if (flag == "--db" || flag == "-db") {
            options.db_path = flags.value();
        } else if (flag == "--out" || flag == "-out") {
            options.out_path = flags.value();
        } else if (flag == "--run" || flag == "-run") {
            options.filter.run_ids.push_back(whole_number(flags, flags.value()));
        } else if (flag == "--ladder" || flag == "-ladder") {
            options.filter.ladder = flags.value();
        } else if (flag == "--skip-plies" || flag == "-skip-plies") {
            options.skip_plies = whole_number(flags, flags.value());
        } else {
            throw cli::UsageError(flag, "unknown flag (export-positions takes --db --out --run --ladder --skip-plies)");
        }
    }
    if (options.db_path.empty()) throw cli::UsageError("--db", "is required");
    return options;
}

}  // namespace

int run_export_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ExportOptions options;
    try {
        options = parse_options(args);
    } catch (const cli::UsageError& error) {
        err << "arbiter export-positions: " << error.what() << "\n";
        return 2;
    }
    std::ofstream file;
    if (!options.out_path.empty()) {
        file.open(options.out_path);
        if (!file) {
            err << "arbiter export-positions: " << options.out_path << ": cannot open for writing\n";
            return 1;
        }
    }
    std::ostream& positions = options.out_path.empty() ? out : file;
    PositionWriter writer(positions, options.skip_plies);
    db::stream_export_moves(options.db_path, options.filter, [&](const db::ExportMove& move) { writer.add(move); });
    positions.flush();
    if (!positions) {
        err << "arbiter export-positions: write failed\n";
        return 1;
    }
    const ExportCounts& counts = writer.counts();
    // The summary goes to stderr when the positions themselves go to stdout.
    std::ostream& report = options.out_path.empty() ? err : out;
    report << "exported " << counts.positions << " positions from " << counts.games << " games (skipped "
           << counts.book << " book, " << counts.early << " early plies)\n";
    return 0;
}

}  // namespace arbiter::exporter
