#include "harness/epdrun/epd_summary.h"

#include <iomanip>

#include <nlohmann/json.hpp>

namespace arbiter::epdrun {

namespace {

std::string played_san(const SuitePosition& position, const db::EpdResultRecord& result) {
    return san_of(position.record.fen, position.record.chess960, result.engine_move);
}

// "expected Rxb2", "avoid Qxb7", or both, for the failure list.
std::string expectation(const db::EpdResultRecord& result) {
    std::string text;
    if (!result.expected_bm.empty()) text = "expected " + result.expected_bm;
    if (!result.expected_am.empty()) text += (text.empty() ? "" : ", ") + std::string("avoid ") + result.expected_am;
    return text.empty() ? "c0 best move" : text;
}

std::string optional_text(const std::optional<std::int64_t>& value, const std::string& unit) {
    return value ? std::to_string(*value) + unit : "-";
}

nlohmann::json moves_json(const std::vector<epd::EpdMove>& moves) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& move : moves) list.push_back(move.san);
    return list;
}

template <typename T>
nlohmann::json or_null(const std::optional<T>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json result_json(const SuitePosition& position, const db::EpdResultRecord& result) {
    return {{"id", position.position_id},
            {"fen", position.record.fen},
            {"bm", moves_json(position.record.best_moves)},
            {"am", moves_json(position.record.avoid_moves)},
            {"move", result.engine_move},
            {"move_san", played_san(position, result)},
            {"solved", result.solved},
            {"time_to_solution_ms", or_null(result.time_to_solution_ms)},
            {"time_ms", or_null(result.time_ms)},
            {"depth", or_null(result.depth)},
            {"nodes", or_null(result.nodes)},
            {"points", or_null(result.points)}};
}

nlohmann::json comparison_json(const EpdSummary& summary) {
    if (!summary.comparison) return nullptr;
    const CommitComparison& c = *summary.comparison;
    return {{"previous_commit", c.previous_commit},   {"previous_run", c.previous_run},
            {"common_positions", c.common_positions}, {"previous_solved", c.previous_solved},
            {"current_solved", c.current_solved},     {"change", c.change()},
            {"previous_points", c.previous_points},   {"current_points", c.current_points},
            {"newly_failed", c.newly_failed},         {"newly_solved", c.newly_solved}};
}

void print_comparison(std::ostream& out, const EpdSummary& summary) {
    if (!summary.compared) return;
    if (!summary.comparison) {
        out << "no previous scored commit of " << summary.engine << " on " << summary.suite
            << " with the same suite file and limit: nothing to compare\n";
        return;
    }
    const CommitComparison& c = *summary.comparison;
    out << "previous commit " << c.previous_commit << " (run " << c.previous_run << "): " << c.previous_solved << "/"
        << c.common_positions << " solved; this commit: " << c.current_solved << "/" << c.common_positions
        << " on the same positions (" << (c.change() >= 0 ? "+" : "") << c.change() << ")\n";
    auto list = [&out](const char* label, const std::vector<std::string>& ids) {
        if (ids.empty()) return;
        out << "  " << label << ":";
        for (const auto& id : ids) out << " " << id;
        out << "\n";
    };
    list("newly failed", c.newly_failed);
    list("newly solved", c.newly_solved);
    if (summary.max_drop) {
        out << (is_regression(summary) ? "REGRESSION: score dropped by more than " : "ok: drop within ")
            << *summary.max_drop << " position(s)\n";
    }
}

}  // namespace

Tally tally(const EpdSummary& summary) {
    Tally t;
    for (const SuitePosition* position : summary.positions) {
        if (!position->record.scored_moves.empty()) {
            t.has_points = true;
            t.max_points += max_points(position->record);
        }
        auto it = summary.results.find(position->position_id);
        if (it == summary.results.end()) continue;
        ++t.answered;
        t.solved += it->second.solved;
        t.points += it->second.points.value_or(0);
    }
    return t;
}

