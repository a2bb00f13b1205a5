#include "serve/routes.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <vector>

#include "db/database.h"
#include "reports/bisect_report.h"
#include "reports/commits_report.h"
#include "reports/epd_report.h"
#include "reports/feature_report.h"
#include "reports/results_reports.h"
#include "reports/runs_report.h"
#include "reports/spsa_report.h"
#include "reports/spsa_report_source.h"
#include "serve/game_pgn.h"
#include "serve/index_pages.h"

namespace arbiter::serve {
namespace {

std::vector<std::string> segments_of(const std::string& path) {
    std::vector<std::string> segments;
    std::string current;
    for (const char c : path) {
        if (c != '/') {
            current += c;
            continue;
        }
        if (!current.empty()) segments.push_back(current);
        current.clear();
    }
    if (!current.empty()) segments.push_back(current);
    return segments;
}

// Names may hold '/': everything after the first segment is the name.
std::string name_after_first(const std::vector<std::string>& segments) {
    std::string name;
    for (std::size_t i = 1; i < segments.size(); ++i) name += (i > 1 ? "/" : "") + segments[i];
    return name;
}

std::int64_t id_of(const std::string& text, const std::string& what) {
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (error != std::errc() || end != text.data() + text.size() || id < 1)
        throw BadRequest(what + " '" + text + "' is not a positive whole number");
    return id;
}

std::int64_t whole_of(const std::string& text, const std::string& what) { return text == "0" ? 0 : id_of(text, what); }

db::Database open_read_only(const std::string& db_path) {
    db::OpenOptions options;
    options.read_only = true;
    return db::Database(db_path, options);
}

RoutedPage report_page(reports::Report report) { return RoutedPage{std::move(report), std::nullopt, "", ""}; }

RoutedPage game_pgn(db::Database& database, const std::string& file) {
    const std::string suffix = ".pgn";
    if (file.size() <= suffix.size() || file.compare(file.size() - suffix.size(), suffix.size(), suffix) != 0)
        throw NotFound("a game is asked for as /games/ID.pgn");
    const std::int64_t id = id_of(file.substr(0, file.size() - suffix.size()), "game");
    const auto game = database.game_by_id(id);
    if (!game) throw NotFound("no game " + std::to_string(id) + " in " + database.path());
    return RoutedPage{std::nullopt, std::nullopt, pgn_of_stored_game(*game), "application/x-chess-pgn; charset=utf-8"};
}

RoutedPage ladder_page(db::Database& database, const std::string& name) {
    const std::vector<std::string> ladders = database.ladder_names();
    if (std::find(ladders.begin(), ladders.end(), name) == ladders.end())
        throw NotFound("no ladder '" + name + "' in " + database.path());
    reports::FeatureReportOptions options;
    options.ladder = name;
    return report_page(reports::build_feature_report(database, options));
}

// ?games=N: the page of the run's games starting N games back from the newest.
RoutedPage run_page(db::Database& database, const std::string& id_text, const PageRequest& request) {
    const std::int64_t id = id_of(id_text, "run");
    const auto run = database.run_by_id(id);
    if (!run) throw NotFound("no run " + id_text + " in " + database.path());
    if (run->kind == db::RunKind::epd) return report_page(reports::build_epd_report(database, id));
    if (run->kind == db::RunKind::ladder && run->ladder) return ladder_page(database, *run->ladder);
    reports::RunReportOptions options;
    if (const auto offset = request.query_value("games")) options.games.offset = whole_of(*offset, "games");
    return report_page(reports::build_run_report(database, id, options));
}

// ?against=ID2: the difference between two runs of a suite.
RoutedPage epd_page(db::Database& database, const std::string& id_text, const PageRequest& request) {
    const std::int64_t id = id_of(id_text, "run");
    const auto run = database.run_by_id(id);
    if (!run || run->kind != db::RunKind::epd) throw NotFound("no EPD run " + id_text + " in " + database.path());
    const auto against = request.query_value("against");
    if (!against) return report_page(reports::build_epd_report(database, id));
    const std::int64_t other = id_of(*against, "against");
    const auto other_run = database.run_by_id(other);
    if (!other_run || other_run->kind != db::RunKind::epd)
        throw NotFound("no EPD run " + *against + " in " + database.path());
    return report_page(reports::build_epd_diff_report(database, id, other));
}

RoutedPage spsa_page(const std::string& db_path, const std::optional<std::string>& name) {
    std::vector<reports::SpsaReportModel> runs;
    try {
        runs = reports::load_spsa_report_models(db_path, name);
    } catch (const reports::SpsaReportInputError& error) {
        if (name) throw NotFound(error.what());
        reports::Report empty;
        empty.title = "SPSA";
        empty.sections.push_back({"", {error.what()}, {}, {}, {}});
        return report_page(std::move(empty));
    }
    std::ostringstream json;
    reports::render_spsa_json(runs, db_path, json);
    return RoutedPage{reports::build_spsa_report(runs, db_path, true), json.str(), "", ""};
}

RoutedPage bisect_page(const std::string& db_path, const std::string& id_text) {
    try {
        return report_page(reports::build_bisect_report(reports::load_bisection(db_path, id_of(id_text, "bisection"))));
    } catch (const reports::BisectReportInputError& error) {
        throw NotFound(error.what());
    }
}

RoutedPage named_page(const std::string& db_path, const std::vector<std::string>& segments,
                      const PageRequest& request) {
    const std::string& head = segments.front();
    const std::string name = name_after_first(segments);
    if (head == "spsa") return spsa_page(db_path, segments.size() > 1 ? std::optional(name) : std::nullopt);
    if (head == "bisect" && segments.size() == 2) return bisect_page(db_path, segments[1]);
    db::Database database = open_read_only(db_path);
    if (head == "runs" && segments.size() == 1) return report_page(reports::build_runs_report(database));
    if ((head == "run" || head == "runs") && segments.size() == 2) return run_page(database, segments[1], request);
    if (head == "epd" && segments.size() == 2) return epd_page(database, segments[1], request);
    if (head == "games" && segments.size() == 2) return game_pgn(database, segments[1]);
    if (head == "ladders" && segments.size() == 1) return report_page(ladders_page(database));
    if (head == "ladder" && segments.size() > 1) return ladder_page(database, name);
    if (head == "commits" && segments.size() == 1) return report_page(commits_index_page(database));
    if (head == "commits") return report_page(reports::build_commits_report(database, name, "wac"));
    if (head == "opponents" && segments.size() > 1) return report_page(reports::build_opponents_report(database, name));
    if (head == "bisections" && segments.size() == 1) return report_page(bisections_page(database));
    throw NotFound("no page at this address");
}

}  // namespace

RoutedPage route(const std::string& db_path, const PageRequest& request) {
    const std::vector<std::string> segments = segments_of(request.path);
    if (segments.empty()) return route(db_path, PageRequest{"/runs", request.query});
    return named_page(db_path, segments, request);
}

}  // namespace arbiter::serve
