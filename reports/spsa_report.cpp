#include "reports/spsa_report.h"

#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "reports/spsa_paste_back.h"

namespace arbiter::reports {
namespace {

void check_lengths(const SpsaReportModel& run) {
    for (const auto& param : run.params) {
        if (param.theta.size() != static_cast<std::size_t>(run.iterations_done))
            throw std::invalid_argument("spsa run '" + run.run_name + "': parameter " + param.name + " has " +
                                        std::to_string(param.theta.size()) + " values of θ for " +
                                        std::to_string(run.iterations_done) + " iterations");
    }
}

std::string hours(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f h", seconds / 3600.0);
    return buffer;
}

// For int parameters the change is between whole values, as the engine saw them.
double change_of(const SpsaParamTrajectory& param) {
    const double change = final_value(param) - param.start;
    if (param.is_integer) return change;
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.6g", change);
    return std::strtod(buffer, nullptr);
}

std::string signed_number(double value) {
    const std::string text = spsa_number(value);
    return value > 0 ? "+" + text : text;
}

std::vector<std::string> summary(const SpsaReportModel& run) {
    std::vector<std::string> lines;
    lines.push_back("Engine " + run.engine + (run.limits.empty() ? "" : ", games at " + run.limits) + ".");
    lines.push_back("Iterations: " + std::to_string(run.iterations_done) + " of " +
                    std::to_string(run.iterations_planned) + ", " + std::to_string(run.pairs_per_iteration) +
                    " game pairs each; " + std::to_string(run.games) + " games in total. θ+ against θ−: +" +
                    std::to_string(run.plus.wins) + " =" + std::to_string(run.plus.draws) + " −" +
                    std::to_string(run.plus.losses) + ".");
    lines.push_back("Schedule: alpha " + spsa_number(run.alpha) + ", gamma " + spsa_number(run.gamma) + ", A " +
                    spsa_number(run.A) + (run.A == 1 ? " iteration." : " iterations."));
    std::string time;
    if (run.wall_seconds) time = "Wall clock " + hours(*run.wall_seconds);
    if (run.game_seconds)
        time += (time.empty() ? "Game time " : "; game time ") + hours(*run.game_seconds) +
                " (the sum of the games' durations: the engines' CPU time when each searches on one thread)";
    if (!time.empty()) lines.push_back(time + ".");
    return lines;
}

Table parameter_table(const SpsaReportModel& run) {
    Table table;
    table.caption = "Parameters after iteration " + std::to_string(run.iterations_done);
    table.columns = {"Parameter", "Type", "Start", "Final", "Change", "Min", "Max", "c_end", "r_end"};
    table.numeric = {false, false, true, true, true, true, true, true, true};
    for (const auto& param : run.params) {
        table.rows.push_back({param.name, param.is_integer ? "int" : "float", spsa_number(param.start),
                              spsa_number(final_value(param)), signed_number(change_of(param)), spsa_number(param.min),
                              spsa_number(param.max), spsa_number(param.c_end), spsa_number(param.r_end)});
    }
    return table;
}

std::string chart_id(std::size_t run_number, const std::string& name) {
    std::string id = "spsa-" + std::to_string(run_number) + "-";
    for (char c : name) {
        const bool keep =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        id += keep ? c : '_';
    }
    return id;
}

// Point 0 is the start value, point i the value after iteration i.
Chart trajectory_chart(std::size_t run_number, const SpsaParamTrajectory& param) {
    Chart chart;
    chart.id = chart_id(run_number, param.name);
    chart.title = param.name;
    chart.y_label = "θ";
    chart.x_label = "iteration";
    chart.kind = ChartKind::trajectory;
    chart.subtitle = "start " + spsa_number(param.start) + ", final " + spsa_number(final_value(param)) + ", range [" +
                     spsa_number(param.min) + ", " + spsa_number(param.max) + "]";
    chart.reference = param.start;
    chart.lower_bound = param.min;
    chart.upper_bound = param.max;
    chart.series.name = param.name;
    chart.series.points.push_back({"start", param.start, std::nullopt});
    for (std::size_t i = 0; i < param.theta.size(); ++i)
        chart.series.points.push_back({"iteration " + std::to_string(i + 1), param.theta[i], std::nullopt});
    return chart;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

void add_run(Report& report, std::size_t run_number, const SpsaReportModel& run, bool with_trajectories) {
    Section table_section;
    table_section.heading = "SPSA run " + run.run_name;
    table_section.paragraphs = summary(run);
    table_section.tables.push_back(parameter_table(run));
    report.sections.push_back(std::move(table_section));

    Section paste;
    paste.heading = run.run_name + ": final values to paste back";
    paste.paragraphs.push_back("For OpenBench, for fishtest, and for arbiter's -each, in this order.");
    paste.blocks = {joined(openbench_lines(run.params)), joined(fishtest_lines(run.params)),
                    each_option_line(run.params)};
    report.sections.push_back(std::move(paste));
    if (!with_trajectories) return;

    Section trajectories;
    trajectories.heading = run.run_name + ": trajectories";
    trajectories.paragraphs.push_back(
        "θ after each iteration; the dashed line is the start value, the red lines the range's bounds when near.");
    for (const auto& param : run.params) trajectories.charts.push_back(trajectory_chart(run_number, param));
    report.sections.push_back(std::move(trajectories));
}

nlohmann::json optional_number(const std::optional<double>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json param_json(const SpsaParamTrajectory& param) {
    return {{"name", param.name},
            {"type", param.is_integer ? "int" : "float"},
            {"start", param.start},
            {"final", final_value(param)},
            {"final_theta", final_theta(param)},
            {"change", change_of(param)},
            {"min", param.min},
            {"max", param.max},
            {"c_end", param.c_end},
            {"r_end", param.r_end},
            {"trajectory", param.theta}};
}

nlohmann::json run_json(const SpsaReportModel& run) {
    nlohmann::json params = nlohmann::json::array();
    for (const auto& param : run.params) params.push_back(param_json(param));
    return {{"name", run.run_name},
            {"engine", run.engine},
            {"limits", run.limits},
            {"iterations_planned", run.iterations_planned},
            {"iterations_done", run.iterations_done},
            {"pairs_per_iteration", run.pairs_per_iteration},
            {"games", run.games},
            {"plus_results", {{"wins", run.plus.wins}, {"draws", run.plus.draws}, {"losses", run.plus.losses}}},
            {"schedule", {{"alpha", run.alpha}, {"gamma", run.gamma}, {"A", run.A}}},
            {"wall_seconds", optional_number(run.wall_seconds)},
            {"game_seconds", optional_number(run.game_seconds)},
            {"params", params},
            {"paste_back",
             {{"openbench", openbench_lines(run.params)},
              {"fishtest", fishtest_lines(run.params)},
              {"each", each_option_line(run.params)}}}};
}

}  // namespace

Report build_spsa_report(const std::vector<SpsaReportModel>& runs, const std::string& source, bool with_trajectories) {
    Report report;
    report.title = runs.size() == 1 ? "SPSA run " + runs.front().run_name : "SPSA runs";
    report.notes.push_back("Database: " + source);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        check_lengths(runs[i]);
        add_run(report, i + 1, runs[i], with_trajectories);
    }
    return report;
}

void render_spsa_json(const std::vector<SpsaReportModel>& runs, const std::string& source, std::ostream& out) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& run : runs) {
        check_lengths(run);
        list.push_back(run_json(run));
    }
    out << nlohmann::json{{"source", source}, {"runs", list}}.dump(2) << "\n";
}

void render_spsa_report(const std::vector<SpsaReportModel>& runs, const std::string& source, Format format,
                        std::ostream& out) {
    if (format == Format::json) render_spsa_json(runs, source, out);
    else render(build_spsa_report(runs, source, format == Format::html), format, out);
}

}  // namespace arbiter::reports
