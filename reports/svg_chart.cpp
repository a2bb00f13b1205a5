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
    double x_center(std::size_t slot) const {
        return left + plot_width() * (static_cast<double>(slot) + 0.5) / static_cast<double>(slots);
    }
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

// The y range from `low` to `high`, widened to whole tick steps (and to 2 when the data are flat).
void round_y_range(Frame& frame, double low, double high) {
    if (high - low < 1e-9) low -= 1.0, high += 1.0;
    const double step = tick_step(high - low);
    frame.y_min = std::floor(low / step) * step;
    frame.y_max = std::ceil(high / step) * step;
    if (frame.y_max - frame.y_min < 1e-9) frame.y_max = frame.y_min + step;
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
    for (const ChartLine& line : chart.lines) low = std::min(low, line.value), high = std::max(high, line.value);
    round_y_range(frame, low, high);
}

void draw_y_axis(std::ostringstream& svg, const Frame& frame, const Chart& chart) {
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
}

void draw_axes(std::ostringstream& svg, const Frame& frame, const Chart& chart) {
    draw_y_axis(svg, frame, chart);
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
    std::string text = point.label + ": " + (point.bound.empty() ? "" : point.bound + " ") +
                       tick_label(std::round(*point.value * 10) / 10);
    if (point.error) text += " \xC2\xB1 " + tick_label(std::round(*point.error * 10) / 10);
    return escape_xml(text);
}

// A horizontal line across the plot, its label above it at the right end, or at the left end where a
// points chart's last point would hide it (a bisection's bad build sits on its bad level).
void draw_level(std::ostringstream& svg, const Frame& frame, double value, const std::string& css,
                const std::string& label, bool label_left = false) {
    if (value < frame.y_min || value > frame.y_max) return;
    const std::string y = number(frame.y(value));
    const double label_x = label_left ? frame.left + 4 : frame.width - frame.right - 4;
    svg << "<line class=\"" << css << "\" x1=\"" << number(frame.left) << "\" x2=\""
        << number(frame.width - frame.right) << "\" y1=\"" << y << "\" y2=\"" << y << "\"/><text class=\"" << css
        << "-label\" x=\"" << number(label_x) << "\" y=\"" << number(frame.y(value) - 4) << "\" text-anchor=\""
        << (label_left ? "start" : "end") << "\">" << escape_xml(label) << "</text>";
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
                << number(frame.y(*point.value - *point.error)) << "\" y2=\""
                << number(frame.y(*point.value + *point.error)) << "\"/>";
        }
        path += (path.empty() ? "M" : " L") + x + " " + number(frame.y(*point.value));
        const bool marked = !point.mark.empty();
        svg << "<circle class=\"point" << (marked ? " marked" : "") << "\" cx=\"" << x << "\" cy=\""
            << number(frame.y(*point.value)) << "\" r=\"" << (marked ? "6" : "4") << "\"><title>" << tooltip(point)
            << "</title></circle>";
        if (marked) {
            const double top = frame.y(*point.value + point.error.value_or(0.0));
            svg << "<text class=\"mark\" x=\"" << x << "\" y=\"" << number(top - 8) << "\" text-anchor=\"middle\">"
                << escape_xml(point.mark) << "</text>";
        }
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
                << number(frame.y(*point.value - *point.error)) << "\" y2=\""
                << number(frame.y(*point.value + *point.error)) << "\"/>";
        }
    }
    svg << "</g>";
}

// --- trajectory charts: x is the point's index, from 0 at the left edge to the last at the right ---

double trajectory_x(const Frame& frame, std::size_t index) {
    const double last = static_cast<double>(std::max<std::size_t>(1, frame.slots - 1));
    return frame.left + frame.plot_width() * static_cast<double>(index) / last;
}

// The values and the reference line set the range; a bound joins it when it lies within a quarter
// of that span, so a line running into its limit shows the limit.
void fit_trajectory_range(Frame& frame, const Chart& chart) {
    double low = chart.reference.value_or(INFINITY), high = chart.reference.value_or(-INFINITY);
    for (const auto& point : chart.series.points) {
        if (!point.value) continue;
        low = std::min(low, *point.value);
        high = std::max(high, *point.value);
    }
    if (!std::isfinite(low)) low = 0.0, high = 1.0;
    const double span = std::max(high - low, 1e-9);
    const auto joins = [&](double gap) { return chart.bounds_always || gap <= span / 4; };
    if (chart.lower_bound && *chart.lower_bound <= low && joins(low - *chart.lower_bound)) low = *chart.lower_bound;
    if (chart.upper_bound && *chart.upper_bound >= high && joins(*chart.upper_bound - high)) high = *chart.upper_bound;
    round_y_range(frame, low, high);
}

void draw_iteration_axis(std::ostringstream& svg, const Frame& frame, const Chart& chart) {
    const std::size_t last = std::max<std::size_t>(1, frame.slots - 1);
    const auto step = std::max<std::size_t>(1, static_cast<std::size_t>(tick_step(static_cast<double>(last))));
    const std::string y = number(frame.top + frame.plot_height() + 16);
    svg << "<g class=\"axis x-axis\">";
    for (std::size_t tick = 0; tick <= last; tick += step)
        svg << "<text x=\"" << number(trajectory_x(frame, tick)) << "\" y=\"" << y << "\" text-anchor=\"middle\">"
            << tick_label(static_cast<double>(tick) * chart.x_step) << "</text>";
    svg << "<text class=\"axis-label\" x=\"" << number(frame.left + frame.plot_width() / 2) << "\" y=\""
        << number(frame.top + frame.plot_height() + 34) << "\" text-anchor=\"middle\">" << escape_xml(chart.x_label)
        << "</text></g>";
}

