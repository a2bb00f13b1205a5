// `arbiter report spsa`: the table, JSON, trajectories and paste-back lines of hand-built SPSA runs,
// and the command's flags and database seam.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/report_command.h"
#include "cli/spsa_report_command.h"
#include "db/database.h"
#include "reports/spsa_paste_back.h"
#include "reports/spsa_report.h"
#include "tests/reports/sample_spsa_run.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

using namespace arbiter;

namespace {

std::string rendered(const std::vector<reports::SpsaReportModel>& runs, reports::Format format) {
    std::ostringstream out;
    reports::render_spsa_report(runs, "tune.db", format, out);
    return out.str();
}

std::vector<std::string> split(const std::string& text, const std::string& separator) {
    std::vector<std::string> parts;
    std::size_t begin = 0;
    for (auto at = text.find(separator); at != std::string::npos; at = text.find(separator, begin)) {
        parts.push_back(text.substr(begin, at - begin));
        begin = at + separator.size();
    }
    parts.push_back(text.substr(begin));
    return parts;
}

double parsed(const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    REQUIRE(*end == '\0');
    return value;
}

// The markup of <svg ... id="ID" ...>...</svg>, or empty.
std::string svg_of(const std::string& html, const std::string& id) {
    const auto start = html.find("id=\"" + id + "\"");
    if (start == std::string::npos) return {};
    return html.substr(start, html.find("</svg>", start) - start);
}

// The vertices of the svg's trajectory polyline.
std::vector<std::string> trajectory_vertices(const std::string& svg) {
    std::smatch match;
    if (!std::regex_search(svg, match, std::regex("<polyline class=\"trajectory\" points=\"([^\"]*)\""))) return {};
    return split(match[1].str(), " ");
}

}  // namespace

TEST_CASE("spsa markdown: one row per parameter with start, final, change and range, and the games", "[unit]") {
    const std::string md = rendered({testing::sample_spsa_run()}, reports::Format::markdown);
    CHECK(md.find("| Parameter | Type | Start | Final | Change | Min | Max | c_end | r_end |") != std::string::npos);
    CHECK(md.find("| FutilityMargin1 | int | 400 | 323 | -77 | 0 | 600 | 20 | 0.002 |") != std::string::npos);
    CHECK(md.find("| LmrDivisor | float | 6 | 5.01235 | -0.98765 | 1 | 8 | 0.25 | 0.002 |") != std::string::npos);
    CHECK(md.find("| LateMoveQuietLimit1 | int | 10 | 20 | +10 | 2 | 20 | 1 | 0.002 |") != std::string::npos);
    CHECK(md.find("Iterations: 4 of 10, 6 game pairs each; 48 games in total.") != std::string::npos);
    CHECK(md.find("+20 =10 −18") != std::string::npos);
    CHECK(md.find("Wall clock 1.50 h") != std::string::npos);
    CHECK(md.find("Engine tempo, games at nodes=20000.") != std::string::npos);
    CHECK(md.find("trajectories") == std::string::npos);  // Markdown draws no charts, so it announces none
}

TEST_CASE("spsa report: int parameters print rounded, in the table, the JSON and the paste-back lines", "[unit]") {
    reports::SpsaReportModel run = testing::sample_spsa_run();
    run.params = {{"Margin", true, 100, -50, 300, 10, 0.002, {104.2, 101.3, 100.49, 99.5}},
                  {"Nearly0", true, 3, -10, 10, 1, 0.002, {2.2, 1.1, 0.3, -0.4}}};
    const std::string md = rendered({run}, reports::Format::markdown);
    CHECK(md.find("| Margin | int | 100 | 100 | 0 | -50 | 300 | 10 | 0.002 |") != std::string::npos);
    CHECK(md.find("| Nearly0 | int | 3 | 0 | -3 | -10 | 10 | 1 | 0.002 |") != std::string::npos);
    CHECK(md.find("99.5") == std::string::npos);  // θ itself only in the JSON trajectory
    CHECK(md.find("-0 ") == std::string::npos);
    CHECK(md.find("Margin, int, 100, -50, 300, 10, 0.002") != std::string::npos);
    CHECK(md.find("option.Nearly0=0") != std::string::npos);
    const auto json = nlohmann::json::parse(rendered({run}, reports::Format::json));
    CHECK(json["runs"][0]["params"][0]["final"].get<double>() == 100.0);
    CHECK(json["runs"][0]["params"][0]["final_theta"].get<double>() == 99.5);
}

