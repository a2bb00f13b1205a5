#include "serve/page_shell.h"

#include <sstream>

#include "reports/render.h"
#include "reports/svg_chart.h"
#include "serve/index_pages.h"

namespace arbiter::serve {
namespace {

// The report's sheet is for a printed page; a screen holds the runs list's dozen columns.
constexpr const char* kShellStyle = R"css(
body { max-width: 100em; }
nav { display: flex; gap: 1.2em; align-items: baseline; border-bottom: 1px solid #ccc; padding-bottom: 0.4em; }
nav a { color: #1f4e8c; text-decoration: none; } nav a:hover { text-decoration: underline; }
nav .live { margin-left: auto; color: #666; font-size: 0.85em; } nav .live.offline { color: #c0504d; }
main a { color: #1f4e8c; }
@media print { nav { display: none; } }
)css";

// Polls the data version each second; when it changed, fetches this page's content alone and swaps
// it in, so a page follows a run being written without reloading. A failed poll says so and retries.
constexpr const char* kLiveScript = R"js('use strict';
(function () {
  var version = document.body.getAttribute('data-version');
  var status = document.getElementById('live');
  var content = document.getElementById('content');
  function say(text, offline) {
    status.textContent = text;
    status.className = offline ? 'live offline' : 'live';
  }
  function clock() { return new Date().toTimeString().slice(0, 8); }
  function swap() {
    var address = new URL(window.location.href);
    address.searchParams.set('fragment', '1');
    return fetch(address, {cache: 'no-store'}).then(function (reply) {
      if (!reply.ok) throw new Error('HTTP ' + reply.status);
      var built = reply.headers.get('X-Arbiter-Version');
      return reply.text().then(function (html) {
        content.innerHTML = html;
        if (built) version = built;
        say('live \u00b7 updated ' + clock(), false);
      });
    });
  }
  function poll() {
    fetch('/version', {cache: 'no-store'}).then(function (reply) { return reply.json(); })
      .then(function (answer) { if (answer.version !== version) return swap(); say('live \u00b7 checked ' + clock(), false); })
      .catch(function () { say('server not answering \u00b7 ' + clock(), true); })
      .then(function () { window.setTimeout(poll, 1000); });
  }
  window.setTimeout(poll, 1000);
})();
)js";

void write_nav(std::ostream& out, const std::string& json_href) {
    out << "<nav><a href=\"/runs\">Runs</a><a href=\"/ladders\">Ladders</a><a href=\"/commits\">Commits</a>"
           "<a href=\"/bisections\">Bisections</a><a href=\"/spsa\">SPSA</a>";
    if (!json_href.empty()) out << "<a href=\"" << reports::escape_xml(json_href) << "\">JSON</a>";
    out << "<span id=\"live\" class=\"live\">live</span></nav>\n";
}

void write_head(std::ostream& out, const std::string& title) {
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << reports::escape_xml(title)
        << " \xC2\xB7 arbiter</title><style>" << reports::html_style() << kShellStyle << "</style></head>\n";
}

// Reports link relative to the site's root ("runs/4", "games/17.pgn"), so the same link works from
// any page depth once anchored there.
void anchor_links_in(reports::Report& report) {
    for (reports::Section& section : report.sections)
        for (reports::Table& table : section.tables)
            for (std::vector<std::string>& row : table.links)
                for (std::string& link : row)
                    if (!link.empty() && link.front() != '/' && link.find("://") == std::string::npos)
                        link.insert(0, "/");
}

}  // namespace

std::string json_address(const PageRequest& request) {
    std::string address;
    for (const char c : request.path) address += c == '/' ? std::string("/") : url_segment(std::string(1, c));
    address += "?";
    for (const auto& [key, value] : request.query)
        if (key != "format" && key != "fragment") address += url_segment(key) + "=" + url_segment(value) + "&";
    return address + "format=json";
}

std::string fragment_html(const reports::Report& report) {
    reports::Report anchored = report;
    anchor_links_in(anchored);
    std::ostringstream out;
    reports::render_html_body(anchored, out);
    return out.str();
}

std::string page_html(const reports::Report& report, const PageRequest& request, const std::string& version) {
    std::ostringstream out;
    write_head(out, report.title);
    out << "<body data-version=\"" << reports::escape_xml(version) << "\">\n";
    write_nav(out, json_address(request));
    out << "<main id=\"content\">" << fragment_html(report)
        << "</main>\n<script src=\"/live.js\"></script></body></html>\n";
    return out.str();
}

std::string error_html(int status, const std::string& message) {
    std::ostringstream out;
    write_head(out, "Error " + std::to_string(status));
    out << "<body>\n";
    write_nav(out, "");
    out << "<main><h1>Error " << status << "</h1><p class=\"error\">" << reports::escape_xml(message)
        << "</p></main></body></html>\n";
    return out.str();
}

const char* live_script() { return kLiveScript; }

}  // namespace arbiter::serve
