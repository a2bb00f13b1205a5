#include "reports/ladder_precision.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

#include "harness/stats/elo.h"
#include "harness/stats/ladder_efficiency.h"
#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

struct StepCost {
    std::int64_t games = 0;
    double cpu_seconds = 0.0;
};

struct LadderCost {
    std::vector<StepCost> steps;
    StepCost other;  // games of runs that are no step's gauntlet (none in a ladder the runner played)
    double wac_cpu_seconds = 0.0;
};

// An engine's `Threads` option, 1 when unset or unreadable.
int threads_of(const db::EngineRecord& engine) {
    const auto options = nlohmann::json::parse(engine.options_json, nullptr, false);
    if (!options.is_object() || !options.contains("Threads")) return 1;
    const auto& value = options["Threads"];
    try {
        const long long threads = value.is_number() ? value.get<long long>() : std::stoll(value.get<std::string>());
        return threads >= 1 && threads <= 1 << 20 ? static_cast<int>(threads) : 1;
    } catch (const std::exception&) {
        return 1;
    }
}

class CoreCounts {
public:
    explicit CoreCounts(db::Database& database) : database_(database) {}
    int of(std::optional<std::int64_t> engine_id) {
        if (!engine_id) return 1;
        auto [it, fresh] = known_.emplace(*engine_id, 1);
        if (fresh) {
            if (const auto engine = database_.engine_by_id(*engine_id)) it->second = threads_of(*engine);
        }
        return it->second;
    }

private:
    db::Database& database_;
    std::map<std::int64_t, int> known_;
};

LadderCost ladder_cost(db::Database& database, const LadderPrecisionInput& input, const std::string& ladder) {
    LadderCost cost;
    cost.steps.resize(input.steps.size());
    std::map<std::int64_t, std::optional<std::size_t>> step_of_run;
    for (const auto& run : input.runs) step_of_run[run.id] = gauntlet_step(run, input.steps);
    CoreCounts cores(database);
    for (const auto& time : database.ladder_game_times(ladder)) {
        const auto step = step_of_run[time.run_id];
        StepCost& target = step ? cost.steps[*step] : cost.other;
        target.games += time.games;
        target.cpu_seconds += time.seconds * std::max(cores.of(time.white_engine_id), cores.of(time.black_engine_id));
    }
    for (const auto& time : database.ladder_epd_times(ladder))
        cost.wac_cpu_seconds += time.seconds * cores.of(time.engine_id);
    return cost;
}

std::string hours_text(double seconds) {
    const double hours = seconds / 3600.0;
    char text[32];
    std::snprintf(text, sizeof text, hours >= 0.01 || hours == 0.0 ? "%.2f" : "%.4f", hours);
    return text;
}

// The likelihood that the improvement is above zero, from the fit's normal approximation.
std::optional<double> improvement_los(const stats::StepImprovement& improvement) {
    if (!improvement.value || !improvement.error95 || *improvement.error95 <= 0.0) return std::nullopt;
    return stats::normal_cdf(*improvement.value / (*improvement.error95 / stats::kZ95));
}

