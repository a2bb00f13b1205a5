// arbiter_page_bench DB [--repeat N] [--engine NAME] [--only TEXT] [--tabs N]: the time of each page `arbiter
// serve` shows for DB, as the site answers a request (serve::Site::respond: the file opened
// read-only, the report built, the page rendered in its shell, or as JSON), N times each: min, median
// and max in ms of wall time, and the median CPU time of the page request (on a shared machine the
// wall time includes waiting for a core). Pages over the budget (300 ms) are marked; a page that
// does not answer 200 fails the bench. Then N tabs (100) ask for the biggest run's page at once. bench/README.md has the figures on arbiter_big_db's 10^6 games.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "bench/serve_pages.h"
#include "serve/site.h"
#include "serve/sources.h"

namespace {

constexpr double kBudgetMs = 300.0;

struct Options {
    std::string db;
    int repeat = 5;
    std::string only;
    int tabs = 100;
    arbiter::bench::PageChoice choice;
};

bool parse(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--repeat" && has_value) options.repeat = std::max(1, std::stoi(argv[++i]));
        else if (arg == "--engine" && has_value) options.choice.engine = argv[++i];
        else if (arg == "--only" && has_value) options.only = argv[++i];
        else if (arg == "--tabs" && has_value) options.tabs = std::max(1, std::stoi(argv[++i]));
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

// A site of its own for each request: what is timed is a page built, never one served from the site's
// cache of the current version (which every further tab on the page gets).
Timing time_page(arbiter::serve::Sources& sources, const arbiter::serve::PageRequest& request, int repeat) {
    std::vector<double> ms, cpu_ms;
    std::string body;
    for (int i = 0; i < repeat; ++i) {
        arbiter::serve::Site site(sources);
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        const arbiter::serve::Reply reply = site.respond(request);
        if (reply.status != 200)
            throw std::runtime_error("HTTP " + std::to_string(reply.status) + ": " + reply.body.substr(0, 200));
        body = reply.body;
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

// `tabs` open tabs on the heaviest page all asking for it at once, over kAnsweringThreads threads as
// the server answers them, the data version unchanged: one builds it, the others get the site's copy.
void time_tabs(arbiter::serve::Sources& sources, const std::string& path, int tabs) {
    constexpr int kAnsweringThreads = 8;  // serve/http_server.cpp's pool
    arbiter::serve::Site site(sources);
    std::vector<double> ms(static_cast<std::size_t>(tabs));
    std::atomic<int> next{0};
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int t = 0; t < kAnsweringThreads; ++t)
        threads.emplace_back([&] {
            for (int tab = next++; tab < tabs; tab = next++) {
                const auto asked = std::chrono::steady_clock::now();
                site.respond({path, {{"fragment", "1"}}});
                ms[static_cast<std::size_t>(tab)] =
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked).count();
            }
        });
    for (std::thread& thread : threads) thread.join();
    const double total = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::sort(ms.begin(), ms.end());
    std::printf(
        "\n%d tabs asking for %s at once (%d threads): all answered in %.1f ms; per request median %.2f ms, "
        "max %.1f ms\n",
        tabs, path.c_str(), kAnsweringThreads, total, ms[ms.size() / 2], ms.back());
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parse(argc, argv, options)) {
        std::cerr
            << "usage: arbiter_page_bench DB [--repeat N (5)] [--engine NAME (tempo)] [--only TEXT] [--tabs N (100)]\n";
        return 2;
    }
    arbiter::db::OpenOptions read_only;
    read_only.read_only = true;
    std::vector<std::string> paths;
    {
        arbiter::db::Database database(options.db, read_only);
        paths = arbiter::bench::server_paths(database, options.choice);
    }
    arbiter::serve::Sources sources({options.db});
    std::printf("%s, %d repeats, ms per request (build + render)\n\n", options.db.c_str(), options.repeat);
    std::printf("| %-26s | page min | page med | page max | page cpu | json min | json med | json max | page KiB |\n",
                "page");
    std::printf("|%s|---------:|---------:|---------:|---------:|---------:|---------:|---------:|--------:|\n",
                std::string(28, '-').c_str());
    int failures = 0;
    for (const std::string& path : paths) {
        if (!options.only.empty() && path.find(options.only) == std::string::npos) continue;
        try {
            const Timing html = time_page(sources, {path, {}}, options.repeat);
            const Timing json = time_page(sources, {path, {{"format", "json"}}}, options.repeat);
            print_row(path, html, json);
        } catch (const std::exception& error) {
            std::printf("| %-26s | failed: %s\n", path.c_str(), error.what());
            ++failures;
        }
    }
    if (paths.size() > 5) time_tabs(sources, paths[5], options.tabs);  // the biggest run's page
    return failures == 0 ? 0 : 1;
}
