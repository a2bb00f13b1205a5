#include "reports/seed_comparison.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "harness/stats/gauntlet_error.h"
#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

using nlohmann::json;

// The seed's figures of step i (an empty object when it gives none).
json seed_step(const json& steps, std::size_t i) {
    return i < steps.size() && steps[i].is_object() ? steps[i] : json::object();
}

std::optional<double> seed_number(const json& figures, const char* key) {
    if (!figures.contains(key) || !figures[key].is_number()) return std::nullopt;
    return figures[key].get<double>();
}

std::string seed_text(const json& figures, const char* key) {
    return figures.contains(key) && figures[key].is_string() ? figures[key].get<std::string>() : std::string();
}

std::optional<stats::WdlCounts> seed_record(const json& figures) {
    if (!figures.contains("wdl") || !figures["wdl"].is_array() || figures["wdl"].size() != 3) return std::nullopt;
    const json& wdl = figures["wdl"];
    for (const auto& count : wdl)
        if (!count.is_number_integer()) return std::nullopt;
    return stats::WdlCounts{wdl[0].get<std::int64_t>(), wdl[1].get<std::int64_t>(), wdl[2].get<std::int64_t>()};
}

// The seed's 95% error of step i's improvement: quoted, or from its two gauntlets' records.
std::optional<double> seed_improvement_error(const json& steps, std::size_t i) {
    const json figures = seed_step(steps, i);
    if (auto quoted = seed_number(figures, "improvement_error95")) return quoted;
    if (i == 0) return std::nullopt;
    const auto now = seed_record(figures), before = seed_record(seed_step(steps, i - 1));
    if (!now || !before) return std::nullopt;
    const auto error_now = stats::gauntlet_rating_error95(*now), error_before = stats::gauntlet_rating_error95(*before);
    if (!error_now || !error_before) return std::nullopt;
    return stats::combined_error95(*error_now, *error_before);
}

struct Comparison {
    std::optional<double> difference, error95;  // ours minus the seed's improvement
    std::optional<double> our_error95;
    bool seed_error_known = false;
    bool beyond() const { return difference && error95 && std::fabs(*difference) > *error95; }
    // Without the seed's error the combined one is still at least ours: a difference inside ours is
    // inside it too, whatever the seed's.
    bool within_ours_alone() const {
        return difference && !error95 && our_error95 && std::fabs(*difference) <= *our_error95;
    }
    std::string verdict() const {
        if (error95) return beyond() ? "yes" : "no";
        return within_ours_alone() ? "no (within our error alone)" : "";
    }
};

Comparison compare(const json& steps, std::size_t i, const OurStepFigures& ours) {
    Comparison c;
    const auto seed = seed_number(seed_step(steps, i), "improvement");
    const auto seed_error = seed_improvement_error(steps, i);
    c.seed_error_known = seed_error.has_value();
    c.our_error95 = ours.improvement_error95;
    if (!seed || !ours.improvement) return c;
    c.difference = *ours.improvement - *seed;
    if (seed_error && ours.improvement_error95)
        c.error95 = stats::combined_error95(*seed_error, *ours.improvement_error95);
    return c;
}

std::vector<std::string> comparison_row(const json& steps, std::size_t i, const OurStepFigures& ours,
                                        const Comparison& c) {
    const json figures = seed_step(steps, i);
    const auto elo = seed_number(figures, "elo");
    const auto wac = seed_number(figures, "wac");
    const auto improvement = seed_number(figures, "improvement");
    return {ours.label,
            seed_text(figures, "date"),
            seed_text(figures, "rev"),
            wac ? whole(*wac) : "",
            elo ? whole(*elo) : "",
            improvement ? difference_cell(*improvement, seed_improvement_error(steps, i)) : "",
            ours.wac,
            ours.elo,
            ours.improvement_cell,
            c.difference ? difference_cell(*c.difference, c.error95) : "",
            c.verdict()};
}

Table comparison_table(const json& seed, const std::vector<OurStepFigures>& ours,
                       const std::vector<Comparison>& comparisons) {
    const std::string source = seed.value("source", std::string());
    const json steps = seed.value("steps", json::array());
    Table table;
    table.caption = "The seed beside ours" + (source.empty() ? std::string() : ": " + source);
    table.columns = {
        "Feature",          "Seed date", "Seed rev", "Seed WAC",        "Seed Elo",
        "Seed improvement", "Our WAC",   "Our Elo",  "Our improvement", "Ours \xE2\x88\x92 seed \xC2\xB1 combined 95%",
        "Beyond its error"};
    table.numeric = {false, false, false, true, true, true, true, true, true, true, false};
    for (std::size_t i = 0; i < ours.size(); ++i)
        table.rows.push_back(comparison_row(steps, i, ours[i], comparisons[i]));
    return table;
}

