// arbiter_match_bench: performance figures of the match runner (run by hand, not in CI).
//
//   arbiter_match_bench overhead   [--engine PATH] [--games N] [--tc TC]
//       Plays Stockfish against itself through the game layer and compares, per move, arbiter's
//       measured move time with the engine's own last `info time`: median / p99 overhead.
//   arbiter_match_bench throughput [--engine PATH] [--games N] [--tc TC | --depth N] [--concurrency N]
//                                  [--book FILE [--book-positions N] [--order sequential|random]]
//                                  [--history since-irreversible|full]
//       A whole `arbiter match` (default 200 games at 1+0.01, concurrency 2): games/minute, time
//       forfeits, arbiter's share of the CPU time (its own vs its engines'), and arbiter's CPU per
//       game and per stored move. The reference work of issue #19 (bench/runner/README.md):
//         throughput --depth 1 --games 100 --book openings/noob_2moves.epd --book-positions 20
//       Positions go out as c-chess-cli sends them (engine key history=since-irreversible), so the
//       engines do the work they do under c-chess-cli and the figures compare runners; `--history
//       full` sends the whole game, as cutechess-cli, fastchess and `arbiter match` by default do.
//   arbiter_match_bench memory     [--engine PATH] [--games N] [--nodes N] [--concurrency N]
//       A whole run at fixed nodes (default 2000 games, concurrency 16), sampling arbiter's RSS:
//       peak, and RSS after every tenth of the run (it must not grow with games played).
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "harness/protocol/engine_client.h"

#include "harness/config/engine_spec.h"
#include "db/database.h"
#include "harness/game/game.h"
#include "harness/game/search_limits.h"
#include "harness/runner/run_match.h"

namespace {

using namespace arbiter;

struct Options {
    std::string mode;
    std::string engine = "/usr/games/stockfish";
    int games = 0;
    std::string tc;
    int nodes = 0;
    int concurrency = 0;
    int depth = 0;  // throughput: depth=N instead of a clock
    std::string book;
    int book_positions = 0;  // the first N positions of the book; 0: all of them
    std::string order = "sequential";
    std::string history = "since-irreversible";  // the engine key history= of throughput and memory
};

Options parse(int argc, char** argv) {
    Options o;
    if (argc < 2) throw std::invalid_argument("mode required: overhead, throughput or memory");
    o.mode = argv[1];
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i], value = argv[i + 1];
        if (flag == "--engine") o.engine = value;
        else if (flag == "--games") o.games = std::stoi(value);
        else if (flag == "--tc") o.tc = value;
        else if (flag == "--nodes") o.nodes = std::stoi(value);
        else if (flag == "--concurrency") o.concurrency = std::stoi(value);
        else if (flag == "--depth") o.depth = std::stoi(value);
        else if (flag == "--book") o.book = value;
        else if (flag == "--book-positions") o.book_positions = std::stoi(value);
        else if (flag == "--order") o.order = value;
        else if (flag == "--history") o.history = value;
        else throw std::invalid_argument("unknown flag " + flag);
    }
    if (o.order != "sequential" && o.order != "random") throw std::invalid_argument("--order: sequential or random");
    return o;
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