TEST_CASE("spsa JSON round-trips every parameter's values and trajectory", "[unit]") {
    const reports::SpsaReportModel run = testing::sample_spsa_run();
    const auto json = nlohmann::json::parse(rendered({run}, reports::Format::json));
    CHECK(json["source"] == "tune.db");
    REQUIRE(json["runs"].size() == 1);
    const auto& stored = json["runs"][0];
    CHECK(stored["name"] == "recovery");
    CHECK(stored["engine"] == "tempo");
    CHECK(stored["iterations_planned"] == 10);
    CHECK(stored["iterations_done"] == 4);
    CHECK(stored["pairs_per_iteration"] == 6);
    CHECK(stored["games"] == 48);
    CHECK(stored["plus_results"]["wins"] == 20);
    CHECK(stored["plus_results"]["draws"] == 10);
    CHECK(stored["plus_results"]["losses"] == 18);
    CHECK(stored["schedule"]["alpha"].get<double>() == 0.602);
    CHECK(stored["schedule"]["A"].get<double>() == 1.0);
    CHECK(stored["wall_seconds"].get<double>() == 5400.0);
    CHECK(stored["game_seconds"].is_null());
    REQUIRE(stored["params"].size() == run.params.size());
    for (std::size_t i = 0; i < run.params.size(); ++i) {
        const auto& param = run.params[i];
        const auto& out = stored["params"][i];
        CHECK(out["name"] == param.name);
        CHECK(out["type"] == (param.is_integer ? "int" : "float"));
        CHECK(out["start"].get<double>() == param.start);
        CHECK(out["min"].get<double>() == param.min);
        CHECK(out["max"].get<double>() == param.max);
        CHECK(out["c_end"].get<double>() == param.c_end);
        CHECK(out["r_end"].get<double>() == param.r_end);
        CHECK(out["final_theta"].get<double>() == param.theta.back());
        CHECK(out["trajectory"].get<std::vector<double>>() == param.theta);
    }
    CHECK(stored["params"][1]["final"].get<double>() == 5.01235);
    CHECK(stored["params"][0]["change"].get<double>() == -77.0);
}

TEST_CASE("spsa HTML: one trajectory per parameter, a vertex for the start and each iteration", "[unit]") {
    const reports::SpsaReportModel run = testing::sample_spsa_run();
    const std::string html = rendered({run}, reports::Format::html);
    std::size_t polylines = 0;
    for (auto at = html.find("<polyline class=\"trajectory\""); at != std::string::npos;
         at = html.find("<polyline class=\"trajectory\"", at + 1))
        ++polylines;
    CHECK(polylines == run.params.size());
    for (const auto& param : run.params) {
        const std::string svg = svg_of(html, "spsa-1-" + param.name);
        INFO(param.name);
        REQUIRE_FALSE(svg.empty());
        CHECK(trajectory_vertices(svg).size() == param.theta.size() + 1);
        CHECK(svg.find("class=\"reference\"") != std::string::npos);  // the start value's line
        CHECK(svg.find("start " + reports::spsa_number(param.start)) != std::string::npos);
        CHECK(svg.find("range [" + reports::spsa_number(param.min) + ", " + reports::spsa_number(param.max) + "]") !=
              std::string::npos);
    }
    // A bound the line runs into is drawn; one far from it is not.
    const std::string limit = svg_of(html, "spsa-1-LateMoveQuietLimit1");
    CHECK(limit.find("max 20</text>") != std::string::npos);
    CHECK(limit.find("min 2</text>") == std::string::npos);
    const std::string margin = svg_of(html, "spsa-1-FutilityMargin1");
    CHECK(margin.find("class=\"bound\"") == std::string::npos);
}

