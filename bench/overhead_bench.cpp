// arbiter_overhead_bench: how much time does the harness add to every move?
//
// Plays a UCI engine against itself and, for every move, compares arbiter's own measurement
// (steady_clock from the flushed `go` to the moment the `bestmove` line left the pipe) with the
// engine's `info time` on its last info line before bestmove. The difference is what a time
// control loses per move to pipes, scheduling and our reader thread. Read it with the engine's
// rounding in mind: Stockfish 15.1 prints whole milliseconds from truncated clock readings and
// adds 1 ms (so its nps never divides by zero), so a zero-cost harness would show about -1 ms.
//
// usage: arbiter_overhead_bench [--engine PATH] [--moves N] [--nodes N | --movetime MS]
#include "harness/protocol/uci_client.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

using namespace arbiter::protocol;
using namespace std::chrono_literals;

namespace {

struct BenchOptions {
    std::string engine = "/usr/games/stockfish";
    int moves = 200;
    std::uint64_t nodes = 10000;
    long movetime_ms = 0;  // when set, used instead of nodes
};

[[noreturn]] void usage(const char* why) {
    std::cerr << "arbiter_overhead_bench: " << why
              << "\nusage: arbiter_overhead_bench [--engine PATH] [--moves N] [--nodes N | --movetime MS]\n";
    std::exit(2);
}

BenchOptions parse_args(int argc, char** argv) {
    BenchOptions options;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) usage(("missing value for " + flag).c_str());
        const char* value = argv[++i];
        if (flag == "--engine") options.engine = value;
        else if (flag == "--moves") options.moves = std::atoi(value);
        else if (flag == "--nodes") options.nodes = std::strtoull(value, nullptr, 10);
        else if (flag == "--movetime") options.movetime_ms = std::atol(value);
        else usage(("unknown flag " + flag).c_str());
    }
    if (options.moves <= 0) usage("--moves must be positive");
    return options;
}

double percentile(const std::vector<double>& sorted, double fraction) {
    const auto index = static_cast<std::size_t>(fraction * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(index, sorted.size() - 1)];
}

void print_stats(const char* label, std::vector<double> values) {
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (const double v : values) sum += v;
    std::printf("%-28s median %8.3f  p90 %8.3f  p99 %8.3f  max %8.3f  mean %8.3f  (ms, n=%zu)\n", label,
                percentile(values, 0.5), percentile(values, 0.9), percentile(values, 0.99), values.back(),
                sum / static_cast<double>(values.size()), values.size());
}

SearchRequest request_for(const BenchOptions& options) {
    SearchRequest request;
    if (options.movetime_ms > 0) request.movetime = Millis(options.movetime_ms);
    else request.nodes = options.nodes;
    return request;
}

bool game_over(const std::string& move) { return move.empty() || move == "(none)" || move == "0000"; }

}  // namespace

int main(int argc, char** argv) {
    const BenchOptions options = parse_args(argc, argv);
    EngineConfig config;
    config.name = "bench";
    config.process.executable = options.engine;
    config.options = {{"Threads", "1"}, {"Hash", "16"}};
    UciClient engine(config);
    try {
        engine.start();
        std::vector<double> overhead, overhead_from_began, write_us, arbiter_ms, engine_ms;
        std::vector<std::string> moves;
        const SearchRequest request = request_for(options);
        engine.new_game({});
        while (static_cast<int>(overhead.size()) < options.moves) {
            engine.set_position("startpos", moves);
            const auto result = engine.go(request, Clock::now() + 30s);
            if (!result.ok()) {
                std::cerr << "search failed: " << (result.timed_out ? "timeout" : result.error_message) << "\n";
                return 1;
            }
            if (result.info.time && !game_over(result.bestmove)) {
                const double ours = std::chrono::duration<double, std::milli>(result.elapsed).count();
                const double theirs = static_cast<double>(result.info.time->count());
                arbiter_ms.push_back(ours);
                engine_ms.push_back(theirs);
                overhead.push_back(ours - theirs);
                const double from_began =
                    std::chrono::duration<double, std::milli>(result.finished - result.write_began).count();
                overhead_from_began.push_back(from_began - theirs);
                write_us.push_back(
                    std::chrono::duration<double, std::milli>(result.started - result.write_began).count());
            }
            moves.push_back(result.bestmove);
            if (game_over(result.bestmove) || moves.size() >= 80) {  // fresh game: keep positions varied
                moves.clear();
                engine.new_game({});
            }
        }
        std::printf("engine %s (%s), %s, %d moves\n", engine.engine_name().c_str(), options.engine.c_str(),
                    options.movetime_ms > 0 ? ("movetime " + std::to_string(options.movetime_ms) + " ms").c_str()
                                            : ("nodes " + std::to_string(options.nodes)).c_str(),
                    options.moves);
        print_stats("arbiter-measured move time", arbiter_ms);
        print_stats("engine info time", engine_ms);
        print_stats("overhead (arbiter - engine)", overhead);
        print_stats("same, clock from write start", overhead_from_began);
        print_stats("go write() duration", write_us);
        engine.quit();
    } catch (const std::exception& e) {
        std::cerr << "arbiter_overhead_bench: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
