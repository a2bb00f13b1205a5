// Table links and meters in each format, escaping of names that come from users and engines, and
// the HTML body a server puts in its own page.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "reports/render.h"
#include "reports/svg_chart.h"
#include "tests/support/text_file.h"
#include "tests/reports/rendered.h"

using namespace arbiter;

using arbiter::testing::rendered;

namespace {

const std::string kHostile = "<script>alert(\"x\")</script>\nnext line";

reports::Report linked_report() {
    reports::Table table;
    table.columns = {"Run", "LLR"};
    table.rows = {{"1", "2.96 (-2.94, 2.94)"}, {"2", ""}, {kHostile, "-5.00 (-2.94, 2.94)"}};
    table.links = {{"runs/1", ""}, {"", ""}, {"runs/\"3\"?a=<b>&c\nd", ""}};
    table.meters = {reports::Meter{2.96, -2.94, 2.94}, std::nullopt, reports::Meter{-5.0, -2.94, 2.94}};
    table.meter_column = 1;
    reports::Section section;
    section.heading = kHostile;
    section.paragraphs.push_back(kHostile);
    section.tables.push_back(table);
    reports::Report report;
    report.title = "Runs " + kHostile;
    report.notes.push_back(kHostile);
    report.sections.push_back(section);
    return report;
}

}  // namespace

TEST_CASE("HTML links a cell's text to its escaped address and leaves cells without one plain", "[unit]") {
    const std::string html = rendered(linked_report(), reports::Format::html);
    CHECK_THAT(html, Catch::Contains("<td><a href=\"runs/1\">1</a></td>"));
    CHECK_THAT(html, Catch::Contains("<td>2</td>"));
    CHECK_THAT(html, Catch::Contains("<a href=\"runs/&quot;3&quot;?a=&lt;b&gt;&amp;c&#10;d\">"
                                     "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\nnext line</a>"));
    CHECK(html.find("<script") == std::string::npos);
    CHECK(test_support::count_of(html, "<a href=") == 2);
}

TEST_CASE("HTML draws a meter in its column for the rows that have one, clamped to the track", "[unit]") {
    const std::string html = rendered(linked_report(), reports::Format::html);
    CHECK(test_support::count_of(html, "<svg class=\"meter\"") == 2);
    // The text stays beside the drawing; the value at the H1 bound sits at the track's right end.
    CHECK_THAT(html, Catch::Contains("<td>2.96 (-2.94, 2.94)<svg class=\"meter\""));
    CHECK_THAT(html, Catch::Contains("<rect class=\"meter-value\" x=\"77.0\""));
    // -5 is below the H0 bound: drawn at the left end, not outside the track.
    CHECK_THAT(html, Catch::Contains("<rect class=\"meter-value\" x=\"0.0\""));
    CHECK_THAT(html, Catch::Contains("<title>-5 in [-2.94, 2.94]</title>"));
}

TEST_CASE("a meter whose bounds are equal or whose value is not a number is drawn in the middle", "[unit]") {
    CHECK_THAT(reports::render_svg_meter({1.0, 2.0, 2.0}), Catch::Contains("<rect class=\"meter-value\" x=\"38.5\""));
    CHECK_THAT(reports::render_svg_meter({std::nan(""), -1.0, 1.0}),
               Catch::Contains("<rect class=\"meter-value\" x=\"38.5\""));
}

TEST_CASE("JSON carries links and meters as given, and only for tables that have them", "[unit]") {
    const nlohmann::json json = nlohmann::json::parse(rendered(linked_report(), reports::Format::json));
    const nlohmann::json& table = json["sections"][0]["tables"][0];
    CHECK(table["links"][0][0] == "runs/1");
    CHECK(table["links"][2][0] == "runs/\"3\"?a=<b>&c\nd");
    CHECK(table["meters"][0]["value"].get<double>() == Approx(2.96));
    CHECK(table["meters"][0]["low"].get<double>() == Approx(-2.94));
    CHECK(table["meters"][0]["high"].get<double>() == Approx(2.94));
    CHECK(table["meters"][1].is_null());
    CHECK(table["meter_column"] == 1);
    CHECK(table["rows"][2]["Run"] == kHostile);
    CHECK(json["title"] == "Runs " + kHostile);

    reports::Report plain = linked_report();
    plain.sections[0].tables[0].links.clear();
    plain.sections[0].tables[0].meters.clear();
    const nlohmann::json bare = nlohmann::json::parse(rendered(plain, reports::Format::json));
    CHECK_FALSE(bare["sections"][0]["tables"][0].contains("links"));
    CHECK_FALSE(bare["sections"][0]["tables"][0].contains("meters"));
}

TEST_CASE("Markdown and CSV show a linked cell's text alone", "[unit]") {
    const std::string md = rendered(linked_report(), reports::Format::markdown);
    const std::string csv = rendered(linked_report(), reports::Format::csv);
    CHECK_THAT(md, Catch::Contains("| 1 | 2.96 (-2.94, 2.94) |"));
    CHECK(md.find("runs/1") == std::string::npos);
    CHECK(csv.find("runs/1") == std::string::npos);
    CHECK_THAT(csv, Catch::StartsWith("Run,LLR\n1,\"2.96 (-2.94, 2.94)\"\n2,\n"));
}

TEST_CASE("the HTML body is the page's content without its shell, and the page is that body in a shell", "[unit]") {
    const reports::Report report = linked_report();
    std::ostringstream body;
    reports::render_html_body(report, body);
    const std::string page = rendered(report, reports::Format::html);
    CHECK_THAT(body.str(), Catch::StartsWith("<h1>Runs &lt;script&gt;"));
    CHECK(body.str().find("<html") == std::string::npos);
    CHECK(body.str().find("<style") == std::string::npos);
    CHECK(body.str().find("</body>") == std::string::npos);
    CHECK(page == "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
                      reports::escape_xml(report.title) + "</title><style>" + reports::html_style() +
                      "</style></head><body>\n" + body.str() + "</body></html>\n");
    CHECK_THAT(std::string(reports::html_style()), Catch::Contains("@media print") && Catch::Contains("svg.meter"));
}
