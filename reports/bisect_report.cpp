#include "reports/bisect_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "reports/render.h"
#include "reports/report_text.h"

namespace arbiter::reports {
namespace {

// Two-sided 95%: the table's errors and the chart's bars, as in the other reports.
constexpr double kErrorZ = 1.959963984540054;

// What the report knows of one position of the path.
struct Position {
    int position = 0;
    std::string sha;  // '' when the bisection has not stored the commit yet
    std::string subject;
    const db::BisectionCommitRecord* row = nullptr;  // none: not stored yet
    std::optional<bisect::CommitElo> elo;            // none: no pair played yet
};

std::string sha12(const std::string& sha) { return sha.substr(0, 12); }

std::string signed_tenth(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f", std::abs(value) < 0.05 ? 0.0 : value);
    return text;
}

std::string tenth(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

// "2026-01-05 10:00" of an ISO timestamp.
std::string timestamp_minutes(const std::string& iso_timestamp) {
    std::string text = iso_timestamp.substr(0, 16);
    if (text.size() > 10 && text[10] == 'T') text[10] = ' ';
    return text;
}

// Every position 0..commits with its stored row and its Elo. The errors use the per-pair variance
// pooled over every commit, as the bisection's own decision does (bisect_measure.h), so a commit's
// error here is the one its verdict was reached with.
std::vector<Position> positions_of(const bisect::StoredBisection& stored) {
    const db::BisectionRecord& record = stored.record;
    std::vector<Position> positions(static_cast<std::size_t>(record.commits) + 1);
    for (int p = 0; p <= record.commits; ++p) positions[static_cast<std::size_t>(p)].position = p;
    positions.front().sha = record.good;
    positions.back().sha = record.bad;
    for (const db::BisectionCommitRecord& row : stored.commits) {
        if (row.position < 0 || row.position > record.commits) continue;
        Position& at = positions[static_cast<std::size_t>(row.position)];
        at.sha = row.sha;
        at.subject = row.subject;
        at.row = &row;
    }
    const std::vector<bisect::CommitPairs> merged = bisect::merge_by_commit(stored.pairs);
    const double variance = bisect::pooled_pair_variance(merged);
    for (const bisect::CommitPairs& pairs : merged)
        if (pairs.commit >= 0 && pairs.commit <= record.commits)
            positions[static_cast<std::size_t>(pairs.commit)].elo = bisect::commit_elo(pairs, variance);
    return positions;
}

// What the bisection's answer says of `position`: it weighs every commit, so it comes before the
// commit's own measurement.
std::optional<std::string> answer_of(const db::BisectionRecord& record, int position) {
    if (!record.first_bad) return std::nullopt;
    const int first = *record.first_bad, last = record.last_bad.value_or(first);
    if (position < first || position > last) return std::nullopt;
    switch (record.verdict) {
        case db::BisectVerdict::named: return "first bad";
        case db::BisectVerdict::range:
        case db::BisectVerdict::budget: return "in range";
        case db::BisectVerdict::several_steps:
            return position == first ? std::optional<std::string>("fits neither level") : std::nullopt;
        default: return std::nullopt;
    }
}

// A commit's verdict in the table: the good build is good; the bisection's answer; then what kept a
// commit from being measured (a skip, or not yet); then its side of the step by the levels.
std::string commit_verdict(const Position& at, const db::BisectionRecord& record,
                           const std::optional<bisect::StepLevels>& levels) {
    if (at.position == 0) return "good";
    std::string skipped;
    if (at.row && at.row->state == db::BisectCommitState::skipped)
        skipped = at.row->reason.empty() ? "skipped" : "skipped (" + at.row->reason + ")";
    if (const auto answer = answer_of(record, at.position)) return skipped.empty() ? *answer : *answer + ", " + skipped;
    if (!skipped.empty()) return skipped;
    if (!at.elo) return "not measured";
    if (!levels) return "measured (no levels yet)";
    // The single-step model knows two levels only (docs/bisect.md), and the midpoint is where the
    // search's own boundary check splits good from bad: the table calls a commit bad when it would.
    return bisect::on_bad_side(at.elo->score, *levels) ? "bad" : "good";
}

std::string commit_text(const std::vector<Position>& positions, int position) {
    const Position& at = positions.at(static_cast<std::size_t>(position));
    return at.subject.empty() ? sha12(at.sha) : sha12(at.sha) + " " + at.subject;
}

std::string range_text(const std::vector<Position>& positions, int first, int last) {
    return sha12(positions.at(static_cast<std::size_t>(first)).sha) + ".." +
           sha12(positions.at(static_cast<std::size_t>(last)).sha) + " (positions " + std::to_string(first) + " to " +
           std::to_string(last) + ")";
}

std::string verdict_text(const db::BisectionRecord& record, const std::vector<Position>& positions) {
    const int first = record.first_bad.value_or(-1), last = record.last_bad.value_or(first);
    const bool answered = first >= 0 && first <= last && last <= record.commits;
    switch (record.verdict) {
        case db::BisectVerdict::running: return "running (not finished; the same arbiter bisect command resumes it)";
        case db::BisectVerdict::not_confirmed: return "not confirmed: the bad build is not worse than the good one";
        case db::BisectVerdict::named:
            if (answered) return "first bad commit: " + commit_text(positions, first);
            break;
        case db::BisectVerdict::range:
            if (answered)
                return "the first bad commit is one of " + range_text(positions, first, last) +
                       ": skipped commits could not be measured";
            break;
        case db::BisectVerdict::several_steps:
            if (answered) return "several regressions: " + commit_text(positions, first) + " fits neither level";
            break;
        case db::BisectVerdict::budget:
            if (answered)
                return "game budget spent: the first bad commit is one of " + range_text(positions, first, last);
            return "game budget spent before the search began";
    }
    return std::string(db::to_string(record.verdict)) + " (without the commits it names)";
}

std::string levels_text(const std::optional<bisect::StepLevels>& levels) {
    if (!levels) return "not known yet (the bad build is measured first)";
    const bisect::EloLevels elo = bisect::elo_levels(*levels);
    std::string text = "good " + signed_tenth(elo.good) + ", bad " + signed_tenth(elo.bad);
    if (elo.bad_error95 > 0) text += " \xC2\xB1 " + tenth(elo.bad_error95);
    const double midpoint = stats::score_to_elo((levels->good + levels->bad) / 2);
    return text + "; a commit is bad when it is nearer bad than the midpoint " + signed_tenth(midpoint);
}

std::vector<std::string> header_notes(const bisect::StoredBisection& stored, const std::vector<Position>& positions,
                                      const std::optional<bisect::StepLevels>& levels) {
    const db::BisectionRecord& record = stored.record;
    const std::int64_t games = bisect::games_of(stored.pairs);
    std::string when = "Started " + timestamp_minutes(record.started_at);
    if (record.finished_at) when += ", finished " + timestamp_minutes(*record.finished_at);
    return {"Repository: " + record.repo,
            "Good: " + sha12(record.good) + ", bad: " + sha12(record.bad) + " (" + std::to_string(record.commits) +
                " commits in the range)",
            "Verdict: " + verdict_text(record, positions),
            "Levels: " + levels_text(levels),
            "Games: " + std::to_string(games) + " (" + std::to_string(games / 2) + " pairs against the good build)",
            when};
}

std::vector<std::string> table_row(const Position& at, const db::BisectionRecord& record,
                                   const std::optional<bisect::StepLevels>& levels) {
    std::string elo = at.position == 0 ? "reference" : "-", games = "-";
    if (at.elo) {
        elo = signed_tenth(at.elo->elo) + " \xC2\xB1 " + tenth(kErrorZ * at.elo->sigma);
        games = std::to_string(2 * at.elo->pairs);
    }
    return {std::to_string(at.position), sha12(at.sha), at.subject, elo, games, commit_verdict(at, record, levels)};
}

Chart elo_chart(const std::vector<Position>& positions, const db::BisectionRecord& record,
                const std::optional<bisect::StepLevels>& levels) {
    Chart chart{"bisect-elo",
                "Elo against the good build, per commit",
                "Elo (95% error)",
                ChartKind::points_with_errors,
                {"Elo", {}}};
    for (const Position& at : positions) {
        ChartPoint point{short_rev(at.sha), std::nullopt, std::nullopt};
        if (at.elo) point.value = at.elo->elo, point.error = kErrorZ * at.elo->sigma;
        if (record.verdict == db::BisectVerdict::named && record.first_bad == at.position) point.mark = "first bad";
        chart.series.points.push_back(point);
    }
    if (levels) {
        const bisect::EloLevels elo = bisect::elo_levels(*levels);
        chart.lines.push_back({elo.good, "good " + signed_tenth(elo.good), "reference"});
        chart.lines.push_back({elo.bad, "bad " + signed_tenth(elo.bad), "bound"});
    }
    return chart;
}

std::string repo_name(const std::string& repo) {
    std::filesystem::path path(repo);
    if (!path.has_filename()) path = path.parent_path();
    return path.filename().string();
}

// UTF-8 text's width in columns: its bytes that start a character ("±" is two bytes, one column).
std::size_t columns_of(const std::string& text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void text_table(const Table& table, std::ostream& out) {
    std::vector<std::size_t> widths;
    for (const std::string& column : table.columns) widths.push_back(columns_of(column));
    for (const auto& row : table.rows)
        for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], columns_of(row[i]));
    const auto line = [&](const std::vector<std::string>& cells) {
        std::string text;
        for (std::size_t i = 0; i < cells.size() && i < widths.size(); ++i) {
            const std::string pad(widths[i] - columns_of(cells[i]), ' ');
            const bool right = i < table.numeric.size() && table.numeric[i];
            text += (i == 0 ? "" : "  ") + (right ? pad + cells[i] : cells[i] + pad);
        }
        out << text.substr(0, text.find_last_not_of(' ') + 1) << '\n';
    };
    line(table.columns);
    for (const auto& row : table.rows) line(row);
}

void render_text(const Report& report, std::ostream& out) {
    out << report.title << "\n\n";
    for (const std::string& note : report.notes) out << note << '\n';
    for (const Section& section : report.sections)
        for (const Table& table : section.tables) {
            out << '\n';
            text_table(table, out);
        }
}

}  // namespace

BisectFormat parse_bisect_format(const std::string& text) {
    if (text == "text") return BisectFormat::text;
    if (text == "md" || text == "markdown") return BisectFormat::markdown;
    if (text == "html") return BisectFormat::html;
    throw std::invalid_argument("--format: expected text, md or html, got '" + text + "'");
}

bisect::StoredBisection load_bisection(const std::string& db_path, std::optional<std::int64_t> bisection) {
    db::OpenOptions options;
    options.read_only = true;
    db::Database database(db_path, options);
    const std::vector<db::BisectionRecord> records = database.bisections();
    if (records.empty())
        throw BisectReportInputError("database '" + db_path + "' holds no bisection (arbiter bisect --db " + db_path +
                                     " stores one)");
    if (!bisection) return bisect::read_bisection(database, records.back());
    for (const db::BisectionRecord& record : records)
        if (record.id == *bisection) return bisect::read_bisection(database, record);
    std::string ids;
    for (const db::BisectionRecord& record : records) ids += (ids.empty() ? "" : ", ") + std::to_string(record.id);
    throw BisectReportInputError("--bisection " + std::to_string(*bisection) + ": database '" + db_path +
                                 "' has no bisection with that id (it holds " + ids + ")");
}

Report build_bisect_report(const bisect::StoredBisection& stored) {
    const db::BisectionRecord& record = stored.record;
    const std::vector<Position> positions = positions_of(stored);
    const std::optional<bisect::StepLevels> levels = bisect::levels_from_json(record.levels_json);
    Report report;
    report.title = "Bisection " + std::to_string(record.id) + ": " + repo_name(record.repo) + " " + sha12(record.good) +
                   ".." + sha12(record.bad);
    report.notes = header_notes(stored, positions, levels);
    Section section;
    section.heading = "Commits";
    Table table{"", {"Position", "Commit", "Subject", "Elo vs good (95%)", "Games", "Verdict"}, {}, {}};
    table.numeric = {true, false, false, true, true, false};
    for (const Position& at : positions) table.rows.push_back(table_row(at, record, levels));
    section.tables.push_back(std::move(table));
    section.charts.push_back(elo_chart(positions, record, levels));
    report.sections.push_back(std::move(section));
    return report;
}

void render_bisect_report(const Report& report, BisectFormat format, std::ostream& out) {
    switch (format) {
        case BisectFormat::text: render_text(report, out); break;
        case BisectFormat::markdown: render(report, Format::markdown, out); break;
        case BisectFormat::html: render(report, Format::html, out); break;
    }
}

}  // namespace arbiter::reports
