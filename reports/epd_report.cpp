#include "reports/epd_report.h"

#include <map>
#include <set>
#include <stdexcept>

#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

db::RunRecord epd_run(db::Database& database, std::int64_t run_id) {
    const auto run = database.run_by_id(run_id);
    if (!run) throw std::runtime_error("no run " + std::to_string(run_id) + " in " + database.path());
    if (run->kind != db::RunKind::epd)
        throw std::runtime_error("run " + std::to_string(run_id) + " is a " + std::string(db::to_string(run->kind)) +
                                 " run, not an EPD run (arbiter epd)");
    return *run;
}

// "bm Nf3 Qd2; am Kh1": what the suite expects.
std::string expected_text(const db::EpdResultRecord& result) {
    std::string text;
    if (!result.expected_bm.empty()) text = "bm " + result.expected_bm;
    if (!result.expected_am.empty()) text += (text.empty() ? "am " : "; am ") + result.expected_am;
    return text;
}

template <class T>
std::string optional_text(const std::optional<T>& value) {
    return value ? std::to_string(*value) : std::string();
}

Table answers_table(const std::vector<db::EpdResultRecord>& results) {
    Table table;
    table.caption = "Answers";
    table.columns = {"Position", "Engine", "Suite", "Expected", "Answer", "Solved", "Depth", "Nodes", "Time ms"};
    table.numeric = {false, false, false, false, false, false, true, true, true};
    for (const db::EpdResultRecord& r : results) {
        table.rows.push_back({r.position_id, r.engine, r.suite, expected_text(r), r.engine_move,
                              r.solved ? "yes" : "no", optional_text(r.depth), optional_text(r.nodes),
                              optional_text(r.time_ms)});
    }
    return table;
}

// One run's answers by (suite, position id), and which of them it solved.
struct RunAnswers {
    std::int64_t run_id = 0;
    std::set<std::string> engines, suites;
    std::map<std::pair<std::string, std::string>, const db::EpdResultRecord*> answer;  // one answer shown
    std::set<std::pair<std::string, std::string>> solved;
};

RunAnswers answers_of(std::int64_t run_id, const std::vector<db::EpdResultRecord>& results) {
    RunAnswers answers;
    answers.run_id = run_id;
    for (const db::EpdResultRecord& r : results) {
        answers.engines.insert(r.engine);
        answers.suites.insert(r.suite);
        answers.answer.try_emplace({r.suite, r.position_id}, &r);
        if (r.solved) answers.solved.insert({r.suite, r.position_id});
    }
    return answers;
}

std::string joined(const std::set<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

std::vector<std::string> shared_suites(const RunAnswers& a, const RunAnswers& b) {
    std::vector<std::string> suites;
    for (const std::string& suite : a.suites)
        if (b.suites.contains(suite)) suites.push_back(suite);
    if (suites.empty())
        throw std::runtime_error("runs " + std::to_string(a.run_id) + " and " + std::to_string(b.run_id) +
                                 " share no suite (" + std::to_string(a.run_id) + ": " + joined(a.suites) + "; " +
                                 std::to_string(b.run_id) + ": " + joined(b.suites) + ")");
    return suites;
}

Table solved_counts(const RunAnswers& a, const RunAnswers& b, const std::vector<std::string>& suites) {
    Table table;
    table.caption = "Solved on the suites both runs answered";
    table.columns = {"Run", "Engine", "Suite", "Answered", "Solved", "Solved %"};
    table.numeric = {true, false, false, true, true, true};
    for (const RunAnswers* run : {&a, &b}) {
        for (const std::string& suite : suites) {
            std::int64_t answered = 0, solved = 0;
            for (const auto& [key, result] : run->answer) {
                if (key.first != suite) continue;
                ++answered;
                solved += run->solved.contains(key) ? 1 : 0;
            }
            table.rows.push_back({std::to_string(run->run_id), joined(run->engines), suite, std::to_string(answered),
                                  std::to_string(solved),
                                  percent(static_cast<double>(solved) / static_cast<double>(answered))});
        }
    }
    return table;
}

// The positions `solver` solved and `other` answered without solving.
Table solved_only_by(const RunAnswers& solver, const RunAnswers& other, const std::vector<std::string>& suites) {
    Table table;
    table.caption = "Solved by run " + std::to_string(solver.run_id) + " only";
    table.columns = {"Suite", "Position", "Expected", "Answer in " + std::to_string(solver.run_id),
                     "Answer in " + std::to_string(other.run_id)};
    const std::set<std::string> shared(suites.begin(), suites.end());
    for (const auto& key : solver.solved) {
        const auto theirs = other.answer.find(key);
        if (!shared.contains(key.first) || theirs == other.answer.end() || other.solved.contains(key)) continue;
        const db::EpdResultRecord& mine = *solver.answer.at(key);
        table.rows.push_back(
            {key.first, key.second, expected_text(mine), mine.engine_move, theirs->second->engine_move});
    }
    return table;
}

}  // namespace

Section epd_summary_section(db::Database& database, std::int64_t run_id) {
    std::map<std::pair<std::string, std::string>, std::pair<std::int64_t, std::int64_t>> by_engine;
    for (const auto& row : database.epd_results_of_run(run_id)) {
        auto& [answered, solved] = by_engine[{row.engine, row.suite}];
        ++answered;
        solved += row.solved ? 1 : 0;
    }
    Section section;
    section.heading = "EPD results";
    Table table;
    table.columns = {"Engine", "Suite", "Answered", "Solved", "Solved %"};
    table.numeric = {false, false, true, true, true};
    for (const auto& [key, counts] : by_engine) {
        table.rows.push_back({key.first, key.second, std::to_string(counts.first), std::to_string(counts.second),
                              percent(static_cast<double>(counts.second) / static_cast<double>(counts.first))});
    }
    section.tables.push_back(std::move(table));
    return section;
}

Report build_epd_report(db::Database& database, std::int64_t run_id) {
    const db::RunRecord run = epd_run(database, run_id);
    Report report;
    report.title = "EPD run " + std::to_string(run_id);
    report.notes.push_back("Status " + std::string(db::to_string(run.status)) + ", started " + run.started_at);
    if (!run.time_control.empty()) report.notes.push_back("Limit: " + run.time_control);
    report.sections.push_back(epd_summary_section(database, run_id));
    Section answers;
    answers.heading = "Positions";
    answers.tables.push_back(answers_table(database.epd_results_of_run(run_id)));
    report.sections.push_back(std::move(answers));
    return report;
}

Report build_epd_diff_report(db::Database& database, std::int64_t run_a, std::int64_t run_b) {
    epd_run(database, run_a);
    epd_run(database, run_b);
    const std::vector<db::EpdResultRecord> results_a = database.epd_results_of_run(run_a);
    const std::vector<db::EpdResultRecord> results_b = database.epd_results_of_run(run_b);
    const RunAnswers a = answers_of(run_a, results_a), b = answers_of(run_b, results_b);
    const std::vector<std::string> suites = shared_suites(a, b);
    Report report;
    report.title = "EPD run " + std::to_string(run_a) + " against run " + std::to_string(run_b);
    report.notes.push_back("Positions matched by suite and position id, on the suites both runs answered: " +
                           joined(std::set<std::string>(suites.begin(), suites.end())));
    Section section;
    section.heading = "Solved";
    section.tables.push_back(solved_counts(a, b, suites));
    section.tables.push_back(solved_only_by(a, b, suites));
    section.tables.push_back(solved_only_by(b, a, suites));
    report.sections.push_back(std::move(section));
    return report;
}

}  // namespace arbiter::reports