TEST_CASE("spsa trajectory vertices rise and fall with θ: the first at the start value, the last at the final",
          "[unit]") {
    reports::SpsaReportModel run = testing::sample_spsa_run();
    run.params = {{"Rise", false, 1.0, 0.0, 100.0, 1, 0.002, {2.0, 3.0, 2.5, 4.0}}};
    const auto vertices = trajectory_vertices(svg_of(rendered({run}, reports::Format::html), "spsa-1-Rise"));
    REQUIRE(vertices.size() == 5);
    std::vector<double> xs, ys;
    for (const auto& vertex : vertices) {
        const auto xy = split(vertex, ",");
        REQUIRE(xy.size() == 2);
        xs.push_back(parsed(xy[0]));
        ys.push_back(parsed(xy[1]));
    }
    for (std::size_t i = 1; i < xs.size(); ++i) CHECK(xs[i] > xs[i - 1]);  // iterations left to right
    // SVG's y grows downward: a larger θ sits higher.
    CHECK(ys[1] < ys[0]);
    CHECK(ys[2] < ys[1]);
    CHECK(ys[3] > ys[2]);
    CHECK(ys[4] < ys[2]);
}

TEST_CASE("spsa paste-back lines parse back to the reported final values", "[unit]") {
    reports::SpsaReportModel run = testing::sample_spsa_run();
    run.params.push_back({"Tiny", false, 0.001, 0.0, 0.01, 0.0005, 0.002, {0.0011, 0.0012, 0.00125, 0.1 + 0.2}});
    run.params.back().max = 1.0;
    const auto& params = run.params;
    const auto openbench = reports::openbench_lines(params);
    const auto fishtest = reports::fishtest_lines(params);
    const auto each = split(reports::each_option_line(params), " ");
    REQUIRE(openbench.size() == params.size());
    REQUIRE(fishtest.size() == params.size());
    REQUIRE(each.size() == params.size() + 1);
    CHECK(each[0] == "-each");
    for (std::size_t i = 0; i < params.size(); ++i) {
        const auto& param = params[i];
        INFO(openbench[i] << " / " << fishtest[i]);
        const double expected = reports::final_value(param);
        CHECK(std::abs(expected - param.theta.back()) <=
              (param.is_integer ? 0.5 : 1e-5 * std::abs(param.theta.back())));
        const auto ob = split(openbench[i], ", ");
        REQUIRE(ob.size() == 7);
        CHECK(ob[0] == param.name);
        CHECK(ob[1] == (param.is_integer ? "int" : "float"));
        CHECK(parsed(ob[2]) == expected);
        CHECK(parsed(ob[3]) == param.min);
        CHECK(parsed(ob[4]) == param.max);
        CHECK(parsed(ob[5]) == param.c_end);
        CHECK(parsed(ob[6]) == param.r_end);
        if (param.is_integer) CHECK(ob[2].find('.') == std::string::npos);
        const auto ft = split(fishtest[i], ",");
        REQUIRE(ft.size() == 6);
        CHECK(ft[0] == param.name);
        CHECK(parsed(ft[1]) == expected);
        CHECK(parsed(ft[2]) == param.min);
        CHECK(parsed(ft[3]) == param.max);
        CHECK(parsed(ft[4]) == param.c_end);
        CHECK(parsed(ft[5]) == param.r_end);
        const std::string prefix = "option." + param.name + "=";
        REQUIRE(each[i + 1].rfind(prefix, 0) == 0);
        CHECK(parsed(each[i + 1].substr(prefix.size())) == expected);
    }
    CHECK(fishtest.back() == "Tiny,0.3,0,1,0.0005,0.002");
    // The same lines are in the Markdown and HTML pages.
    const std::string md = rendered({run}, reports::Format::markdown);
    const std::string html = rendered({run}, reports::Format::html);
    for (const auto& line : openbench)
        CHECK((md.find(line) != std::string::npos && html.find(line) != std::string::npos));
    for (const auto& line : fishtest)
        CHECK((md.find(line) != std::string::npos && html.find(line) != std::string::npos));
    CHECK(md.find(reports::each_option_line(params)) != std::string::npos);
}

TEST_CASE("spsa -each line quotes an option name the shell would split", "[unit]") {
    const std::vector<reports::SpsaParamTrajectory> params = {{"Move Overhead", true, 10, 0, 100, 5, 0.002, {12.0}}};
    CHECK(reports::each_option_line(params) == "-each 'option.Move Overhead=12'");
    CHECK(reports::openbench_lines(params).front() == "Move Overhead, int, 12, 0, 100, 5, 0.002");
}

