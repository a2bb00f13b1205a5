#pragma once
// The shape every `arbiter report` produces before it is rendered: a title, notes, and sections
// holding tables, preformatted blocks (the Ordo-style player blocks) and charts. One model, four
// renderings (Markdown, CSV, JSON, HTML), so the formats never disagree about a number.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::reports {

// A value drawn between two bounds in its cell (an SPRT's LLR between its H0 and H1 bounds).
struct Meter {
    double value = 0.0;
    double low = 0.0;
    double high = 0.0;
};

struct Table {
    std::string caption;
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;  // cells as displayed
    std::vector<bool> numeric;                   // right-aligned columns; empty = all left
    // Row-major like rows: the relative address each cell links to ("" none); empty = no links.
    // HTML and JSON carry them; Markdown and CSV show the text alone.
    std::vector<std::vector<std::string>> links{};
    // Parallel to rows: the meter drawn beside the text of column meter_column (none for nullopt).
    std::vector<std::optional<Meter>> meters{};
    std::optional<std::size_t> meter_column{};
};

// One value with an optional symmetric error bar (95% half-width), at a labelled x position.
struct ChartPoint {
    std::string label;
    std::optional<double> value;  // none: no data at this x (a gap)
    std::optional<double> error;
    std::string bound{};  // ">" or "<": the value is a floor or ceiling (a perfect or null score)
    std::string mark{};   // points charts: drawn marked, with this note above it (a bisection's first bad commit)
};

// A horizontal line across a points chart, labelled at its left end (a bisection's two levels).
struct ChartLine {
    double value = 0.0;
    std::string label;
    std::string css;  // its class: "reference" (dashed grey) or "bound" (red)
};

struct ChartSeries {
    std::string name;
    std::vector<ChartPoint> points;
};

// trajectory: a line through the points in order, x being the point's index (an iteration), with
// optional reference and bound lines.
enum class ChartKind { points_with_errors, bars, trajectory };

struct Chart {
    std::string id;  // stable, used as the svg's id and class for tests and print CSS
    std::string title;
    std::string y_label;
    ChartKind kind = ChartKind::points_with_errors;
    ChartSeries series;
    // Drawn by trajectory charts only:
    std::string subtitle{};
    std::string x_label{};
    std::optional<double> reference{};                   // a dashed horizontal line (a start value)
    std::optional<double> lower_bound{}, upper_bound{};  // an allowed range; drawn when near the line
    bool bounds_always{false};                           // draw the bounds however far (an SPRT's LLR bounds)
    std::string lower_label{"min"}, upper_label{"max"};  // written before the bound's value
    double x_step{1.0};                                  // x units per point (points every x_step games)
    // Drawn by points and bar charts, inside the y range:
    std::vector<ChartLine> lines{};
};

// Whether any point holds a value: a chart without one would draw empty axes, so it is left out.
inline bool has_values(const Chart& chart) {
    for (const ChartPoint& point : chart.series.points)
        if (point.value) return true;
    return false;
}

struct Section {
    std::string heading;
    std::vector<std::string> paragraphs;
    std::vector<Chart> charts;
    std::vector<Table> tables;
    std::vector<std::string> blocks;  // preformatted text, monospace
};

struct Report {
    std::string title;
    std::vector<std::string> notes;  // shown under the title (smoke run, time control, database)
    std::vector<Section> sections;
};

}  // namespace arbiter::reports