double cpu_seconds(int who) {
    rusage usage{};
    getrusage(who, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

long rss_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0;
}

std::string temp_db() {
    const auto path = std::filesystem::temp_directory_path() / ("arbiter-bench-" + std::to_string(::getpid()) + ".db");
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
    return path.string();
}

int overhead(const Options& o) {
    const int games = o.games ? o.games : 10;
    protocol::EngineConfig config;
    config.process.executable = o.engine;
    config.options = {{"Threads", "1"}, {"Hash", "16"}};
    auto white = protocol::make_engine_client(config);
    auto black = protocol::make_engine_client(config);
    white->start();
    black->start();
    game::GameSetup setup;
    setup.white_tc = setup.black_tc = tc::parse_time_control(o.tc.empty() ? "10+0.1" : o.tc);
    setup.rules.max_moves = 60;
    const std::atomic<bool> never{false};
    std::vector<double> overheads;
    for (int g = 0; g < games; ++g) {
        for (auto* engine : {white.get(), black.get()}) engine->new_game(game::announced_time_control(setup.white_tc));
        const game::PlayedGame played = game::play_game(*white, *black, setup, never);
        for (const auto& move : played.moves)
            if (move.engine_time_ms)
                overheads.push_back(static_cast<double>(move.measured.count()) / 1000.0 -
                                    static_cast<double>(*move.engine_time_ms));
    }
    std::printf("per-move overhead (arbiter measured - engine info time), %zu moves at tc=%s:\n", overheads.size(),
                o.tc.empty() ? "10+0.1" : o.tc.c_str());
    std::printf("  median %.3f ms   p90 %.3f ms   p99 %.3f ms   max %.3f ms\n", percentile(overheads, 0.5),
                percentile(overheads, 0.9), percentile(overheads, 0.99), percentile(overheads, 1.0));
    return 0;
}

// The book as given, or a temporary file of its first `book_positions` positions.
std::string book_file(const Options& o) {
    if (o.book_positions <= 0) return o.book;
    std::ifstream in(o.book);
    if (!in) throw std::invalid_argument("--book " + o.book + ": cannot be read");
    const auto path = std::filesystem::temp_directory_path() / ("arbiter-bench-" + std::to_string(::getpid()) + ".epd");
    std::ofstream out(path);
    int written = 0;
    for (std::string line; written < o.book_positions && std::getline(in, line);)
        if (line.find_first_not_of(" \t\r") != std::string::npos) {
            out << line << "\n";
            ++written;
        }
    if (written < o.book_positions)
        throw std::invalid_argument("--book " + o.book + ": " + std::to_string(written) +
                                    " positions, fewer than --book-positions");
    return path.string();
}

// Two copies of the engine, Threads=1 and Hash=16, colour-reversed pairs: `limit` is tc=TC or nodes=N.
config::MatchConfig match_config(const Options& o, const std::string& db, int games, int concurrency,
                                 const std::string& limit) {
    config::MatchConfig match;
    for (const char* name : {"sf-a", "sf-b"}) {
        config::EngineSpec engine;
        engine.cmd = o.engine;
        engine.name = name;
        engine.options = {{"Threads", "1"}, {"Hash", "16"}};
        config::apply_engine_token(engine, limit, "-each");
        config::apply_engine_token(engine, "history=" + o.history, "--history");
        match.engines.push_back(engine);
    }
    match.games = games;
    match.repeat = true;
    match.concurrency = concurrency;
    match.db = db;
    if (!o.book.empty()) {
        match.openings.emplace();
        match.openings->file = book_file(o);
        match.openings->order = o.order == "random" ? openings::BookOrder::Random : openings::BookOrder::Sequential;
    }
    return match;
}

// The whole run as `arbiter match` plays it; the exit code as it would report it.
int play(const config::MatchConfig& match, std::ostream& out, std::ostream& err) {
    try {
        const runner::TournamentOutcome outcome = runner::run_match(match, {}, out, err);
        return outcome.end == runner::RunEnd::completed ? 0 : 1;
    } catch (const std::exception& error) {
        err << error.what() << "\n";
        return 2;
    }
}

std::map<std::string, int> terminations(const std::string& db_path) {
    db::Database database(db_path);
    std::map<std::string, int> counts;
    for (const auto& run : database.list_runs())
        for (const auto& game : database.games_of_run(run.id)) ++counts[game.termination];
    return counts;
}

std::int64_t stored_moves(const std::string& db_path) {
    db::Database database(db_path);
    std::int64_t moves = 0;
    for (const auto& run : database.list_runs())
        for (const auto& game : database.games_of_run(run.id))
            moves += static_cast<std::int64_t>(database.moves_of_game(game.id).size());
    return moves;
}

int throughput(const Options& o) {
    const int games = o.games ? o.games : 200;
    const std::string db = temp_db();
    const std::string limit = o.depth ? "depth=" + std::to_string(o.depth) : "tc=" + (o.tc.empty() ? "1+0.01" : o.tc);
    std::ostringstream out, err;
    const double self0 = cpu_seconds(RUSAGE_SELF), children0 = cpu_seconds(RUSAGE_CHILDREN);
    const auto start = std::chrono::steady_clock::now();
    const int code = play(match_config(o, db, games, o.concurrency ? o.concurrency : 2, limit), out, err);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double self = cpu_seconds(RUSAGE_SELF) - self0, engines = cpu_seconds(RUSAGE_CHILDREN) - children0;
    std::printf("exit %d, %d games at %s in %.1f s: %.1f games/min\n", code, games, limit.c_str(), wall,
                games / wall * 60.0);
    for (const auto& [name, count] : terminations(db)) std::printf("  %-22s %d\n", name.c_str(), count);
    std::printf("CPU: arbiter %.2f s, engines %.2f s, arbiter share %.2f %%\n", self, engines,
                100.0 * self / (self + engines));
    const std::int64_t moves = stored_moves(db);
    std::printf("arbiter CPU per game %.2f ms, per stored move %.1f us (%lld moves stored, %.1f plies/game)\n",
                1e3 * self / games, moves ? 1e6 * self / static_cast<double>(moves) : 0.0,
                static_cast<long long>(moves), static_cast<double>(moves) / games);
    if (code != 0) std::cerr << err.str();
    return code;
}

int memory(const Options& o) {
    const int games = o.games ? o.games : 2000;
    const std::string db = temp_db();
    std::atomic<bool> done{false};
    std::atomic<long> peak{0};
    std::vector<std::pair<double, long>> samples;  // (seconds, KiB)
    const auto start = std::chrono::steady_clock::now();
    std::thread sampler([&] {
        while (!done) {
            const long rss = rss_kib();
            peak = std::max(peak.load(), rss);
            samples.emplace_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), rss);
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
    });
    std::ostringstream out, err;
    const int code = play(match_config(o, db, games, o.concurrency ? o.concurrency : 16,
                                       "nodes=" + std::to_string(o.nodes ? o.nodes : 500)),
                          out, err);
    done = true;
    sampler.join();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("exit %d, %d games in %.1f s (%.1f games/min)\n", code, games, wall, games / wall * 60.0);
    std::printf("arbiter RSS: peak %ld KiB", peak.load());
    for (double fraction : {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}) {
        const auto index =
            std::min(samples.size() - 1, static_cast<std::size_t>(fraction * static_cast<double>(samples.size() - 1)));
        std::printf("%s %.0f%%: %ld", fraction == 0.1 ? "; KiB at" : ",", fraction * 100, samples[index].second);
    }
    std::printf("\n");
    if (code != 0) std::cerr << err.str();
    return code;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const Options options = parse(argc, argv);
        if (options.mode == "overhead") return overhead(options);
        if (options.mode == "throughput") return throughput(options);
        if (options.mode == "memory") return memory(options);
        throw std::invalid_argument("unknown mode " + options.mode);
    } catch (const std::exception& error) {
        std::cerr << "arbiter_match_bench: " << error.what() << "\n";
        return 2;
    }
}
