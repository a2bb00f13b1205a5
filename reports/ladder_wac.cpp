#include "reports/ladder_wac.h"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

namespace arbiter::reports {
namespace {

std::optional<std::string> plan_limit(const nlohmann::json& plan) {
    if (!plan.contains("wac") || !plan["wac"].is_object()) return std::nullopt;
    const auto& wac = plan["wac"];
    if (!wac.contains("limit") || !wac["limit"].is_string()) return std::nullopt;
    return wac["limit"].get<std::string>();
}

std::string one_decimal(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

void add_run(WacFigures& figures, const db::LadderEpdScore& score) {
    figures.solved.push_back(score.solved);
    figures.positions = std::max(figures.positions, score.positions);
}

}  // namespace

std::map<std::string, WacFigures> ladder_wac(const std::vector<db::LadderEpdScore>& scores,
                                             const nlohmann::json& plan) {
    std::map<std::string, WacFigures> figures;
    const auto limit = plan_limit(plan);
    std::map<std::string, std::vector<double>> depths;
    for (const auto& score : scores) {
        if (!limit) {
            figures[score.engine] = WacFigures{};  // the newest run stands alone
            depths[score.engine].clear();
        } else if (score.limit != *limit) {
            continue;  // a WAC played under other settings is not the plan's column
        }
        add_run(figures[score.engine], score);
        if (score.average_depth) depths[score.engine].push_back(*score.average_depth);
    }
    for (auto& [player, runs] : depths) {
        if (runs.empty()) continue;
        double sum = 0;
        for (double depth : runs) sum += depth;
        figures[player].average_depth = sum / static_cast<double>(runs.size());
    }
    return figures;
}

bool shows_wac_depth(const nlohmann::json& plan) { return plan_limit(plan).has_value(); }

double mean_solved(const WacFigures& wac) {
    if (wac.solved.empty()) return 0.0;
    double sum = 0;
    for (auto solved : wac.solved) sum += static_cast<double>(solved);
    return sum / static_cast<double>(wac.solved.size());
}

std::string wac_cell(const WacFigures& wac) {
    if (wac.solved.empty()) return "";
    std::string positions = "/";
    positions += std::to_string(wac.positions);
    if (wac.solved.size() == 1) return std::to_string(wac.solved.front()).append(positions);
    const auto [low, high] = std::minmax_element(wac.solved.begin(), wac.solved.end());
    // Appended piecewise: g++ 12 warns falsely (-Wrestrict) on chains of string temporaries.
    std::string cell = one_decimal(mean_solved(wac));
    cell += positions;
    cell += " (";
    cell += std::to_string(*low);
    cell += "\xE2\x80\x93";  // an en dash
    cell += std::to_string(*high);
    cell += ")";
    return cell;
}

std::string wac_depth_cell(const WacFigures& wac) { return wac.average_depth ? one_decimal(*wac.average_depth) : ""; }

std::string wac_note(const nlohmann::json& plan) {
    if (!plan.contains("wac") || !plan["wac"].is_object()) return "";
    const auto& wac = plan["wac"];
    std::string note =
        "WAC: " + (wac.contains("nodes") ? wac["nodes"].dump() + " nodes per position"
                                         : std::to_string(wac.value("movetime_ms", 0)) + " ms per position");
    const int runs = wac.value("runs", 1);
    if (runs > 1) note += ", " + std::to_string(runs) + " runs (solved: their mean and range)";
    if (wac.contains("positions") && wac["positions"].is_number())
        note += ", first " + wac["positions"].dump() + " positions";
    if (shows_wac_depth(plan)) note += "; WAC depth: the answers' average depth";
    return note;
}

}  // namespace arbiter::reports