std::string step_name(std::size_t i, const OurStepFigures& ours) {
    return "step " + std::to_string(i + 1) + " (" + ours.label + ")";
}

// "step 10 (Null move, +55 ± 44), step 13 (...)": the steps whose difference is beyond its error.
std::string beyond_paragraph(const std::vector<OurStepFigures>& ours, const std::vector<Comparison>& comparisons) {
    std::string listed;
    bool any_judged = false;
    for (std::size_t i = 0; i < ours.size(); ++i) {
        any_judged = any_judged || comparisons[i].error95.has_value();
        if (!comparisons[i].beyond()) continue;
        listed += (listed.empty() ? "" : ", ") + std::string("step ") + std::to_string(i + 1) + " (" + ours[i].label +
                  ", " + difference_cell(*comparisons[i].difference, comparisons[i].error95) + ")";
    }
    if (!any_judged) return {};
    if (listed.empty()) return "No step differs from the seed by more than the combined 95% error.";
    return "Beyond its error (ours \xE2\x88\x92 seed larger than the combined 95% error): " + listed + ".";
}

std::string unknown_error_paragraph(const std::vector<OurStepFigures>& ours,
                                    const std::vector<Comparison>& comparisons) {
    std::string listed;
    for (std::size_t i = 0; i < ours.size(); ++i)
        if (comparisons[i].difference && !comparisons[i].seed_error_known)
            listed += (listed.empty() ? "" : ", ") + step_name(i, ours[i]);
    if (listed.empty()) return {};
    return "No seed error (the file quotes none, and the seed's record of the step or of the one before is "
           "missing): " +
           listed +
           ". A difference within our own 95% error is within the combined error too, whatever the seed's, and is "
           "marked so; any other has no verdict.";
}

std::string notes_paragraph(const json& steps, const std::vector<OurStepFigures>& ours) {
    std::string listed;
    for (std::size_t i = 0; i < ours.size(); ++i) {
        const std::string note = seed_text(seed_step(steps, i), "note");
        if (!note.empty()) listed += (listed.empty() ? "" : "; ") + step_name(i, ours[i]) + ": " + note;
    }
    return listed.empty() ? std::string() : "Where the seed's figures come from: " + listed + ".";
}

constexpr const char* kMethod =
    "Improvements compare; the two Elo columns are each on their own scale. Ours \xE2\x88\x92 seed is our "
    "improvement minus the seed's, \xC2\xB1 the two 95% errors combined as independent, "
    "\xE2\x88\x9A(ours\xC2\xB2 + seed\xC2\xB2). Ours is the joint fit's, as in the Steps table; the seed's is "
    "the one the ladder file quotes, or comes from the records (W/D/L) of the seed's gauntlets for the step "
    "and the one before: each rating \xC2\xB1 1.96 \xC2\xB7 (400/ln 10) \xC2\xB7 \xE2\x88\x9A(var/n) / (s(1 "
    "\xE2\x88\x92 s)) at its score s, var = s(1 \xE2\x88\x92 s) \xE2\x88\x92 d/4 with draw ratio d, n games "
    "(docs/statistics.md).";

}  // namespace

std::optional<Section> seed_comparison_section(const nlohmann::json& plan, const std::vector<OurStepFigures>& ours) {
    const json seed = plan.is_object() ? plan.value("seed", json()) : json();
    if (!seed.is_object() || !seed.contains("steps") || !seed["steps"].is_array()) return std::nullopt;
    const json& steps = seed["steps"];
    std::vector<Comparison> comparisons;
    for (std::size_t i = 0; i < ours.size(); ++i) comparisons.push_back(compare(steps, i, ours[i]));
    Section section;
    section.heading = "The seed beside ours";
    section.paragraphs.push_back(kMethod);
    for (const std::string& paragraph : {beyond_paragraph(ours, comparisons),
                                         unknown_error_paragraph(ours, comparisons), notes_paragraph(steps, ours)})
        if (!paragraph.empty()) section.paragraphs.push_back(paragraph);
    section.tables.push_back(comparison_table(seed, ours, comparisons));
    return section;
}

}  // namespace arbiter::reports
