#include "reports/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace arbiter::reports {
namespace {

struct Frame {
    double left = 96, right = 16, top = 34, bottom = 100;  // room for the title and slanted labels
    double width = 0, height = 0;
    double y_min = 0, y_max = 1;
    std::size_t slots = 1;

    double plot_width() const { return width - left - right; }
    double plot_height() const { return height - top - bottom; }
    double x_center(std::size_t slot) const { return left + plot_width() * (static_cast<double>(slot) + 0.5) / static_cast<double>(slots); }
    double slot_width() const { return plot_width() / static_cast<double>(slots); }
    double y(double value) const { return top + plot_height() * (y_max - value) / (y_max - y_min); }
};

std::string number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", value);
    return buffer;
}

std::string tick_label(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", std::abs(value) < 1e-9 ? 0.0 : value);
    return buffer;
}

// 1, 2 or 5 times a power of ten, giving about five intervals over the span.
double tick_step(double span) {
    const double raw = span / 5.0;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 5.0, 10.0})
        if (raw <= factor * power) return factor * power;
    return 10.0 * power;
}

void fit_range(Frame& frame, const Chart& chart) {
    double low = INFINITY, high = -INFINITY;
    for (const auto& point : chart.series.points) {
        if (!point.value) continue;
        const double error = point.error.value_or(0.0);
        low = std::min(low, *point.value - error);
        high = std::max(high, *point.value + error);
    }
    if (chart.kind == ChartKind::bars) low = std::min(low, 0.0), high = std::max(high, 0.0);
    if (!std::isfinite(low)) low = 0.0, high = 1.0;
    if (high - low < 1e-9) low -= 1.0, high += 1.0;
    const double step = tick_step(high - low);
    frame.y_min = std::floor(low / step) * step;
    frame.y_max = std::ceil(high / step) * step;
    if (frame.y_max - frame.y_min < 1e-9) frame.y_max = frame.y_min + step;
}

void draw_axes(std::ostringstream& svg, const Frame& frame, const Chart& chart) {
    const double step = tick_step(frame.y_max - frame.y_min);
    svg << "<g class=\"axis y-axis\">";
    for (double tick = frame.y_min; tick <= frame.y_max + step / 2; tick += step) {
        const std::string y = number(frame.y(tick));
        svg << "<line class=\"grid\" x1=\"" << number(frame.left) << "\" x2=\"" << number(frame.width - frame.right)
            << "\" y1=\"" << y << "\" y2=\"" << y << "\"/>"
            << "<text x=\"" << number(frame.left - 6) << "\" y=\"" << y << "\" dy=\"0.32em\" text-anchor=\"end\">"
            << tick_label(tick) << "</text>";
    }
    svg << "<text class=\"axis-label\" transform=\"translate(14," << number(frame.top + frame.plot_height() / 2)
        << ") rotate(-90)\" text-anchor=\"middle\">" << escape_xml(chart.y_label) << "</text></g>";
    svg << "<g class=\"axis x-axis\">";
    for (std::size_t i = 0; i < chart.series.points.size(); ++i) {
        const std::string x = number(frame.x_center(i));
        const std::string y = number(frame.top + frame.plot_height() + 12);
        svg << "<text x=\"" << x << "\" y=\"" << y << "\" text-anchor=\"end\" transform=\"rotate(-35 " << x << " " << y
            << ")\">" << escape_xml(chart.series.points[i].label) << "</text>";
    }
    svg << "<line class=\"baseline\" x1=\"" << number(frame.left) << "\" x2=\"" << number(frame.width - frame.right)
        << "\" y1=\"" << number(frame.y(std::clamp(0.0, frame.y_min, frame.y_max))) << "\" y2=\""
        << number(frame.y(std::clamp(0.0, frame.y_min, frame.y_max))) << "\"/></g>";
}

std::string tooltip(const ChartPoint& point) {
    std::string text = point.label + ": " + tick_label(std::round(*point.value * 10) / 10);
    if (point.error) text += " \xC2\xB1 " + tick_label(std::round(*point.error * 10) / 10);
    return escape_xml(text);
}

void draw_points(std::ostringstream& svg, const Frame& frame, const Chart& chart) {
    std::string path;
    svg << "<g class=\"series\">";
    for (std::size_t i = 0; i < chart.series.points.size(); ++i) {
        const ChartPoint& point = chart.series.points[i];
        if (!point.value) continue;
        const std::string x = number(frame.x_center(i));
        if (point.error && *point.error > 0) {
            svg << "<line class=\"error-bar\" x1=\"" << x << "\" x2=\"" << x << "\" y1=\""
                << number(frame.y(*point.value - *point.error)) << "\" y2=\"" << number(frame.y(*point.value + *point.error))
                << "\"/>";
        }
        path += (path.empty() ? "M" : " L") + x + " " + number(frame.y(*point.value));
        svg << "<circle class=\"point\" cx=\"" << x << "\" cy=\"" << number(frame.y(*point.value))
            << "\" r=\"4\"><title>" << tooltip(point) << "</title></circle>";
    }
    svg << "</g>";
    if (!path.empty()) svg << "<path class=\"trend\" d=\"" << path << "\"/>";
}

void draw_bars(std::ostringstream& svg, const Frame& frame, const Chart& chart) {
    const double width = std::max(2.0, frame.slot_width() * 0.6);
    const double zero = frame.y(std::clamp(0.0, frame.y_min, frame.y_max));
    svg << "<g class=\"series\">";
    for (std::size_t i = 0; i < chart.series.points.size(); ++i) {
        const ChartPoint& point = chart.series.points[i];
        if (!point.value) continue;
        const double top = std::min(zero, frame.y(*point.value));
        const double height = std::max(1.0, std::abs(frame.y(*point.value) - zero));
        const std::string x = number(frame.x_center(i));
        svg << "<rect class=\"bar" << (*point.value < 0 ? " negative" : "") << "\" x=\""
            << number(frame.x_center(i) - width / 2) << "\" y=\"" << number(top) << "\" width=\"" << number(width)
            << "\" height=\"" << number(height) << "\"><title>" << tooltip(point) << "</title></rect>";
        if (point.error && *point.error > 0) {
            svg << "<line class=\"error-bar\" x1=\"" << x << "\" x2=\"" << x << "\" y1=\""
                << number(frame.y(*point.value - *point.error)) << "\" y2=\"" << number(frame.y(*point.value + *point.error))
                << "\"/>";
        }
    }
    svg << "</g>";
}

}  // namespace

std::string escape_xml(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string render_svg_chart(const Chart& chart, ChartSize size) {
    Frame frame;
    frame.width = size.width;
    frame.height = size.height;
    frame.slots = std::max<std::size_t>(1, chart.series.points.size());
    fit_range(frame, chart);
    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" << escape_xml(chart.id) << "\" class=\"chart "
        << (chart.kind == ChartKind::bars ? "bar-chart" : "point-chart") << "\" viewBox=\"0 0 " << size.width << " "
        << size.height << "\" role=\"img\" aria-label=\"" << escape_xml(chart.title) << "\">"
        << "<title>" << escape_xml(chart.title) << "</title>"
        << "<text class=\"chart-title\" x=\"" << number(frame.left) << "\" y=\"20\">" << escape_xml(chart.title) << "</text>";
    draw_axes(svg, frame, chart);
    if (chart.kind == ChartKind::bars) draw_bars(svg, frame, chart);
    else draw_points(svg, frame, chart);
    svg << "</svg>";
    return svg.str();
}

}  // namespace arbiter::reports
