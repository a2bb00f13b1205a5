// `arbiter ttd`: options -> engine configurations and positions -> side-by-side searches -> table.
#include "harness/epdrun/engine_setup.h"

#include <nlohmann/json.hpp>
#include "harness/epdrun/epd_run.h"
#include "harness/epdrun/epd_session.h"
#include "harness/epdrun/ttd.h"

namespace arbiter::epdrun {

namespace {

// Position files are plain FEN or EPD lines; annotations there are not ttd's business, so moves in
// bm/am are not resolved (a stray typo must not reject a timing run).
std::vector<epd::EpdRecord> load_positions(const std::string& path) {
    epd::ParseOptions options;
    options.resolve_moves = false;
    auto records = epd::read_epd_file(path, options);
    if (records.empty()) throw io::SourceError(path, 0, "no positions in the file");
    return records;
}

}  // namespace

bool run_ttd(const TtdOptions& options, std::ostream& out, std::ostream& err) {
    std::vector<config::EngineSpec> specs;
    for (std::size_t i = 0; i < options.engines.size(); ++i) {
        specs.push_back(resolve_engine_text(options.engines[i], "--engine #" + std::to_string(i + 1)));
    }
    const auto positions = load_positions(options.positions);
    SearchLimit limit;
    limit.depth = options.depth;
    const auto report =
        run_ttd(label_engines(specs), positions, options.depth, search_timeout(limit, options.timeout_ms), &err);
    if (options.json) {
        print_ttd_json(out, report);
    } else {
        print_ttd_table(out, report);
    }
    for (const auto& row : report.rows) {
        if (!row.complete()) return false;
    }
    return true;
}

}  // namespace arbiter::epdrun
