// Renders the feature report of a synthetic ladder as HTML through `arbiter report`, loads it in
// Debian's headless Chromium (--dump-dom) and checks that the browser's DOM holds the inline SVG
// charts with one mark per step. The SPSA report's page, rendered from a hand-built run, must hold
// one trajectory per parameter with a vertex per iteration. Exit 77 (CTest: skipped) when
// /usr/bin/chromium is missing.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <string>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "reports/spsa_report.h"
#include "tests/reports/sample_spsa_run.h"
#include "tests/reports/synthetic_ladder.h"

namespace {

constexpr const char* kChromium = "/usr/bin/chromium";
// Far longer than rendering a page takes.
constexpr std::chrono::minutes kLimit{2};

// The markup of the <svg id="ID"> element in the DOM, or empty when it is not there.
std::string svg_element(const std::string& dom, const std::string& id) {
    const auto start = dom.find("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + id + "\"");
    if (start == std::string::npos) return {};
    const auto end = dom.find("</svg>", start);
    return end == std::string::npos ? std::string() : dom.substr(start, end - start);
}

using test_support::count_of;

int failures = 0;
void check(bool ok, const std::string& what) {
    std::cout << (ok ? "ok   " : "FAIL ") << what << "\n";
    if (!ok) ++failures;
}

// Chromium's DOM of the page `html`, or empty when the browser failed.
std::string browser_dom(const std::filesystem::path& dir, const std::filesystem::path& html, const std::string& name) {
    const std::vector<std::string> args{"--headless",
                                        "--no-sandbox",
                                        "--disable-gpu",
                                        "--disable-background-networking",
                                        "--disable-component-update",
                                        "--disable-sync",
                                        "--no-first-run",
                                        "--user-data-dir=" + (dir / "profile").string(),
                                        "--dump-dom",
                                        "file://" + html.string()};
    const auto browsed = test_support::run(test_support::logged(kChromium, args, (dir / (name + ".dom.html")).string(),
                                                                (dir / (name + ".chromium.log")).string()),
                                           kLimit);
    check(browsed.exit_code == 0, "chromium --headless --dump-dom " + name);
    return browsed.out;
}

// How many vertices the trajectory polyline of `svg` has.
std::size_t trajectory_vertices(const std::string& svg) {
    std::smatch match;
    if (!std::regex_search(svg, match, std::regex("<polyline class=\"trajectory\" points=\"([^\"]*)\""))) return 0;
    return count_of(match[1].str(), " ") + 1;
}

void check_spsa_page(const std::filesystem::path& dir) {
    const arbiter::reports::SpsaReportModel run = arbiter::testing::sample_spsa_run();
    const auto html = dir / "spsa.html";
    {
        std::ofstream page(html);
        arbiter::reports::render_spsa_report({run}, "tune.db", arbiter::reports::Format::html, page);
    }
    const std::string text = browser_dom(dir, html, "spsa");
    check(count_of(text, "<polyline class=\"trajectory\"") == run.params.size(), "SPSA: one trajectory per parameter");
    for (const auto& param : run.params) {
        const std::string svg = svg_element(text, "spsa-1-" + param.name);
        check(trajectory_vertices(svg) == param.theta.size() + 1,
              "SPSA " + param.name + ": start and " + std::to_string(param.theta.size()) + " iterations");
        check(count_of(svg, "class=\"reference\"") == 1, "SPSA " + param.name + ": the start value's line");
    }
    check(std::regex_search(
              text,
              std::regex("<td>FutilityMargin1</td><td>int</td><td class=\"num\">400</td><td class=\"num\">323</td>")),
          "SPSA table rendered");
    check(text.find("FutilityMargin1, int, 323, 0, 600, 20, 0.002") != std::string::npos, "SPSA OpenBench lines");
}

}  // namespace

int main() {
    if (!std::filesystem::exists(kChromium)) {
        std::cout << "SKIPPED: " << kChromium
                  << " is not installed (apt-get install --no-install-recommends chromium)\n";
        return 77;
    }
    test_support::TempDir scratch;
    const std::filesystem::path dir = scratch.path();
    const auto db_path = dir / "ladder.db";
    {
        arbiter::db::Database database(db_path.string());
        arbiter::testing::write_synthetic_ladder(database, arbiter::testing::SyntheticLadder{});
    }
    const auto html = dir / "report.html";
    test_support::ChildSpec report{
        .program = ARBITER_BIN,
        .args = {"report", "features", "--db", db_path.string(), "--format", "html", "--out", html.string()}};
    report.out = report.err = test_support::Stream::inherit();
    check(test_support::run(report, kLimit).exit_code == 0, "arbiter report features --format html");
    const std::string text = browser_dom(dir, html, "features");
    const std::string elo = svg_element(text, "ladder-elo");
    const std::string gain = svg_element(text, "ladder-improvement");
    const std::string wac = svg_element(text, "ladder-wac");
    check(count_of(elo, "<circle class=\"point\"") == 3, "Elo chart: 3 points in the DOM");
    check(count_of(elo, "class=\"error-bar\"") == 3, "Elo chart: 3 error bars");
    check(count_of(gain, "<rect class=\"bar") == 2, "Improvement chart: 2 bars (steps 2 and 3)");
    check(count_of(wac, "<rect class=\"bar") == 3, "WAC chart: 3 bars");
    check(std::regex_search(text, std::regex("<td>Tapered eval</td>")), "steps table rendered");
    check_spsa_page(dir);
    if (failures != 0) {
        scratch.keep();
        std::cout << "files kept in " << dir << "\n";
    }
    return failures == 0 ? 0 : 1;
}
