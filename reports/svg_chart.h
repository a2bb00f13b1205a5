#pragma once
// Inline SVG charts drawn in C++ for the self-contained HTML report: no script, no external file.
// Points charts draw one circle per value (class "point", "point marked" with its note in a text of
// class "mark") with a vertical error bar (class "error-bar"), and the chart's horizontal lines
// (their own class); bar charts draw one rect per value (class "bar", "bar negative" below zero);
// trajectory charts draw one polyline (class "trajectory") with a vertex per value, the last one
// circled (class "final"), and lines for the reference ("reference") and the bounds ("bound").
// Colours come from CSS classes, so the print stylesheet can switch to black and white.

#include <string>

#include "reports/report_model.h"

namespace arbiter::reports {

struct ChartSize {
    int width = 760;
    int height = 300;
};

std::string render_svg_chart(const Chart& chart, ChartSize size = {});

// A meter (class "meter"): a track from meter.low to meter.high with the value marked on it,
// clamped to the track; its <title> states the three numbers.
std::string render_svg_meter(const Meter& meter);

// Text escaped for HTML/SVG content and attribute values.
std::string escape_xml(const std::string& text);
// escape_xml, and line breaks and tabs as character references: an attribute keeps them as text.
std::string escape_attribute(const std::string& text);

}  // namespace arbiter::reports