void draw_trajectory(std::ostringstream& svg, const Frame& frame, const Chart& chart) {
    if (chart.lower_bound)
        draw_level(svg, frame, *chart.lower_bound, "bound", chart.lower_label + " " + tick_label(*chart.lower_bound));
    if (chart.upper_bound)
        draw_level(svg, frame, *chart.upper_bound, "bound", chart.upper_label + " " + tick_label(*chart.upper_bound));
    if (chart.reference) draw_level(svg, frame, *chart.reference, "reference", "start " + tick_label(*chart.reference));
    std::string points;
    std::size_t last = 0;
    for (std::size_t i = 0; i < chart.series.points.size(); ++i) {
        const auto& value = chart.series.points[i].value;
        if (!value) continue;
        if (!points.empty()) points += ' ';
        points += number(trajectory_x(frame, i)) + "," + number(frame.y(*value));
        last = i;
    }
    if (points.empty()) return;
    const ChartPoint& end = chart.series.points[last];
    svg << "<polyline class=\"trajectory\" points=\"" << points << "\"/><circle class=\"final\" cx=\""
        << number(trajectory_x(frame, last)) << "\" cy=\"" << number(frame.y(*end.value)) << "\" r=\"3.5\"><title>"
        << escape_xml(end.label + ": " + tick_label(*end.value)) << "</title></circle>";
}

// The <svg> element's start, its accessible title and the visible one, for every kind of chart.
void open_svg(std::ostringstream& svg, const Chart& chart, ChartSize size, const Frame& frame, const char* kind_class) {
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" << escape_xml(chart.id) << "\" class=\"chart "
        << kind_class << "\" viewBox=\"0 0 " << size.width << " " << size.height << "\" role=\"img\" aria-label=\""
        << escape_xml(chart.title) << "\"><title>" << escape_xml(chart.title) << "</title>"
        << "<text class=\"chart-title\" x=\"" << number(frame.left) << "\" y=\"20\">" << escape_xml(chart.title)
        << "</text>";
}

std::string render_trajectory_svg(const Chart& chart, ChartSize size) {
    Frame frame;
    frame.left = 70, frame.right = 16, frame.top = 48, frame.bottom = 44;
    frame.width = size.width;
    frame.height = size.height;
    frame.slots = std::max<std::size_t>(1, chart.series.points.size());
    fit_trajectory_range(frame, chart);
    std::ostringstream svg;
    open_svg(svg, chart, size, frame, "trajectory-chart");
    svg << "<text class=\"chart-subtitle\" x=\"" << number(frame.left) << "\" y=\"37\">" << escape_xml(chart.subtitle)
        << "</text>";
    draw_y_axis(svg, frame, chart);
    draw_iteration_axis(svg, frame, chart);
    draw_trajectory(svg, frame, chart);
    svg << "</svg>";
    return svg.str();
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

std::string escape_attribute(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '\n': out += "&#10;"; break;
            case '\r': out += "&#13;"; break;
            case '\t': out += "&#9;"; break;
            default: out += escape_xml(std::string(1, c));
        }
    }
    return out;
}

std::string render_svg_meter(const Meter& meter) {
    constexpr double kWidth = 80, kHeight = 12, kMarkWidth = 3;
    const double span = meter.high - meter.low;
    // Where the value sits on the track, 0 to 1; an empty or reversed range puts it in the middle.
    double at = span > 0 && std::isfinite(meter.value) ? (meter.value - meter.low) / span : 0.5;
    at = std::clamp(at, 0.0, 1.0);
    std::ostringstream svg;
    svg << "<svg class=\"meter\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << kHeight
        << "\" viewBox=\"0 0 " << kWidth << " " << kHeight << "\" role=\"img\"><title>"
        << escape_xml(tick_label(meter.value) + " in [" + tick_label(meter.low) + ", " + tick_label(meter.high) + "]")
        << "</title><rect class=\"meter-track\" x=\"0\" y=\"3\" width=\"" << kWidth << "\" height=\"6\"/>";
    if (meter.low < 0 && meter.high > 0)
        svg << "<line class=\"meter-zero\" x1=\"" << number(-meter.low / span * kWidth) << "\" x2=\""
            << number(-meter.low / span * kWidth) << "\" y1=\"1\" y2=\"11\"/>";
    svg << "<rect class=\"meter-value\" x=\"" << number(at * (kWidth - kMarkWidth)) << "\" y=\"0\" width=\""
        << kMarkWidth << "\" height=\"" << kHeight << "\"/></svg>";
    return svg.str();
}

std::string render_svg_chart(const Chart& chart, ChartSize size) {
    if (chart.kind == ChartKind::trajectory) return render_trajectory_svg(chart, size);
    Frame frame;
    frame.width = size.width;
    frame.height = size.height;
    frame.slots = std::max<std::size_t>(1, chart.series.points.size());
    fit_range(frame, chart);
    std::ostringstream svg;
    open_svg(svg, chart, size, frame, chart.kind == ChartKind::bars ? "bar-chart" : "point-chart");
    draw_axes(svg, frame, chart);
    for (const ChartLine& line : chart.lines) draw_level(svg, frame, line.value, line.css, line.label, true);
    if (chart.kind == ChartKind::bars) draw_bars(svg, frame, chart);
    else draw_points(svg, frame, chart);
    svg << "</svg>";
    return svg.str();
}

}  // namespace arbiter::reports
