#include "harness/export/export_positions.h"

#include <stdexcept>

#include "db/position_export.h"

namespace arbiter::exporter {

ExportCounts export_positions(const ExportRequest& request, std::ostream& positions) {
    PositionWriter writer(positions, request.skip_plies);
    db::stream_export_moves(request.db_path, request.filter, [&](const db::ExportMove& move) { writer.add(move); });
    positions.flush();
    if (!positions) throw std::runtime_error("write failed");
    return writer.counts();
}

}  // namespace arbiter::exporter