bool is_regression(const EpdSummary& summary) {
    return summary.max_drop && summary.comparison && -summary.comparison->change() > *summary.max_drop;
}

void print_progress(std::ostream& out, std::size_t done, std::size_t total, const SuitePosition& position,
                    const PositionOutcome& outcome) {
    const int width = static_cast<int>(std::to_string(total).size());
    out << "[" << std::setw(width) << done << "/" << total << "] " << position.position_id << "  ";
    if (outcome.engine_failed) {
        out << "ERROR  " << outcome.error << "\n";
        return;
    }
    const auto& r = outcome.result;
    out << (r.solved ? "solved " : "FAILED ") << played_san(position, r);
    if (!r.solved) out << " (" << expectation(r) << ")";
    if (r.points) out << "  points " << *r.points << "/" << max_points(position.record);
    out << "  tts " << optional_text(r.time_to_solution_ms, " ms") << "  time " << optional_text(r.time_ms, " ms")
        << "  depth " << (r.depth ? std::to_string(*r.depth) : "-") << "  nodes " << optional_text(r.nodes, "")
        << std::endl;  // flushed: progress is for watching a long run
}

void print_summary(std::ostream& out, const EpdSummary& summary) {
    const Tally t = tally(summary);
    out << summary.suite << ": " << t.solved << "/" << summary.positions.size() << " solved";
    if (t.answered < summary.positions.size()) out << " (" << summary.positions.size() - t.answered << " not answered)";
    out << "\n";
    if (t.has_points) out << "points: " << t.points << "/" << t.max_points << "\n";
    out << "engine " << summary.engine << ", " << summary.limit << ", run " << summary.run_id;
    if (summary.resumed) out << " (" << summary.resumed << " answers from an earlier invocation)";
    out << "\n";
    std::size_t failures = t.answered - t.solved;
    if (failures) out << "failed (" << failures << "):\n";
    for (const SuitePosition* position : summary.positions) {
        auto it = summary.results.find(position->position_id);
        if (it == summary.results.end() || it->second.solved) continue;
        out << "  " << position->position_id << "  " << expectation(it->second) << ", played "
            << played_san(*position, it->second) << "\n";
    }
    if (!summary.errors.empty()) out << "not answered (" << summary.errors.size() << "):\n";
    for (const auto& [id, message] : summary.errors) out << "  " << id << "  " << message << "\n";
    print_comparison(out, summary);
}

void print_summary_json(std::ostream& out, const EpdSummary& summary) {
    const Tally t = tally(summary);
    nlohmann::json json{{"suite", summary.suite}, {"file", summary.suite_path}, {"engine", summary.engine},
                        {"limit", summary.limit}, {"run_id", summary.run_id},   {"positions", summary.positions.size()},
                        {"answered", t.answered}, {"solved", t.solved},         {"resumed", summary.resumed}};
    json["points"] = t.has_points ? nlohmann::json(t.points) : nlohmann::json(nullptr);
    json["max_points"] = t.has_points ? nlohmann::json(t.max_points) : nlohmann::json(nullptr);
    nlohmann::json results = nlohmann::json::array();
    nlohmann::json failures = nlohmann::json::array();
    for (const SuitePosition* position : summary.positions) {
        auto it = summary.results.find(position->position_id);
        if (it == summary.results.end()) continue;
        results.push_back(result_json(*position, it->second));
        if (!it->second.solved) failures.push_back(position->position_id);
    }
    json["results"] = std::move(results);
    json["failures"] = std::move(failures);
    nlohmann::json errors = nlohmann::json::array();
    for (const auto& [id, message] : summary.errors) errors.push_back({{"id", id}, {"message", message}});
    json["errors"] = std::move(errors);
    json["comparison"] = comparison_json(summary);
    json["regression"] = is_regression(summary);
    out << json.dump(2) << "\n";
}

}  // namespace arbiter::epdrun