TEST_CASE("spsa report: several runs get a table and trajectories each; a short trajectory is refused", "[unit]") {
    reports::SpsaReportModel second = testing::sample_spsa_run();
    second.run_name = "real";
    const std::string md = rendered({testing::sample_spsa_run(), second}, reports::Format::markdown);
    CHECK(md.find("## SPSA run recovery") != std::string::npos);
    CHECK(md.find("## SPSA run real") != std::string::npos);
    const std::string html = rendered({testing::sample_spsa_run(), second}, reports::Format::html);
    CHECK_FALSE(svg_of(html, "spsa-1-LmrDivisor").empty());
    CHECK_FALSE(svg_of(html, "spsa-2-LmrDivisor").empty());

    second.params[1].theta.pop_back();
    CHECK_THROWS_WITH(rendered({second}, reports::Format::markdown),
                      Catch::Contains("LmrDivisor has 3 values of θ for 4 iterations"));
    CHECK_THROWS_WITH(rendered({second}, reports::Format::json), Catch::Contains("LmrDivisor"));
}

TEST_CASE("arbiter report spsa: flags reach the loader, --out gets the page, bad flags exit 2", "[unit]") {
    test_support::TempDir dir;
    std::string seen_db;
    std::optional<std::string> seen_run;
    const cli::SpsaModelLoader loader = [&](const std::string& db, const std::optional<std::string>& run) {
        seen_db = db;
        seen_run = run;
        return std::vector<reports::SpsaReportModel>{testing::sample_spsa_run()};
    };
    std::ostringstream out, err;
    const std::string json_path = dir.file("spsa.json");
    CHECK(cli::run_spsa_report({"--db", "tune.db", "--run", "recovery", "--format", "json", "--out", json_path}, out,
                               err, loader) == 0);
    CHECK(seen_db == "tune.db");
    CHECK(seen_run == std::optional<std::string>("recovery"));
    CHECK(out.str().empty());
    CHECK(nlohmann::json::parse(test_support::read_text(json_path))["runs"][0]["name"] == "recovery");

    std::ostringstream md;
    CHECK(cli::run_spsa_report({"--db", "tune.db"}, md, err, loader) == 0);
    CHECK(seen_run == std::nullopt);
    CHECK(md.str().find("| FutilityMargin1 | int |") != std::string::npos);

    std::ostringstream bad_err;
    CHECK(cli::run_spsa_report({"--db", "tune.db", "--format", "xml"}, out, bad_err, loader) == 2);
    CHECK(bad_err.str().find("--format") != std::string::npos);
    CHECK(cli::run_spsa_report({"--format", "md"}, out, bad_err, loader) == 2);
    CHECK(cli::run_spsa_report({"--db", "tune.db", "--ladder", "x"}, out, bad_err, loader) == 2);
}

TEST_CASE("arbiter report spsa on a database without spsa runs exits 2 and leaves no --out file", "[unit]") {
    test_support::TempDir dir;
    const std::string db_path = dir.file("plain.db");
    {
        db::Database created(db_path);
        CHECK(created.has_table("games"));
        CHECK(created.has_table("spsa_runs"));  // every database has the tables, from schema 4 on
        CHECK_FALSE(created.has_table("no_such_table"));
    }
    const std::string out_path = dir.file("report.html");
    std::ostringstream out, err;
    CHECK(cli::run_report_command({"spsa", "--db", db_path, "--format", "html", "--out", out_path}, out, err) == 2);
    CHECK(err.str().find("no spsa runs in this database") != std::string::npos);
    CHECK(err.str().find(db_path) != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out_path));

    std::ostringstream named_err;
    CHECK(cli::run_report_command({"spsa", "--db", db_path, "--run", "absent"}, out, named_err) == 2);
    CHECK(named_err.str().find("no spsa run named 'absent'") != std::string::npos);

    std::ostringstream missing_err;
    CHECK(cli::run_report_command({"spsa", "--db", dir.file("missing.db")}, out, missing_err) == 2);
    CHECK(missing_err.str().find("missing.db") != std::string::npos);
}
