#pragma once
// Renders a Report as Markdown (tables and Ordo blocks), CSV (the tables, blank-line separated),
// JSON (everything, chart values as numbers) or one self-contained HTML page (inline SVG charts
// and CSS with a print stylesheet; no script and no external file).

#include <ostream>
#include <string>

#include "reports/report_model.h"

namespace arbiter::reports {

enum class Format { markdown, html, csv, json };

// "md", "html", "csv", "json"; throws std::invalid_argument naming the value otherwise.
Format parse_format(const std::string& text);

void render(const Report& report, Format format, std::ostream& out);

}  // namespace arbiter::reports
