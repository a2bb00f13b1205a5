#include "reports/speed_knowledge.h"

#include <cstdio>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "harness/stats/stored_counts.h"
#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

// One step's answers to a search run (a fixed depth, or for speed a fixed node count): nodes and the
// engine's time, by position.
struct SearchSample {
    std::int64_t nodes = 0;
    std::int64_t time_ms = 0;
};
using SearchRun = std::map<std::string, SearchSample>;

struct StepMeasurements {
    std::optional<SearchRun> depth_run;
    bool depth_run_complete = false;
    std::optional<std::int64_t> fixed_node_run;
    std::optional<SearchRun> speed_run;
    bool speed_planned = false;  // the plan measures speed apart: only those searches time the step

    const std::optional<SearchRun>& timed_run() const { return speed_planned ? speed_run : depth_run; }
};

// The measurement's settings as the plan states them; null when the plan does not ask for it.
nlohmann::json wanted_settings(const nlohmann::json& plan, const char* kind) {
    if (!plan.contains("measure") || !plan["measure"].is_object()) return nullptr;
    return plan["measure"].value(kind, nlohmann::json());
}

SearchRun search_run_of(db::Database& database, std::int64_t run_id) {
    SearchRun samples;
    for (const auto& row : database.epd_results_of_run(run_id))
        if (row.nodes) samples[row.position_id] = SearchSample{*row.nodes, row.time_ms.value_or(0)};
    return samples;
}

// Each step's runs measured under the plan's settings; measurements made under other settings (an
// earlier depth) are stored too, but are not what the plan's columns say.
std::vector<StepMeasurements> step_measurements(db::Database& database, const SpeedKnowledgeInput& input) {
    std::vector<StepMeasurements> steps(input.steps.size());
    const nlohmann::json depth = wanted_settings(input.plan, "time_to_depth");
    const nlohmann::json nodes = wanted_settings(input.plan, "fixed_nodes");
    const nlohmann::json speed = wanted_settings(input.plan, "speed");
    for (StepMeasurements& step : steps) step.speed_planned = speed.is_object();
    for (const auto& row : database.ladder_measurements(input.ladder)) {
        if (row.step_index < 0 || static_cast<std::size_t>(row.step_index) >= steps.size()) continue;
        StepMeasurements& step = steps[static_cast<std::size_t>(row.step_index)];
        const nlohmann::json settings = nlohmann::json::parse(row.settings_json, nullptr, false);
        if (row.kind == db::MeasurementKind::time_to_depth && settings == depth) {
            step.depth_run = search_run_of(database, row.run_id);
            const auto run = database.run_by_id(row.run_id);
            step.depth_run_complete = run && run->status == db::RunStatus::finished;
        } else if (row.kind == db::MeasurementKind::fixed_nodes && settings == nodes) {
            step.fixed_node_run = row.run_id;
        } else if (row.kind == db::MeasurementKind::speed && settings == speed) {
            step.speed_run = search_run_of(database, row.run_id);
        }
    }
    return steps;
}

SearchSample search_run_total(const SearchRun& run) {
    SearchSample sum;
    for (const auto& [position, sample] : run) {
        sum.nodes += sample.nodes;
        sum.time_ms += sample.time_ms;
    }
    return sum;
}

// The two runs' totals over the positions both answered: a ratio over different positions would
// compare the positions.
std::pair<SearchSample, SearchSample> common_totals(const SearchRun& step, const SearchRun& previous) {
    std::pair<SearchSample, SearchSample> sums;
    for (const auto& [position, sample] : step) {
        const auto before = previous.find(position);
        if (before == previous.end()) continue;
        sums.first.nodes += sample.nodes;
        sums.first.time_ms += sample.time_ms;
        sums.second.nodes += before->second.nodes;
        sums.second.time_ms += before->second.time_ms;
    }
    return sums;
}

