// arbiter_page_bench DB [--repeat N] [--engine NAME] [--only TEXT]: the time of each page `arbiter
// serve` shows, built from DB (opened read-only once) and rendered as HTML and as JSON, N times each:
// min, median and max in ms of wall time, and the median CPU time of the HTML request (on a shared
// machine the wall time includes waiting for a core). Pages over the budget (300 ms) are marked. bench/README.md has the
// figures on arbiter_big_db's 10^6 games.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "bench/report_pages.h"

namespace {

constexpr double kBudgetMs = 300.0;

struct Options {
    std::string db;
    int repeat = 5;
    std::string only;
    arbiter::bench::PageChoice choice;
};

bool parse(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--repeat" && has_value) options.repeat = std::max(1, std::stoi(argv[++i]));
        else if (arg == "--engine" && has_value) options.choice.engine = argv[++i];
        else if (arg == "--only" && has_value) options.only = argv[++i];
        else if (!arg.empty() && arg[0] != '-' && options.db.empty()) options.db = arg;
        else return false;
    }
    return !options.db.empty();
}

struct Timing {
    double min = 0, median = 0, max = 0;
    double cpu_median = 0;  // the process's CPU time: on a shared machine, what the page costs unloaded
    std::size_t bytes = 0;
};

Timing time_page(const arbiter::bench::PageSpec& page, arbiter::db::Database& database, arbiter::reports::Format format,
                 int repeat) {
    std::vector<double> ms, cpu_ms;
    std::string body;
    for (int i = 0; i < repeat; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        page.render(database, format, body);
        cpu_ms.push_back(1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    std::sort(cpu_ms.begin(), cpu_ms.end());
    return {ms.front(), ms[ms.size() / 2], ms.back(), cpu_ms[cpu_ms.size() / 2], body.size()};
}

void print_row(const std::string& name, const Timing& html, const Timing& json) {
    const bool slow = html.median > kBudgetMs || json.median > kBudgetMs;
    std::printf("| %-26s | %8.1f | %8.1f | %8.1f | %8.1f | %8.1f | %8.1f | %8.1f | %7zu |%s\n", name.c_str(), html.min,
                html.median, html.max, html.cpu_median, json.min, json.median, json.max, html.bytes / 1024,
                slow ? " over 300 ms" : "");
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parse(argc, argv, options)) {
        std::cerr << "usage: arbiter_page_bench DB [--repeat N (5)] [--engine NAME (tempo)] [--only TEXT]\n";
        return 2;
    }
    arbiter::db::OpenOptions read_only;
    read_only.read_only = true;
    arbiter::db::Database database(options.db, read_only);
    const auto pages = arbiter::bench::server_pages(database, options.choice);
    std::printf("%s, %d repeats, ms per request (build + render)\n\n", options.db.c_str(), options.repeat);
    std::printf("| %-26s | html min | html med | html max | html cpu | json min | json med | json max | html KiB |\n",
                "page");
    std::printf("|%s|---------:|---------:|---------:|---------:|---------:|---------:|---------:|--------:|\n",
                std::string(28, '-').c_str());
    int failures = 0;
    for (const auto& page : pages) {
        if (!options.only.empty() && page.name.find(options.only) == std::string::npos) continue;
        try {
            const Timing html = time_page(page, database, arbiter::reports::Format::html, options.repeat);
            const Timing json = time_page(page, database, arbiter::reports::Format::json, options.repeat);
            print_row(page.name, html, json);
        } catch (const std::exception& error) {
            std::printf("| %-26s | failed: %s\n", page.name.c_str(), error.what());
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}