// "0.83", "-0.50": a ratio or a correlation.
std::string two_places(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

std::string percent_text(const std::optional<double>& share) { return share ? percent(*share) + " %" : ""; }

std::string error_text(const std::optional<double>& error95) {
    return error95 ? "\xC2\xB1" + whole(*error95) : std::string("none");
}

struct TargetView {
    double error95 = 0.0;
    std::optional<std::int64_t> max_games;
    double margin = 1.0;  // gauntlet.target_margin: the ladder stops at margin * error95
    double stop_error95() const { return error95 * margin; }
};

std::optional<TargetView> plan_target(const nlohmann::json& plan) {
    if (!plan.contains("target") || !plan["target"].is_object()) return std::nullopt;
    const auto& target = plan["target"];
    if (!target.contains("error95") || !target["error95"].is_number()) return std::nullopt;
    TargetView view;
    view.error95 = target["error95"].get<double>();
    if (target.contains("max_games") && target["max_games"].is_number_integer())
        view.max_games = target["max_games"].get<std::int64_t>();
    if (target.contains("margin") && target["margin"].is_number()) view.margin = target["margin"].get<double>();
    return view;
}

std::string target_paragraph(const LadderPrecisionInput& input, const TargetView& target) {
    const stats::PrecisionVerdict verdict =
        stats::judge_precision(input.fit, input.improvements, target.stop_error95());
    std::string text = "Precision target: every improvement within " + error_text(target.error95) + " Elo (95%)";
    if (target.margin != 1.0)
        text += ", played to " + error_text(target.stop_error95()) + " (target_margin " + two_places(target.margin) +
                ": the errors count games as independent, and games that share an opening are not)";
    if (target.max_games) text += ", at most " + std::to_string(*target.max_games) + " games";
    text += ". ";
    if (verdict.met) return text + "MET with " + std::to_string(input.fit.games) + " games.";
    text += "NOT MET with " + std::to_string(input.fit.games) + " games";
    if (verdict.widest)
        text += ": the widest is step " + std::to_string(*verdict.widest + 1) + " (" +
                input.steps.at(*verdict.widest).label + ") " + error_text(verdict.widest_error95);
    if (input.fit.from_bayeselo) text += "; no finite maximum-likelihood fit yet";
    if (target.max_games && input.fit.games + 2 > *target.max_games) text += "; the budget is spent";
    else text += "; re-run the same command to continue";
    return text + ".";
}

// "+45", or "> +539" for a step placed for a perfect score (its improvement is a floor too).
std::string marked_whole(const stats::StepImprovement& improvement) {
    const std::string marker = stats::bound_marker(improvement.bound);
    return (marker.empty() ? "" : marker + " ") + signed_whole(*improvement.value);
}

Table cost_table(const LadderPrecisionInput& input, const LadderCost& cost, const std::optional<TargetView>& target) {
    Table table;
    table.caption = "Games and CPU-hours per step";
    table.columns = {"#", "Feature", "Improvement", "95% error", "LOS"};
    if (target) table.columns.push_back("Within " + error_text(target->stop_error95()));
    table.columns.insert(table.columns.end(), {"Games", "CPU-hours"});
    table.numeric = {true, false, true, true, true};
    if (target) table.numeric.push_back(false);
    table.numeric.insert(table.numeric.end(), {true, true});
    StepCost total = cost.other;
    for (std::size_t i = 0; i < input.steps.size(); ++i) {
        const auto& improvement = i < input.improvements.size() ? input.improvements[i] : stats::StepImprovement{};
        std::vector<std::string> row{
            std::to_string(i + 1), input.steps[i].label, improvement.value ? marked_whole(improvement) : "",
            i == 0 ? "" : error_text(improvement.error95), percent_text(improvement_los(improvement))};
        if (target) {
            const bool within =
                improvement.error95 && *improvement.error95 <= target->stop_error95() && !input.fit.from_bayeselo;
            row.push_back(i == 0 ? "" : within ? "yes" : "no");
        }
        row.insert(row.end(), {std::to_string(cost.steps[i].games), hours_text(cost.steps[i].cpu_seconds)});
        table.rows.push_back(std::move(row));
        total.games += cost.steps[i].games;
        total.cpu_seconds += cost.steps[i].cpu_seconds;
    }
    const auto summary_row = [&](const std::string& label, const std::string& games, double seconds) {
        std::vector<std::string> row{"", label, "", "", ""};
        if (target) row.push_back("");
        row.insert(row.end(), {games, hours_text(seconds)});
        table.rows.push_back(std::move(row));
    };
    summary_row("WAC runs", "", cost.wac_cpu_seconds);
    summary_row("Total", std::to_string(total.games), total.cpu_seconds + cost.wac_cpu_seconds);
    return table;
}

// The steps whose gain the games do not establish: a table reader should not take them as facts.
std::string unproven_steps(const LadderPrecisionInput& input) {
    std::string listed;
    for (std::size_t i = 1; i < input.steps.size() && i < input.improvements.size(); ++i) {
        const std::optional<double> los = improvement_los(input.improvements[i]);
        if (!input.improvements[i].value || (los && *los >= 0.95)) continue;
        listed += (listed.empty() ? "" : ", ") + std::string("step ") + std::to_string(i + 1) + " (" +
                  input.steps[i].label + ", " + (los ? "LOS " + percent_text(los) : std::string("no error")) + ")";
    }
    if (listed.empty()) return {};
    return "Not shown to gain (LOS below 95 %): " + listed + ".";
}

// What the games were worth (harness/stats/ladder_efficiency.h), and for a pool ladder how its
// opponents were chosen.
std::string information_paragraph(const LadderPrecisionInput& input) {
    if (!input.fit.table) return {};
    std::string text;
    if (input.plan.contains("pool") && input.plan["pool"].is_object()) {
        const auto& pool = input.plan["pool"];
        const std::string k = pool.value("opponents_per_step", nlohmann::json()).dump();
        const std::string size = std::to_string(pool.value("priors", nlohmann::json::object()).size());
        // Under a target a step's first batch plays the nearest and every later batch answers the
        // widest improvement; in fixed counts a step keeps its first choice.
        text += input.plan.contains("target")
                    ? "Opponents: each batch played " + k + " of a pool of " + size +
                          ": a step's first batch those whose expected score against it was nearest 50%, every "
                          "later batch those (and the step, of the widest improvement's two) predicted from the "
                          "ratings fitted so far to narrow the widest improvement most (docs/ladders.md). "
                    : "Opponents: each step played the " + k + " of a pool of " + size +
                          " whose expected score against it was nearest 50%, chosen when the step started, from the "
                          "ratings fitted then (docs/ladders.md). ";
    }
    if (const auto efficiency = stats::information_efficiency(*input.fit.table))
        text += "Information efficiency " + two_places(efficiency->efficiency) + ": the sum over the " +
                std::to_string(efficiency->games) +
                " games of E(1 - E), E each game's expected score from the fitted ratings, over 0.25 per game (1 "
                "when every game is expected at 50%; the games a target needs grow as its inverse). ";
    std::vector<std::string> players;
    for (const auto& step : input.steps) players.push_back(step.player);
    const auto correlations = stats::adjacent_improvement_correlations(*input.fit.table, players);
    if (const auto summary = stats::summarize_correlations(correlations))
        text += "Adjacent improvements correlate " + two_places(summary->mean) + " on average (from " +
                two_places(summary->lowest) + " to " + two_places(summary->highest) +
                ", from the fit's covariance): step i's rating is in improvements i and i+1 with opposite signs, so "
                "an error that raises one lowers the other, and the sum of two adjacent improvements is narrower "
                "than their errors added in quadrature.";
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text;
}

// Plans stored before the key existed had head to head on.
bool played_head_to_head(const nlohmann::json& plan) { return !plan.is_object() || plan.value("head_to_head", true); }

}  // namespace