std::optional<double> nodes_per_ms(const SearchSample& sum) {
    if (sum.time_ms < kShortestTimedSearchMs) return std::nullopt;
    return static_cast<double>(sum.nodes) / static_cast<double>(sum.time_ms);
}

std::string ratio_cell(std::optional<double> numerator, std::optional<double> denominator) {
    if (!numerator || !denominator || *denominator <= 0) return "";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", *numerator / *denominator);
    return text;
}

std::string nodes_cell(const StepMeasurements& step) {
    if (!step.depth_run || step.depth_run->empty()) return "";
    const std::string nodes = std::to_string(search_run_total(*step.depth_run).nodes);
    if (step.depth_run_complete) return nodes;
    return nodes + " (incomplete: " + std::to_string(step.depth_run->size()) + " positions)";
}

std::string speed_cell(const StepMeasurements& step) {
    if (!step.timed_run()) return "";
    const SearchSample total = search_run_total(*step.timed_run());
    const auto speed = nodes_per_ms(total);  // nodes per ms = thousands per second
    if (speed) return whole(*speed);
    return total.time_ms > 0 ? "too short to time (" + std::to_string(total.time_ms) + " ms)" : "";
}

struct RatioCells {
    std::string nodes, speed;
};

RatioCells ratio_cells(const StepMeasurements& step, const StepMeasurements& previous) {
    RatioCells cells;
    if (step.depth_run && previous.depth_run) {
        const auto [mine, theirs] = common_totals(*step.depth_run, *previous.depth_run);
        cells.nodes = ratio_cell(static_cast<double>(mine.nodes), static_cast<double>(theirs.nodes));
    }
    if (step.timed_run() && previous.timed_run()) {
        const auto [mine, theirs] = common_totals(*step.timed_run(), *previous.timed_run());
        cells.speed = ratio_cell(nodes_per_ms(mine), nodes_per_ms(theirs));
    }
    return cells;
}

// The step's score against the previous step in its fixed-node run, from the step's side.
std::optional<stats::EloEstimate> fixed_node_elo(db::Database& database, std::int64_t run_id, const std::string& player,
                                                 const std::string& previous) {
    const auto counts = database.pair_stats_by_run(player, previous, db::ResultFilter{{run_id}, std::nullopt});
    if (counts.empty()) return std::nullopt;
    const stats::PentaCounts pairs = stats::penta_of(counts.front());
    if (pairs.pairs() == 0) return std::nullopt;
    return stats::estimate_elo(pairs);
}

struct FixedNodeFigures {
    std::string cell;
    ChartPoint point;
};

FixedNodeFigures fixed_node_figures(db::Database& database, const SpeedKnowledgeInput& input,
                                    const std::vector<StepMeasurements>& measured, std::size_t i) {
    const std::string number = std::to_string(i + 1);
    const std::string label = (number.size() < 2 ? "0" : "") + number + " " + input.steps[i].label.substr(0, 22);
    if (i == 0 || !measured[i].fixed_node_run) return {"", {label, std::nullopt, std::nullopt}};
    const auto elo =
        fixed_node_elo(database, *measured[i].fixed_node_run, input.steps[i].player, input.steps[i - 1].player);
    if (!elo) return {"", {label, std::nullopt, std::nullopt}};
    return {elo_cell(*elo) + " (" + std::to_string(2 * elo->samples) + ")", elo_point(label, *elo)};
}

