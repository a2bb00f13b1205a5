#include "reports/render.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "reports/csv.h"
#include "reports/svg_chart.h"

namespace arbiter::reports {
namespace {

std::string markdown_cell(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

void markdown_table(const Table& table, std::ostream& out) {
    if (!table.caption.empty()) out << "**" << table.caption << "**\n\n";
    out << "|";
    for (const auto& column : table.columns) out << " " << markdown_cell(column) << " |";
    out << "\n|";
    for (std::size_t i = 0; i < table.columns.size(); ++i)
        out << (i < table.numeric.size() && table.numeric[i] ? " ---: |" : " --- |");
    out << "\n";
    for (const auto& row : table.rows) {
        out << "|";
        for (const auto& cell : row) out << " " << markdown_cell(cell) << " |";
        out << "\n";
    }
    out << "\n";
}

void render_markdown(const Report& report, std::ostream& out) {
    out << "# " << report.title << "\n\n";
    for (const auto& note : report.notes) out << note << "  \n";
    if (!report.notes.empty()) out << "\n";
    for (const auto& section : report.sections) {
        if (!section.heading.empty()) out << "## " << section.heading << "\n\n";
        for (const auto& paragraph : section.paragraphs) out << paragraph << "\n\n";
        for (const auto& table : section.tables) markdown_table(table, out);
        for (const auto& block : section.blocks)
            out << "```\n" << block << (block.ends_with('\n') ? "" : "\n") << "```\n\n";
    }
}

void render_csv(const Report& report, std::ostream& out) {
    bool first = true;
    for (const auto& section : report.sections) {
        for (const auto& table : section.tables) {
            if (!first) out << "\n";
            first = false;
            write_csv_row(table.columns, out);
            for (const auto& row : table.rows) write_csv_row(row, out);
        }
    }
}

nlohmann::json table_json(const Table& table) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : table.rows) {
        nlohmann::json object = nlohmann::json::object();
        for (std::size_t i = 0; i < table.columns.size() && i < row.size(); ++i) object[table.columns[i]] = row[i];
        rows.push_back(object);
    }
    nlohmann::json json{{"caption", table.caption}, {"columns", table.columns}, {"rows", rows}};
    if (!table.links.empty()) json["links"] = table.links;
    if (!table.meters.empty()) {
        nlohmann::json meters = nlohmann::json::array();
        for (const auto& meter : table.meters)
            meters.push_back(meter ? nlohmann::json{{"value", meter->value}, {"low", meter->low}, {"high", meter->high}}
                                   : nlohmann::json(nullptr));
        json["meters"] = meters;
        json["meter_column"] = table.meter_column ? nlohmann::json(*table.meter_column) : nlohmann::json(nullptr);
    }
    return json;
}

nlohmann::json chart_json(const Chart& chart) {
    nlohmann::json points = nlohmann::json::array();
    for (const auto& point : chart.series.points) {
        points.push_back({{"label", point.label},
                          {"value", point.value ? nlohmann::json(*point.value) : nlohmann::json(nullptr)},
                          {"error", point.error ? nlohmann::json(*point.error) : nlohmann::json(nullptr)}});
        if (!point.bound.empty()) points.back()["bound"] = point.bound;
    }
    return {{"id", chart.id}, {"title", chart.title}, {"y_label", chart.y_label}, {"points", points}};
}

void render_json(const Report& report, std::ostream& out) {
    nlohmann::json sections = nlohmann::json::array();
    for (const auto& section : report.sections) {
        nlohmann::json tables = nlohmann::json::array();
        for (const auto& table : section.tables) tables.push_back(table_json(table));
        nlohmann::json charts = nlohmann::json::array();
        for (const auto& chart : section.charts) charts.push_back(chart_json(chart));
        sections.push_back({{"heading", section.heading},
                            {"paragraphs", section.paragraphs},
                            {"tables", tables},
                            {"charts", charts},
                            {"blocks", section.blocks}});
    }
    out << nlohmann::json{{"title", report.title}, {"notes", report.notes}, {"sections", sections}}.dump(2) << "\n";
}

// Screen colours, and a print sheet that keeps charts and tables whole and in black and grey.
constexpr const char* kStyle = R"css(
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 60em; color: #1a1a1a; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
p.note { margin: 0.1em 0; color: #444; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; white-space: nowrap; } td:first-child { white-space: normal; } th { background: #eef1f5; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
pre { background: #f6f6f6; padding: 0.6em; font-size: 0.85em; overflow-x: auto; }
figure { margin: 1em 0; } svg.chart { width: 100%; height: auto; max-width: 760px; }
svg text { font-size: 11px; fill: #333; } svg .chart-title { font-size: 14px; font-weight: bold; }
svg .grid { stroke: #e3e3e3; } svg .baseline { stroke: #888; }
svg .bar { fill: #4a7ab5; } svg .bar.negative { fill: #c0504d; }
svg .point { fill: #1f4e8c; } svg .error-bar { stroke: #1f4e8c; stroke-width: 1.5; }
svg .point.marked { fill: #c0504d; } svg .mark { fill: #c0504d; font-weight: bold; }
svg .trend { fill: none; stroke: #7fa3d1; stroke-width: 1.5; }
svg .chart-subtitle { fill: #555; } svg .trajectory { fill: none; stroke: #1f4e8c; stroke-width: 1.5; } svg .final { fill: #1f4e8c; }
svg .reference { stroke: #666; stroke-dasharray: 5 4; } svg .bound { stroke: #c0504d; } svg .bound-label { fill: #c0504d; }
svg.meter { vertical-align: middle; margin-left: 0.4em; } svg .meter-track { fill: #e3e3e3; } svg .meter-zero { stroke: #888; } svg .meter-value { fill: #1f4e8c; }
@page { size: A4; margin: 14mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; color: #000; }
  h2 { break-after: avoid; } figure, table, pre { break-inside: avoid; }
  th { background: #eee; } pre { background: none; border: 1px solid #999; white-space: pre-wrap; }
  svg .bar { fill: #777; } svg .bar.negative { fill: #bbb; stroke: #000; stroke-width: 0.5; }
  svg .point { fill: #000; } svg .error-bar { stroke: #000; } svg .trend { stroke: #666; }
  svg .point.marked { fill: #fff; stroke: #000; stroke-width: 2; } svg .mark { fill: #000; }
  svg .trajectory { stroke: #000; } svg .final { fill: #000; } svg .bound { stroke: #000; stroke-dasharray: 1 2; } svg .bound-label { fill: #000; }
  svg .meter-track { fill: #fff; stroke: #000; stroke-width: 0.5; } svg .meter-value { fill: #000; }
}
)css";

// The cell's text, linked when the table gives it an address, and its row's meter in the meter column.
void html_cell(const Table& table, std::size_t row, std::size_t column, std::ostream& out) {
    const std::string text = escape_xml(table.rows[row][column]);
    const std::string* link =
        row < table.links.size() && column < table.links[row].size() ? &table.links[row][column] : nullptr;
    if (link && !link->empty()) out << "<a href=\"" << escape_attribute(*link) << "\">" << text << "</a>";
    else out << text;
    if (table.meter_column == column && row < table.meters.size() && table.meters[row])
        out << render_svg_meter(*table.meters[row]);
}

void html_table(const Table& table, std::ostream& out) {
    out << "<table>";
    if (!table.caption.empty()) out << "<caption>" << escape_xml(table.caption) << "</caption>";
    out << "<thead><tr>";
    for (const auto& column : table.columns) out << "<th>" << escape_xml(column) << "</th>";
    out << "</tr></thead><tbody>\n";
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        out << "<tr>";
        for (std::size_t i = 0; i < table.rows[r].size(); ++i) {
            const bool numeric = i < table.numeric.size() && table.numeric[i];
            out << (numeric ? "<td class=\"num\">" : "<td>");
            html_cell(table, r, i, out);
            out << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</tbody></table>\n";
}

void render_html(const Report& report, std::ostream& out) {
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << escape_xml(report.title)
        << "</title><style>" << kStyle << "</style></head><body>\n";
    render_html_body(report, out);
    out << "</body></html>\n";
}

}  // namespace

void render_html_body(const Report& report, std::ostream& out) {
    out << "<h1>" << escape_xml(report.title) << "</h1>\n";
    for (const auto& note : report.notes) out << "<p class=\"note\">" << escape_xml(note) << "</p>\n";
    for (const auto& section : report.sections) {
        out << "<section>";
        if (!section.heading.empty()) out << "<h2>" << escape_xml(section.heading) << "</h2>\n";
        for (const auto& paragraph : section.paragraphs) out << "<p>" << escape_xml(paragraph) << "</p>\n";
        for (const auto& chart : section.charts)
            if (has_values(chart)) out << "<figure>" << render_svg_chart(chart) << "</figure>\n";
        for (const auto& table : section.tables) html_table(table, out);
        for (const auto& block : section.blocks) out << "<pre>" << escape_xml(block) << "</pre>\n";
        out << "</section>\n";
    }
}

const char* html_style() { return kStyle; }

Format parse_format(const std::string& text) {
    if (text == "md" || text == "markdown") return Format::markdown;
    if (text == "html") return Format::html;
    if (text == "csv") return Format::csv;
    if (text == "json") return Format::json;
    throw std::invalid_argument("--format: expected md, html, csv or json, got '" + text + "'");
}

void render(const Report& report, Format format, std::ostream& out) {
    switch (format) {
        case Format::markdown: render_markdown(report, out); break;
        case Format::html: render_html(report, out); break;
        case Format::csv: render_csv(report, out); break;
        case Format::json: render_json(report, out); break;
    }
}

}  // namespace arbiter::reports