std::optional<std::size_t> gauntlet_step(const db::RunRecord& run, const std::vector<db::LadderStepRecord>& steps) {
    if (run.kind == db::RunKind::ladder || run.kind == db::RunKind::epd) return std::nullopt;
    const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
    if (!config.is_object() || !config.contains("engines") || !config["engines"].is_array() ||
        config["engines"].empty())
        return std::nullopt;
    const std::string first = config["engines"][0].value("name", std::string());
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (steps[i].player == first) return i;
    return std::nullopt;
}

Section precision_section(db::Database& database, const LadderPrecisionInput& input) {
    Section section;
    section.heading = "Precision and cost";
    const std::optional<TargetView> target = plan_target(input.plan);
    if (target) section.paragraphs.push_back(target_paragraph(input, *target));
    const std::string ladder = input.steps.empty() ? std::string() : input.steps.front().ladder;
    const LadderCost cost = ladder_cost(database, input, ladder);
    section.paragraphs.push_back(
        "CPU-hours: each stored game's duration (finished - started) times the larger Threads option of its two "
        "engines (1 when unset: the engines move in turn and nobody ponders, so a game keeps one engine's cores "
        "busy); WAC: each answer's stored search time times the engine's Threads. Games: the step's own gauntlet "
        "runs (" +
        std::string(played_head_to_head(input.plan) ? "its opponents and the previous step head to head"
                                                    : "its opponents") +
        ").");
    section.tables.push_back(cost_table(input, cost, target));
    if (std::string findings = unproven_steps(input); !findings.empty())
        section.paragraphs.push_back(std::move(findings));
    if (std::string information = information_paragraph(input); !information.empty())
        section.paragraphs.push_back(std::move(information));
    return section;
}

}  // namespace arbiter::reports