std::string settings_caption(const nlohmann::json& plan) {
    std::string caption = "Speed and knowledge";
    const nlohmann::json depth = wanted_settings(plan, "time_to_depth");
    const nlohmann::json nodes = wanted_settings(plan, "fixed_nodes");
    if (depth.is_object()) {
        const std::string positions = depth.value("positions", std::string());
        // The file's name only: the plan holds its path, which names the machine it ran on.
        caption +=
            ": depth " + depth.value("depth", nlohmann::json()).dump() + " over " +
            (positions.empty() ? std::string("bench.epd") : std::filesystem::path(positions).filename().string());
    }
    if (nodes.is_object())
        caption += std::string(depth.is_object() ? "; " : ": ") + nodes.value("nodes", nlohmann::json()).dump() +
                   " nodes per move, " + nodes.value("pairs", nlohmann::json()).dump() + " pairs";
    const nlohmann::json speed = wanted_settings(plan, "speed");
    if (speed.is_object())
        caption += std::string(depth.is_object() || nodes.is_object() ? "; " : ": ") + "speed at " +
                   speed.value("nodes", nlohmann::json()).dump() + " nodes a position";
    return caption;
}

std::vector<std::string> explanations() {
    return {
        "Nodes to depth: every position searched with `go depth D`, one search at a time, each after ucinewgame; "
        "the sum of the nodes the engine reported. For a single-threaded engine with its hash cleared the count does "
        "not depend on the machine: it says how much the step's search needs to see that deep. Nodes vs previous: "
        "its ratio to the previous step's over the positions both answered (below 1: fewer nodes to the same depth).",
        "kN/s: nodes over the engine's reported search time (its info time, else arbiter's clock), in thousands a "
        "second, from the speed searches (`go nodes N` on the same positions, one at a time) when the plan measures "
        "speed, else from the searches to depth; Speed vs previous: the ratio of the two steps' nodes per second "
        "over the positions both answered. Time depends on the machine and its load (other processes, shards beside "
        "the ladder, frequency scaling, a search of a few milliseconds timed to the millisecond): compare speeds "
        "measured in one session on a quiet machine, and read differences of a few percent as noise. A step whose "
        "searches took less than " +
            std::to_string(kShortestTimedSearchMs) +
            " ms together shows no speed (too short to time): measure speed at a node count that takes longer.",
        "Fixed-node Elo vs previous: the step against the previous step, both at the same nodes per move, on the "
        "gauntlet's openings (each with both colours) and adjudication; Elo \xC2\xB1 95% error from the pentanomial "
        "counts of the game pairs (games in brackets). A node limit takes speed out: this is what the step knows. "
        "Beside the Improvement, measured at the clock where speed counts too, a step whose Improvement exceeds its "
        "fixed-node Elo gains by speed; one whose fixed-node Elo is the larger pays for its knowledge in speed."};
}

}  // namespace

std::optional<Section> speed_knowledge_section(db::Database& database, const SpeedKnowledgeInput& input) {
    if (!input.plan.contains("measure")) return std::nullopt;
    const std::vector<StepMeasurements> measured = step_measurements(database, input);
    Table table;
    table.caption = settings_caption(input.plan);
    table.columns = {"Feature",
                     "Improvement",
                     "Nodes to depth",
                     "Nodes vs previous",
                     "kN/s",
                     "Speed vs previous",
                     "Fixed-node Elo vs previous"};
    table.numeric = {false, true, true, true, true, true, true};
    Chart chart{"ladder-fixed-nodes",
                "Fixed-node Elo against the previous step",
                "Elo",
                ChartKind::bars,
                {"Fixed-node Elo", {}}};
    for (std::size_t i = 0; i < input.steps.size(); ++i) {
        const RatioCells ratios = i > 0 ? ratio_cells(measured[i], measured[i - 1]) : RatioCells{};
        const FixedNodeFigures fixed = fixed_node_figures(database, input, measured, i);
        table.rows.push_back(
            {input.steps[i].label, i < input.improvement_cells.size() ? input.improvement_cells[i] : "",
             nodes_cell(measured[i]), ratios.nodes, speed_cell(measured[i]), ratios.speed, fixed.cell});
        chart.series.points.push_back(fixed.point);
    }
    Section section;
    section.heading = "Speed and knowledge";
    section.paragraphs = explanations();
    if (has_values(chart)) section.charts.push_back(std::move(chart));
    section.tables.push_back(std::move(table));
    return section;
}

}  // namespace arbiter::reports
