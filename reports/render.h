#pragma once
// Renders a Report as Markdown (tables and Ordo blocks), CSV (the tables, blank-line separated),
// JSON (everything, chart values as numbers) or one self-contained HTML page (inline SVG charts
// and CSS with a print stylesheet; no script and no external file).
//
// Table links and meters: JSON adds to a table "links" (rows of addresses, "" for none) when it has
// any, and "meters" (per row null or {"value", "low", "high"}) with "meter_column" when it has any;
// HTML links the cell's text and draws the meter as a small inline SVG (class "meter") beside it.

#include <ostream>
#include <string>

#include "reports/report_model.h"

namespace arbiter::reports {

enum class Format { markdown, html, csv, json };

// "md", "html", "csv", "json"; throws std::invalid_argument naming the value otherwise.
Format parse_format(const std::string& text);

void render(const Report& report, Format format, std::ostream& out);

// The HTML page's content alone (its <h1> title, notes and sections), for a page that brings its
// own <html> shell: render(report, Format::html) is this inside a shell with html_style().
void render_html_body(const Report& report, std::ostream& out);
// The page's CSS (screen and print), without the <style> element.
const char* html_style();

}  // namespace arbiter::reports
